"""The OpenAPI importer: an OpenAPI 3.x or Swagger 2.0 document as a connector."""
