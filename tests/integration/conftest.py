"""The AWS backend's fixtures (``moto_server``, ``aws``) live in tests/conftest.py, shared with e2e."""
