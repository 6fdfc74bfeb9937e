"""Cardamom: an MCP gateway with one org-wide endpoint and floored tool search."""

__version__ = "0.1.0"
