"""Importers: documents describing an API turned into connector definitions, offline."""
