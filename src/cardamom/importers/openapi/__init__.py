"""The OpenAPI importer: an OpenAPI 3.x or Swagger 2.0 document as a connector, one tool per operation.

Pure: the caller hands over the parsed root document and, for specs split over several files,
a ``resolve_file`` callable that returns another parsed file of the same spec folder by its
path relative to that folder. Nothing here reads a file or the network, except the
``connectors import`` command (``command``), which reads the spec folder and writes YAML.

Every operation either becomes a :class:`~cardamom.core.orgdef.ToolDef` or is reported as
skipped with a reason; a conversion that only loses precision (a form body the gateway will
send as JSON, a cookie parameter it cannot send) is reported as a warning. The choices are
documented in ``docs/connectors.md``; the main ones:

- **Names** come from the operationId split into lower-case words (camelCase, dashes, dots,
  slashes, ``Controller_method``), else from the method and the path's static segments. A name
  longer than ``names.MAX_TOOL_NAME`` characters is shortened (see ``names.shorten_name``); a
  name already taken in the connector gets ``_`` and four hex digits of a digest of the method
  and path.
- **Arguments** are the path, query and header parameters, then the top-level properties of a
  JSON (or form) request body. A parameter wins over a body property of the same name. Path
  parameters go to the path, other arguments to the method's default place (query for
  GET/HEAD/DELETE, body otherwise) unless ``arguments_in`` says otherwise. A body that is not
  an object becomes one ``body`` argument.
- **Schemas** keep what validates arguments and helps a model (type, enum, items, properties,
  required, bounds, format, default, short descriptions) and are cut at
  ``schemas.MAX_SCHEMA_DEPTH`` levels below an argument and ``schemas.SCHEMA_NODE_BUDGET``
  nodes per tool; recursive ``$ref``\\ s are cut to an unconstrained schema.

Modules: ``importer`` (the whole document: ``import_openapi``), ``operations`` (one operation
as one tool), ``bodies`` (request bodies), ``schemas``, ``refs`` (``$ref`` resolution),
``names``, ``text`` (descriptions), ``endpoint`` (base URL and auth), ``notes`` (what is
reported), ``command`` (``cardamom connectors import``).
"""

from cardamom.importers.openapi.importer import Filters, ImportResult, OpenAPIImportError, import_openapi
from cardamom.importers.openapi.notes import OperationNote

__all__ = ["Filters", "ImportResult", "OpenAPIImportError", "OperationNote", "import_openapi"]
