"""The OpenAPI importer: names, arguments and where they go, bodies, $refs, both spec versions, filters,
skip reports and auth, and every tool it makes is one the org file accepts."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from cardamom.core.orgdef import TOOL_NAME, AuthSpec, OrgDefinition, ToolDef, cross_reference_problems
from cardamom.core.orgfile import parse_org_definition
from cardamom.importers.openapi import Filters, ImportResult, OpenAPIImportError, import_openapi
from cardamom.importers.openapi.endpoint import detect_auth
from cardamom.importers.openapi.names import (
    MAX_TOOL_NAME,
    name_from_method_and_path,
    name_from_operation_id,
    shorten_name,
    unique_name,
)
from cardamom.importers.openapi.text import clean_text


def spec(paths: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {
        "openapi": "3.0.3",
        "info": {"title": "Acme API"},
        "servers": [{"url": "https://api.acme.test/v1"}],
        "paths": paths,
        **extra,
    }


def op(operation_id: str | None = None, **fields: Any) -> dict[str, Any]:
    return {
        **({"operationId": operation_id} if operation_id else {}),
        "responses": {"200": {"description": "ok"}},
        **fields,
    }


def convert(document: dict[str, Any], **kwargs: Any) -> ImportResult:
    kwargs.setdefault("connector_id", "acme")
    result = import_openapi(document, **kwargs)
    assert_valid(result)
    return result


def assert_valid(result: ImportResult) -> None:
    """Every tool passes ToolDef validation anew, and the connector sits in an org with a connection."""
    for tool in result.connector.tools:
        ToolDef.model_validate(tool.model_dump())
        Draft202012Validator.check_schema(tool.input_schema)
        assert re.fullmatch(TOOL_NAME, tool.name) and len(tool.name) <= MAX_TOOL_NAME, tool.name
    credentials = {"none": {}, "bearer": {"token_env": "T"}, "api_key": {"api_key_env": "K"}}.get(
        result.connector.auth.type, {"username_env": "U", "password_env": "P"}
    )
    org = OrgDefinition.model_validate(
        {
            "org": "acme",
            "connectors": [result.connector.model_dump()],
            "connections": [{"account": "acme-main", "connector": result.connector.id, "credentials": credentials}],
        }
    )
    assert cross_reference_problems(org) == []
    assert result.tools_made + len(result.skipped) == result.operations_selected


def tool(result: ImportResult, name: str) -> ToolDef:
    found = [t for t in result.connector.tools if t.name == name]
    assert found, f"no tool {name!r} in {[t.name for t in result.connector.tools]}"
    return found[0]


def only_tool(document: dict[str, Any], **kwargs: Any) -> ToolDef:
    result = convert(document, **kwargs)
    [made] = result.connector.tools
    return made


# ---- names -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("operation_id", "name"),
    [
        ("getUserById", "get_user_by_id"),
        ("getHTTPResponseCode", "get_http_response_code"),
        ("getV3ApplicationSettings", "get_v3_application_settings"),
        ("issues/list-for-repo", "issues_list_for_repo"),
        ("calendar.events.list", "calendar_events_list"),
        ("get-an-albums-tracks", "get_an_albums_tracks"),
        ("GET_access_settings-activity", "get_access_settings_activity"),
        ("SchedulesController_2024_06_11_getSchedules", "get_schedules"),
        ("BookingsController_getBooking", "get_booking"),
        ("post_oauth2_token#refresh", "post_oauth2_token_refresh"),
        ("ListMessage", "list_message"),
        ("  spaced  name ", "spaced_name"),
        ("Über_Straße", "uber_strae"),
    ],
)
def test_tool_names_come_from_operation_ids_in_any_style(operation_id: str, name: str) -> None:
    assert name_from_operation_id(operation_id) == name


@pytest.mark.parametrize(
    ("operation_id", "name"),
    [
        ("PostTestHelpersTreasuryOutboundTransfersOutboundTransferFail", "post_treasury_outbound_transfers_fail"),
        (
            "actions/get-github-actions-default-workflow-permissions-organization",
            "actions_get_default_workflow_perms_org",
        ),
        ("gmail.users.settings.forwardingAddresses.create", "gmail_forwarding_addresses_create"),
    ],
)
def test_long_names_are_shortened_keeping_the_verb_and_the_last_word(operation_id: str, name: str) -> None:
    assert name_from_operation_id(operation_id) == name
    assert len(name) <= MAX_TOOL_NAME


def test_shortening_ends_with_a_hard_cut() -> None:
    assert shorten_name(["x" * 60]) == "x" * MAX_TOOL_NAME
    assert len(shorten_name(["get", "a" * 30, "b" * 30])) <= MAX_TOOL_NAME


@pytest.mark.parametrize(
    ("method", "path", "name"),
    [
        ("GET", "/v2/users", "list_users"),
        ("GET", "/v2/users/{id}", "get_users"),
        ("GET", "/users/{id}/posts", "list_users_posts"),
        ("POST", "/api/v1/users", "create_users"),
        ("PUT", "/users/{id}", "update_users"),
        ("DELETE", "/users/{id}", "delete_users"),
        ("HEAD", "/users", "check_users"),
        ("GET", "/", "get"),
    ],
)
def test_without_an_operation_id_the_name_comes_from_method_and_path(method: str, path: str, name: str) -> None:
    assert name_from_method_and_path(method, path) == name


def test_a_taken_name_gets_a_stable_digest_suffix() -> None:
    first = unique_name("list_users", {"list_users"}, "GET /users")
    assert re.fullmatch(r"list_users_[0-9a-f]{4}", first)
    assert unique_name("list_users", {"list_users"}, "GET /users") == first
    assert unique_name("list_users", {"list_users", first}, "GET /users") != first
    long = unique_name("x" * MAX_TOOL_NAME, {"x" * MAX_TOOL_NAME}, "GET /x")
    assert len(long) <= MAX_TOOL_NAME


def test_colliding_operations_get_distinct_deterministic_names() -> None:
    document = spec(
        {
            "/users": {"get": op("listUsers")},
            "/people": {"get": op("list-users")},
            "/members": {"get": op("list_users")},
        }
    )
    names = [t.name for t in convert(document).connector.tools]
    assert names[0] == "list_users"
    assert len(set(names)) == 3
    assert names == [t.name for t in convert(copy.deepcopy(document)).connector.tools]


def test_the_produced_name_is_recorded_against_its_operation() -> None:
    result = convert(spec({"/users": {"get": op("listUsers")}, "/users/{id}": {"delete": op()}}))
    assert result.sources == {
        "list_users": ("listUsers", "GET", "/users"),
        "delete_users": (None, "DELETE", "/users/{id}"),
    }


# ---- descriptions ------------------------------------------------------------------------------------------


def test_description_joins_summary_and_description_and_strips_markup() -> None:
    made = only_tool(
        spec(
            {
                "/users": {
                    "get": op(
                        "listUsers",
                        summary="List users",
                        description=(
                            "## Notes\n\nSee the [docs](https://x.test) and **bold** `code`.<br/>\n\n"
                            "| a | b |\n|---|---|"
                        ),
                    )
                }
            }
        )
    )
    assert made.description == "List users. Notes See the docs and bold code. a b"


def test_a_description_that_repeats_the_summary_is_not_doubled_and_long_text_is_clipped() -> None:
    made = only_tool(spec({"/a": {"get": op("a", summary="Get a thing", description="Get a thing. " + "word " * 400)}}))
    assert made.description.startswith("Get a thing. word")
    assert not made.description.startswith("Get a thing. Get a thing")
    assert len(made.description) <= 600 and made.description.endswith("…")


def test_deprecated_operations_say_so() -> None:
    assert only_tool(spec({"/a": {"get": op("a", summary="Old", deprecated=True)}})).description == "Deprecated. Old"


def test_an_operation_its_spec_says_nothing_of_is_told_by_its_api_and_path() -> None:
    # (547 of Twilio's 1,447 operations have neither summary nor description)
    bare = {"/Workspaces/{WorkspaceSid}/Workflows/{Sid}": {"delete": op("DeleteWorkflow")}}
    told = only_tool(spec(bare, info={"title": "Twilio - Taskrouter"}))
    assert told.description == "Twilio - Taskrouter: /Workspaces/{…}/Workflows/{…}"  # (its parameters' names: no words)
    assert only_tool(spec(bare, info={})).description == "/Workspaces/{…}/Workflows/{…}"
    deprecated = {"/a": {"get": op("a", deprecated=True)}}
    assert only_tool(spec(deprecated)).description == "Deprecated. Acme API: /a"
    # a summary or a description of its own is all a described operation says
    assert only_tool(spec({"/a": {"get": op("a", description="Lists the a's.")}})).description == "Lists the a's."


def test_clean_text_handles_html_entities_images_and_admonitions() -> None:
    assert clean_text("> [!NOTE]\n> Use &amp; enjoy ![logo](x.png) <b>now</b>") == "NOTE: Use & enjoy now"


# ---- parameters and where they go --------------------------------------------------------------------------


def test_path_query_and_header_parameters_become_arguments() -> None:
    made = only_tool(
        spec(
            {
                "/users/{user_id}/posts": {
                    "parameters": [{"name": "user_id", "in": "path", "required": True, "schema": {"type": "integer"}}],
                    "get": op(
                        "listPosts",
                        parameters=[
                            {"name": "limit", "in": "query", "schema": {"type": "integer", "maximum": 100}},
                            {"name": "X-Trace", "in": "header", "required": True, "schema": {"type": "string"}},
                            {"name": "Authorization", "in": "header", "schema": {"type": "string"}},
                            {"name": "Content-Type", "in": "header", "schema": {"type": "string"}},
                        ],
                    ),
                }
            }
        )
    )
    assert list(made.input_schema["properties"]) == ["user_id", "limit", "X-Trace"]
    assert made.input_schema["properties"]["user_id"] == {"type": "integer"}
    assert made.input_schema["properties"]["limit"] == {"type": "integer", "maximum": 100}
    assert made.input_schema["required"] == ["user_id", "X-Trace"]
    assert made.arguments_in == {"X-Trace": "header"}  # path and GET-query are the defaults
    assert (made.target, made.path, made.method) == ("user_id", "/users/{user_id}/posts", "GET")


def test_an_operation_parameter_overrides_the_path_item_one() -> None:
    made = only_tool(
        spec(
            {
                "/a": {
                    "parameters": [
                        {"name": "q", "in": "query", "description": "item-level", "schema": {"type": "string"}}
                    ],
                    "get": op(
                        "a",
                        parameters=[{"name": "q", "in": "query", "description": "own", "schema": {"type": "integer"}}],
                    ),
                }
            }
        )
    )
    assert made.input_schema["properties"]["q"] == {"description": "own", "type": "integer"}


def test_query_parameters_of_a_post_and_body_arguments_of_a_delete_are_recorded() -> None:
    body = {
        "content": {"application/json": {"schema": {"type": "object", "properties": {"reason": {"type": "string"}}}}}
    }
    document = spec(
        {
            "/items": {
                "post": op(
                    "createItem",
                    parameters=[{"name": "dry_run", "in": "query", "schema": {"type": "boolean"}}],
                    requestBody=body,
                )
            },
            "/items/{id}": {"delete": op("deleteItem", requestBody=body)},
        }
    )
    result = convert(document)
    assert tool(result, "create_item").arguments_in == {"dry_run": "query"}
    assert tool(result, "delete_item").arguments_in == {"reason": "body"}
    assert tool(result, "delete_item").target == "id"


def test_the_target_is_the_last_path_parameter_and_undeclared_ones_become_required_strings() -> None:
    made = only_tool(spec({"/orgs/{org}/repos/{repo}": {"get": op("getRepo")}}))
    assert made.target == "repo"
    assert made.input_schema == {
        "type": "object",
        "properties": {"org": {"type": "string"}, "repo": {"type": "string"}},
        "required": ["org", "repo"],
    }


def test_path_parameter_names_the_org_file_refuses_are_renamed_in_path_and_schema() -> None:
    result = convert(spec({"/v1/{+name}:cancel/{1st id}": {"post": op("cancel")}}))
    made = result.connector.tools[0]
    assert made.path == "/v1/{name}:cancel/{p_1st_id}"
    assert set(made.input_schema["properties"]) == {"name", "p_1st_id"}
    assert any(w.kind == "reserved-expansion" for w in result.warnings)


def test_cookie_parameters_are_dropped_with_a_warning() -> None:
    result = convert(
        spec({"/a": {"get": op("a", parameters=[{"name": "sid", "in": "cookie", "schema": {"type": "string"}}])}})
    )
    assert result.connector.tools[0].input_schema["properties"] == {}
    assert [(w.kind, w.operation_id) for w in result.warnings] == [("cookie", "a")]


def test_parameters_carrying_the_credential_are_left_out() -> None:
    params = [
        {"name": "token", "in": "query", "required": True, "schema": {"type": "string"}},
        {"name": "key", "in": "query", "description": "Your API key.", "schema": {"type": "string"}},
        {"name": "X-Api-Key", "in": "header", "schema": {"type": "string"}},
        {"name": "q", "in": "query", "schema": {"type": "string"}},
    ]
    document = spec({"/a": {"get": op("a", parameters=params)}})
    keyed = only_tool(document, auth=AuthSpec(type="api_key", header="X-API-Key"))
    assert list(keyed.input_schema["properties"]) == ["q"]
    # With no auth at all, the API's own token parameter is the only way in: it stays.
    assert "token" in only_tool(document, auth=AuthSpec()).input_schema["properties"]


# ---- bodies ------------------------------------------------------------------------------------------------


def json_body(schema: dict[str, Any], required: bool | None = True) -> dict[str, Any]:
    body: dict[str, Any] = {"content": {"application/json": {"schema": schema}}}
    if required is not None:
        body["required"] = required
    return body


def test_a_json_object_body_is_flattened_into_arguments() -> None:
    schema = {
        "type": "object",
        "required": ["title"],
        "properties": {
            "id": {"type": "string", "readOnly": True},
            "title": {"type": "string", "description": "The title."},
            "tags": {"type": "array", "items": {"type": "string"}},
            "owner": {"type": "object", "properties": {"email": {"type": "string", "format": "email"}}},
        },
    }
    made = only_tool(spec({"/notes": {"post": op("createNote", requestBody=json_body(schema))}}))
    assert made.input_schema == {
        "type": "object",
        "properties": {
            "title": {"type": "string", "description": "The title."},
            "tags": {"type": "array", "items": {"type": "string"}},
            "owner": {"type": "object", "properties": {"email": {"type": "string", "format": "email"}}},
        },
        "required": ["title"],
    }
    assert made.arguments_in == {}


def test_an_optional_body_makes_its_properties_optional() -> None:
    schema = {"type": "object", "required": ["title"], "properties": {"title": {"type": "string"}}}
    made = only_tool(spec({"/notes": {"post": op("createNote", requestBody=json_body(schema, required=False))}}))
    assert "required" not in made.input_schema
    # The spec leaving it open keeps the schema's own required keys.
    made = only_tool(spec({"/notes": {"post": op("createNote", requestBody=json_body(schema, required=None))}}))
    assert made.input_schema["required"] == ["title"]


def test_allof_parts_merge_and_oneof_alternatives_unite() -> None:
    components = {
        "schemas": {
            "Base": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
            "Ext4": {
                "type": "object",
                "required": ["size", "fs"],
                "properties": {"size": {"type": "integer"}, "fs": {"enum": ["ext4"]}},
            },
            "Xfs": {
                "type": "object",
                "required": ["size"],
                "properties": {"size": {"type": "integer"}, "label": {"type": "string"}},
            },
        }
    }
    merged = {"allOf": [{"$ref": "#/components/schemas/Base"}, {"properties": {"size": {"type": "integer"}}}]}
    united = {"oneOf": [{"$ref": "#/components/schemas/Ext4"}, {"$ref": "#/components/schemas/Xfs"}]}
    result = convert(
        spec(
            {
                "/a": {"post": op("merged", requestBody=json_body(merged))},
                "/b": {"post": op("united", requestBody=json_body(united))},
            },
            components=components,
        )
    )
    a, b = tool(result, "merged"), tool(result, "united")
    assert list(a.input_schema["properties"]) == ["name", "size"] and a.input_schema["required"] == ["name"]
    assert list(b.input_schema["properties"]) == ["size", "fs", "label"] and b.input_schema["required"] == ["size"]


def test_a_body_that_is_not_an_object_becomes_one_body_argument() -> None:
    document = spec(
        {
            "/tags": {"put": op("setTags", requestBody=json_body({"type": "array", "items": {"type": "string"}}))},
            "/x/{body}": {"post": op("clash", requestBody=json_body({"type": "string"}))},
        }
    )
    result = convert(document)
    tags, clash = tool(result, "set_tags"), tool(result, "clash")
    assert tags.input_schema["properties"] == {"body": {"type": "array", "items": {"type": "string"}}}
    assert tags.input_schema["required"] == ["body"]
    assert "request_body" in clash.input_schema["properties"]
    assert {w.kind for w in result.warnings} == {"wrapped-body"}


def test_a_free_form_object_body_accepts_any_argument() -> None:
    made = only_tool(
        spec(
            {
                "/meta": {
                    "post": op(
                        "setMeta", requestBody=json_body({"type": "object", "additionalProperties": {"type": "string"}})
                    )
                }
            }
        )
    )
    assert made.input_schema == {"type": "object", "properties": {}, "additionalProperties": True}


def test_an_empty_form_body_adds_nothing() -> None:
    empty = {
        "content": {
            "application/x-www-form-urlencoded": {
                "schema": {"type": "object", "properties": {}, "additionalProperties": False}
            }
        }
    }
    result = convert(spec({"/v1/account": {"get": op("GetAccount", requestBody=empty)}}))
    assert result.connector.tools[0].input_schema["properties"] == {}
    assert result.warnings == []


def test_a_parameter_wins_over_a_body_property_of_the_same_name() -> None:
    schema = {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}
    result = convert(
        spec(
            {
                "/items/{id}": {
                    "put": op(
                        "updateItem",
                        parameters=[{"name": "name", "in": "query", "schema": {"type": "string"}}],
                        requestBody=json_body(schema),
                    )
                }
            }
        )
    )
    made = result.connector.tools[0]
    assert made.input_schema["properties"] == {"id": {"type": "string"}, "name": {"type": "string"}}
    assert made.arguments_in == {"name": "query"}
    assert sorted(w.message for w in result.warnings) == [
        "body property 'id' dropped: a parameter has the same name",
        "body property 'name' dropped: a parameter has the same name",
    ]


def test_form_bodies_are_sent_as_forms_and_binary_bodies_are_skipped() -> None:
    form = {
        "content": {
            "application/x-www-form-urlencoded": {
                "schema": {"type": "object", "properties": {"amount": {"type": "integer"}}}
            }
        }
    }
    binary = {
        "required": True,
        "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}},
    }
    result = convert(
        spec(
            {
                "/charges": {"post": op("PostCharges", requestBody=form)},
                "/files": {"put": op("upload", requestBody=binary)},
            }
        )
    )
    assert [t.name for t in result.connector.tools] == ["post_charges"]
    assert result.connector.tools[0].input_schema["properties"] == {"amount": {"type": "integer"}}
    assert result.connector.tools[0].body_encoding == "form"
    assert result.warnings == []
    [skip] = result.skipped
    assert (skip.operation_id, skip.method, skip.path, skip.kind) == ("upload", "PUT", "/files", "raw-body")
    assert "application/octet-stream" in skip.message


def test_json_is_preferred_among_several_media_types() -> None:
    body = {
        "content": {
            "multipart/form-data": {"schema": {"type": "object", "properties": {"file": {"type": "string"}}}},
            "application/json": {"schema": {"type": "object", "properties": {"url": {"type": "string"}}}},
        }
    }
    result = convert(spec({"/a": {"post": op("a", requestBody=body)}}))
    assert list(result.connector.tools[0].input_schema["properties"]) == ["url"]
    assert result.warnings == []


# ---- schemas -----------------------------------------------------------------------------------------------


def test_schemas_are_converted_to_valid_2020_12_and_kept_small() -> None:
    deep: dict[str, Any] = {"type": "object", "properties": {}}
    node = deep
    for level in range(6):
        child: dict[str, Any] = {"type": "object", "properties": {}}
        node["properties"][f"l{level}"] = child
        node = child
    schema = {
        "type": "object",
        "properties": {
            "maybe": {"type": "string", "nullable": True, "enum": ["a", "b"], "x-vendor": {"anything": 1}},
            "low": {"type": "number", "minimum": 0, "exclusiveMinimum": True},
            "when": {"type": "string", "example": "2020-01-01", "default": "now", "pattern": "^[0-9]+$"},
            "odd": {"type": "int", "minLength": "5", "maxLength": -1, "required": True},
            "deep": deep,
            "big": {"type": "string", "enum": [f"v{i}" for i in range(500)]},
        },
    }
    made = only_tool(spec({"/a": {"post": op("a", requestBody=json_body(schema))}}))
    props = made.input_schema["properties"]
    assert props["maybe"] == {"type": ["string", "null"], "enum": ["a", "b", None]}
    assert props["low"] == {"type": "number", "exclusiveMinimum": 0}
    assert props["when"] == {"type": "string", "default": "now"}
    assert props["odd"] == {"type": "integer"}
    assert props["big"] == {"type": "string"}  # an enum too long to carry is dropped, not cut
    assert "l2" not in str(props["deep"])  # depth is capped below an argument


def test_swagger_2_documents_convert_body_form_and_file_parameters() -> None:
    document = {
        "swagger": "2.0",
        "info": {"title": "Old API"},
        "host": "old.example.test",
        "basePath": "/api",
        "schemes": ["http", "https"],
        "securityDefinitions": {"key": {"type": "apiKey", "in": "query", "name": "api_key"}},
        "definitions": {
            "Pet": {
                "type": "object",
                "required": ["name"],
                "properties": {"name": {"type": "string"}, "tag": {"type": "string", "x-nullable": True}},
            }
        },
        "paths": {
            "/pets": {
                "post": {
                    "operationId": "addPet",
                    "parameters": [
                        {"in": "body", "name": "pet", "required": True, "schema": {"$ref": "#/definitions/Pet"}}
                    ],
                },
                "get": {
                    "operationId": "findPets",
                    "parameters": [
                        {
                            "in": "query",
                            "name": "tags",
                            "type": "array",
                            "items": {"type": "string"},
                            "collectionFormat": "multi",
                        },
                        {"in": "query", "name": "api_key", "type": "string"},
                    ],
                },
            },
            "/pets/{petId}/photo": {
                "post": {
                    "operationId": "uploadPhoto",
                    "consumes": ["multipart/form-data"],
                    "parameters": [
                        {"in": "path", "name": "petId", "required": True, "type": "integer", "format": "int64"},
                        {"in": "formData", "name": "file", "required": True, "type": "file"},
                        {"in": "formData", "name": "caption", "type": "string"},
                    ],
                }
            },
        },
    }
    result = convert(document)
    assert result.connector.base_url == "https://old.example.test/api"
    assert result.connector.auth == AuthSpec(type="api_key", query_param="api_key")
    assert tool(result, "add_pet").input_schema == {
        "type": "object",
        "properties": {"name": {"type": "string"}, "tag": {"type": ["string", "null"]}},
        "required": ["name"],
    }
    assert tool(result, "find_pets").input_schema["properties"] == {
        "tags": {"type": "array", "items": {"type": "string"}}
    }
    photo = tool(result, "upload_photo")
    assert photo.input_schema["properties"] == {
        "petId": {"type": "integer", "format": "int64"},
        "file": {"type": "string", "format": "binary"},
        "caption": {"type": "string"},
    }
    assert photo.input_schema["required"] == ["petId", "file"]
    assert [w.kind for w in result.warnings] == ["form-body"]


def test_openapi_3_1_type_lists_and_reference_siblings() -> None:
    document = spec(
        {"/a": {"get": op("a", parameters=[{"$ref": "#/components/parameters/Q", "description": "Overridden."}])}},
        openapi="3.1.0",
        components={
            "parameters": {
                "Q": {"name": "q", "in": "query", "description": "Original.", "schema": {"type": ["string", "null"]}}
            }
        },
    )
    made = only_tool(document)
    assert made.input_schema["properties"]["q"] == {"description": "Overridden.", "type": ["string", "null"]}


# ---- $ref resolution ---------------------------------------------------------------------------------------


def test_refs_across_files_resolve_relative_to_the_file_that_holds_them() -> None:
    files: dict[str, Any] = {
        "resources/volumes/volumes_create.yml": {
            "operationId": "volumes_create",
            "summary": "Create a volume",
            "parameters": [{"$ref": "../../shared/parameters.yml#/per_page"}],
            "requestBody": {"content": {"application/json": {"schema": {"$ref": "models/volume.yml"}}}},
        },
        "resources/volumes/models/volume.yml": {
            "type": "object",
            "properties": {"name": {"type": "string"}, "region": {"$ref": "../../../shared/attributes/region.yml"}},
        },
        "shared/parameters.yml": {"per_page": {"name": "per_page", "in": "query", "schema": {"type": "integer"}}},
        "shared/attributes/region.yml": {"type": "string", "enum": ["nyc1", "ams3"]},
    }
    asked: list[str] = []

    def resolve(path: str) -> Any:
        asked.append(path)
        return files[path]

    document = spec({"/v2/volumes": {"post": {"$ref": "resources/volumes/volumes_create.yml"}}})
    made = only_tool(document, resolve_file=resolve, document_path="DigitalOcean-public.v2.yaml")
    assert made.name == "volumes_create"
    assert made.input_schema["properties"] == {
        "per_page": {"type": "integer"},
        "name": {"type": "string"},
        "region": {"type": "string", "enum": ["nyc1", "ams3"]},
    }
    assert made.arguments_in == {"per_page": "query"}
    assert len(asked) == len(set(asked)) == 4  # each file read once


def test_a_recursive_schema_is_cut_where_it_repeats() -> None:
    components = {
        "schemas": {
            "Node": {
                "type": "object",
                "properties": {"name": {"type": "string"}, "child": {"$ref": "#/components/schemas/Node"}},
            },
            "A": {"$ref": "#/components/schemas/B"},
            "B": {"$ref": "#/components/schemas/A"},
        }
    }
    result = convert(
        spec(
            {
                "/tree": {"post": op("tree", requestBody=json_body({"$ref": "#/components/schemas/Node"}))},
                "/loop": {"post": op("loop", requestBody=json_body({"$ref": "#/components/schemas/A"}))},
            },
            components=components,
        )
    )
    tree = tool(result, "tree").input_schema["properties"]
    assert tree["name"] == {"type": "string"}
    assert tree["child"] == {}  # Node inside Node
    [skip] = result.skipped
    assert (skip.operation_id, skip.kind) == ("loop", "ref") and "cycle" in skip.message


def test_unresolvable_refs_skip_only_their_operation() -> None:
    document = spec(
        {
            "/a": {"get": op("missingPointer", parameters=[{"$ref": "#/components/parameters/Nope"}])},
            "/b": {"get": {"$ref": "ops/missing.yml"}},
            "/c": {"get": op("remote", parameters=[{"$ref": "https://example.test/p.yml#/q"}])},
            "/d": {"get": op("escape", parameters=[{"$ref": "../../etc/passwd#/x"}])},
            "/e": {"get": op("fine")},
        }
    )

    def resolve(path: str) -> Any:
        raise FileNotFoundError(path)

    result = convert(document, resolve_file=resolve)
    assert [t.name for t in result.connector.tools] == ["fine"]
    reasons = {(s.method, s.path): s.message for s in result.skipped}
    assert "does not exist" in reasons[("GET", "/a")]
    assert "ops/missing.yml: cannot be read" in reasons[("GET", "/b")]
    assert "remote reference" in reasons[("GET", "/c")]
    assert "leaves the spec folder" in reasons[("GET", "/d")]
    assert result.operations_seen == 5


def test_refs_to_other_files_need_a_resolver() -> None:
    result = convert(spec({"/b": {"get": {"$ref": "ops/b.yml"}}}))
    assert "need a spec folder" in result.skipped[0].message


# ---- skips -------------------------------------------------------------------------------------------------


def test_operations_the_gateway_cannot_call_are_reported_not_fatal() -> None:
    document = spec(
        {
            "/events": {"options": op("optionsEvents"), "get": op("listEvents")},
            "/search?type=user": {"get": op("searchUsers")},
            "/upload": {"post": op("upload", servers=[{"url": "https://upload.acme.test"}])},
            "/root": {"get": op("root", servers=[{"url": "https://api.acme.test"}])},
            "/v2/thing": {"get": op("v2", servers=[{"url": "https://api.acme.test/v1/beta"}])},
        }
    )
    result = convert(document)
    assert [t.name for t in result.connector.tools] == ["list_events", "v2"]
    assert tool(result, "v2").path == "/beta/v2/thing"  # same host, deeper base path: kept under the connector
    assert {(s.operation_id, s.kind) for s in result.skipped} == {
        ("optionsEvents", "method"),
        ("searchUsers", "path"),
        ("upload", "server"),
        ("root", "server"),
    }
    assert str(result.skipped[0]) == "OPTIONS /events (optionsEvents): the gateway does not call OPTIONS"
    assert result.operations_seen == 6


def test_a_document_that_is_not_openapi_or_has_no_server_is_refused_as_a_whole() -> None:
    with pytest.raises(OpenAPIImportError, match="not an OpenAPI"):
        import_openapi({"tools": []}, connector_id="x")
    with pytest.raises(OpenAPIImportError, match="no absolute server URL"):
        import_openapi({"openapi": "3.0.0", "servers": [{"url": "/api"}], "paths": {}}, connector_id="x")
    with pytest.raises(OpenAPIImportError, match="connector is not valid"):
        import_openapi(spec({}), connector_id="Not_Valid")
    # A relative server is fine once a base URL is given.
    result = import_openapi(
        {"openapi": "3.0.0", "servers": [{"url": "/api"}], "paths": {}},
        connector_id="x",
        base_url="https://h.test/api/",
    )
    assert result.connector.base_url == "https://h.test/api"


# ---- base URL, label and auth ------------------------------------------------------------------------------


def test_server_variables_take_their_defaults_and_the_label_defaults_to_the_title() -> None:
    document = spec(
        {},
        servers=[
            {
                "url": "https://{tenant}.acme.test/{version}",
                "variables": {"tenant": {"default": "eu"}, "version": {"enum": ["v2", "v1"]}},
            }
        ],
    )
    result = convert(document)
    assert (result.connector.base_url, result.connector.label) == ("https://eu.acme.test/v2", "Acme API")
    assert convert(document, label="Acme").connector.label == "Acme"


@pytest.mark.parametrize(
    ("schemes", "security", "expected"),
    [
        ({"b": {"type": "http", "scheme": "bearer"}}, None, AuthSpec(type="bearer")),
        ({"o": {"type": "oauth2", "flows": {}}}, None, AuthSpec(type="bearer")),
        ({"o": {"type": "openIdConnect", "openIdConnectUrl": "https://x"}}, None, AuthSpec(type="bearer")),
        ({"k": {"type": "apiKey", "in": "header", "name": "X-Key"}}, None, AuthSpec(type="api_key", header="X-Key")),
        ({"k": {"type": "apiKey", "in": "query", "name": "key"}}, None, AuthSpec(type="api_key", query_param="key")),
        ({"u": {"type": "http", "scheme": "basic"}}, None, AuthSpec(type="basic")),
        ({"c": {"type": "apiKey", "in": "cookie", "name": "sid"}}, None, AuthSpec()),
        ({"d": {"type": "http", "scheme": "digest"}}, None, AuthSpec()),
        (
            {"u": {"type": "http", "scheme": "basic"}, "b": {"type": "http", "scheme": "bearer"}},
            [{"b": []}],
            AuthSpec(type="bearer"),
        ),
        ({}, None, AuthSpec()),
    ],
)
def test_auth_is_guessed_from_the_security_schemes(schemes: dict[str, Any], security: Any, expected: AuthSpec) -> None:
    document: dict[str, Any] = {"openapi": "3.0.0", "components": {"securitySchemes": schemes}}
    if security is not None:
        document["security"] = security
    assert detect_auth(document) == expected


def test_base_url_and_auth_can_be_overridden() -> None:
    document = spec(
        {"/a": {"get": op("a")}}, components={"securitySchemes": {"b": {"type": "http", "scheme": "bearer"}}}
    )
    result = convert(document, base_url="https://proxy.test/acme", auth=AuthSpec(type="basic"))
    assert (result.connector.base_url, result.connector.auth.type) == ("https://proxy.test/acme", "basic")


# ---- filters and progress ----------------------------------------------------------------------------------


FILTERED = spec(
    {
        "/users": {"get": op("listUsers", tags=["Users"]), "post": op("createUser", tags=["Users"])},
        "/teams": {"get": op("listTeams", tags=["Teams"]), "delete": op("deleteTeams", tags=["Teams", "Danger"])},
    }
)


@pytest.mark.parametrize(
    ("filters", "names"),
    [
        (Filters.of(tags=["users"]), ["list_users", "create_user"]),
        (Filters.of(operation_ids=["listTeams", "createUser"]), ["create_user", "list_teams"]),
        (Filters.of(methods=["get"]), ["list_users", "list_teams"]),
        (Filters.of(tags=["Teams"], methods=["DELETE"]), ["delete_teams"]),
        (Filters.of(), ["list_users", "create_user", "list_teams", "delete_teams"]),
    ],
)
def test_filters_choose_a_subset(filters: Filters, names: list[str]) -> None:
    result = convert(FILTERED, filters=filters)
    assert [t.name for t in result.connector.tools] == names
    assert result.operations_seen == 4
    assert result.operations_selected == len(names)


def test_an_operation_id_filter_that_matches_nothing_is_reported() -> None:
    assert convert(FILTERED, filters=Filters.of(operation_ids=["listUsers", "nope"])).unmatched_filters == ["nope"]


def test_progress_is_reported_per_operation() -> None:
    calls: list[tuple[int, int]] = []
    convert(FILTERED, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]


# ---- in an org ---------------------------------------------------------------------------------------------


def test_an_imported_connector_applies_in_an_org_file() -> None:
    from cardamom.importers.openapi.command import connector_yaml

    result = convert(
        spec(
            {
                "/pages/{page_id}": {"get": op("retrieve-a-page", summary="Retrieve a page")},
                "/search": {
                    "post": op(
                        "post-search",
                        requestBody=json_body({"type": "object", "properties": {"query": {"type": "string"}}}),
                    )
                },
            },
            components={"securitySchemes": {"b": {"type": "http", "scheme": "bearer"}}},
        ),
        connector_id="notion",
        label="Notion",
    )
    org_text = (
        "org: acme\nconnectors:\n  - file: notion.yaml\n"
        "connections:\n  - {account: notion-legal, connector: notion, credentials: {token_env: NOTION_TOKEN},"
        " frozen: {query: x}}\n"
    )
    files = {"notion.yaml": connector_yaml(result.connector, "imported")}
    org = parse_org_definition(org_text, "acme.yaml", read_file=files.__getitem__)
    assert org.connectors == [result.connector]
    assert [t.name for t in org.connectors[0].tools] == ["retrieve_a_page", "post_search"]
