"""A demo SaaS for ``make run`` and the end-to-end tests: Notion-like and Cal.com-like APIs.

In-memory data, one workspace per bearer token, so two connected accounts of the same
app really reach two different workspaces. Shapes follow the real APIs loosely; this
is a stand-in, not an emulator.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route

Endpoint = Callable[[Request], Awaitable[Response]]


@dataclass
class NotionWorkspace:
    name: str
    users: list[dict[str, Any]]
    pages: dict[str, dict[str, Any]]
    blocks: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    databases: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class CalcomAccount:
    owner: dict[str, Any]
    schedules: dict[int, dict[str, Any]]
    bookings: dict[str, dict[str, Any]]
    event_types: list[dict[str, Any]]


def _user(uid: str, name: str, email: str) -> dict[str, Any]:
    return {"object": "user", "id": uid, "type": "person", "name": name, "person": {"email": email}}


def _page(pid: str, title: str, database: str | None = None) -> dict[str, Any]:
    parent = {"type": "database_id", "database_id": database} if database else {"type": "workspace", "workspace": True}
    return {
        "object": "page",
        "id": pid,
        "archived": False,
        "parent": parent,
        "properties": {"title": {"title": [{"plain_text": title}]}},
    }


def demo_notion_workspaces() -> dict[str, NotionWorkspace]:
    legal = NotionWorkspace(
        name="Legal",
        users=[_user("u-ada", "Ada Lovelace", "ada@acme.example"), _user("u-ben", "Ben Okri", "ben@acme.example")],
        pages={
            "p-nda": _page("p-nda", "Mutual NDA template", "db-contracts"),
            "p-msa": _page("p-msa", "Master services agreement: Globex", "db-contracts"),
        },
        blocks={"p-nda": [{"object": "block", "id": "b-1", "type": "paragraph", "text": "Confidentiality."}]},
        databases={"db-contracts": ["p-nda", "p-msa"]},
    )
    marketing = NotionWorkspace(
        name="Marketing",
        users=[_user("u-cyd", "Cyd Charisse", "cyd@acme.example")],
        pages={"p-launch": _page("p-launch", "Spring launch plan", "db-campaigns")},
        databases={"db-campaigns": ["p-launch"]},
    )
    return {"legal": legal, "marketing": marketing}


def demo_calcom_account() -> CalcomAccount:
    return CalcomAccount(
        owner={"id": 1, "username": "acme", "email": "team@acme.example", "timeZone": "Europe/London"},
        schedules={
            1: {"id": 1, "name": "Working hours", "timeZone": "Europe/London", "isDefault": True},
            2: {"id": 2, "name": "Support rota", "timeZone": "America/New_York", "isDefault": False},
        },
        bookings={},
        event_types=[{"id": 10, "slug": "intro-call", "title": "Intro call", "lengthInMinutes": 30}],
    )


def _bearer(request: Request) -> str:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def _guard(resolve: Callable[[str], Any], handler: Callable[[Request, Any], Awaitable[Response]]) -> Endpoint:
    async def endpoint(request: Request) -> Response:
        tenant = resolve(_bearer(request))
        if tenant is None:
            return JSONResponse({"object": "error", "status": 401, "code": "unauthorized"}, status_code=401)
        return await handler(request, tenant)

    return endpoint


async def _json(request: Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def _not_found(what: str) -> Response:
    return JSONResponse({"object": "error", "status": 404, "code": "object_not_found", "message": what}, 404)


def notion_app(workspaces_by_token: Mapping[str, NotionWorkspace]) -> Starlette:
    ids = itertools.count(1)

    async def list_users(request: Request, ws: NotionWorkspace) -> Response:
        size = int(request.query_params.get("page_size", "100"))
        return JSONResponse({"object": "list", "results": ws.users[:size], "has_more": len(ws.users) > size})

    async def get_self(request: Request, ws: NotionWorkspace) -> Response:
        return JSONResponse({"object": "user", "id": "bot", "type": "bot", "name": f"Cardamom ({ws.name})"})

    async def get_user(request: Request, ws: NotionWorkspace) -> Response:
        uid = request.path_params["user_id"]
        for user in ws.users:
            if user["id"] == uid:
                return JSONResponse(user)
        return _not_found(f"user {uid}")

    async def get_page(request: Request, ws: NotionWorkspace) -> Response:
        page = ws.pages.get(request.path_params["page_id"])
        return JSONResponse(page) if page else _not_found(f"page {request.path_params['page_id']}")

    async def create_page(request: Request, ws: NotionWorkspace) -> Response:
        body = await _json(request)
        title = str(body.get("title", "Untitled"))
        database = body.get("database_id")
        pid = f"p-new-{next(ids)}"
        ws.pages[pid] = _page(pid, title, database if isinstance(database, str) else None)
        if isinstance(database, str):
            ws.databases.setdefault(database, []).append(pid)
        return JSONResponse(ws.pages[pid], status_code=200)

    async def update_page(request: Request, ws: NotionWorkspace) -> Response:
        page = ws.pages.get(request.path_params["page_id"])
        if page is None:
            return _not_found(f"page {request.path_params['page_id']}")
        body = await _json(request)
        if "archived" in body:
            page["archived"] = bool(body["archived"])
        if "title" in body:
            page["properties"]["title"]["title"] = [{"plain_text": str(body["title"])}]
        return JSONResponse(page)

    async def search(request: Request, ws: NotionWorkspace) -> Response:
        query = str((await _json(request)).get("query", "")).lower()
        hits = [p for p in ws.pages.values() if query in p["properties"]["title"]["title"][0]["plain_text"].lower()]
        return JSONResponse({"object": "list", "results": hits, "has_more": False})

    async def block_children(request: Request, ws: NotionWorkspace) -> Response:
        children = ws.blocks.get(request.path_params["block_id"], [])
        return JSONResponse({"object": "list", "results": children, "has_more": False})

    async def delete_block(request: Request, ws: NotionWorkspace) -> Response:
        bid = request.path_params["block_id"]
        for children in ws.blocks.values():
            for block in children:
                if block["id"] == bid:
                    block["archived"] = True
                    return JSONResponse(block)
        return _not_found(f"block {bid}")

    async def query_database(request: Request, ws: NotionWorkspace) -> Response:
        pages = ws.databases.get(request.path_params["database_id"])
        if pages is None:
            return _not_found(f"database {request.path_params['database_id']}")
        return JSONResponse({"object": "list", "results": [ws.pages[p] for p in pages], "has_more": False})

    def r(path: str, handler: Callable[[Request, NotionWorkspace], Awaitable[Response]], method: str) -> Route:
        return Route(path, _guard(workspaces_by_token.get, handler), methods=[method])

    return Starlette(
        routes=[
            r("/v1/users", list_users, "GET"),
            r("/v1/users/me", get_self, "GET"),
            r("/v1/users/{user_id}", get_user, "GET"),
            r("/v1/pages", create_page, "POST"),
            r("/v1/pages/{page_id}", get_page, "GET"),
            r("/v1/pages/{page_id}", update_page, "PATCH"),
            r("/v1/search", search, "POST"),
            r("/v1/blocks/{block_id}/children", block_children, "GET"),
            r("/v1/blocks/{block_id}", delete_block, "DELETE"),
            r("/v1/databases/{database_id}/query", query_database, "POST"),
        ]
    )


def calcom_app(accounts_by_token: Mapping[str, CalcomAccount]) -> Starlette:
    ids = itertools.count(100)

    def ok(data: Any, status: int = 200) -> Response:
        return JSONResponse({"status": "success", "data": data}, status_code=status)

    async def me(request: Request, acct: CalcomAccount) -> Response:
        return ok(acct.owner)

    async def list_schedules(request: Request, acct: CalcomAccount) -> Response:
        return ok(list(acct.schedules.values()))

    async def get_schedule(request: Request, acct: CalcomAccount) -> Response:
        try:
            schedule = acct.schedules.get(int(request.path_params["schedule_id"]))
        except ValueError:
            schedule = None
        return ok(schedule) if schedule else _not_found(f"schedule {request.path_params['schedule_id']}")

    async def create_schedule(request: Request, acct: CalcomAccount) -> Response:
        body = await _json(request)
        sid = next(ids)
        acct.schedules[sid] = {
            "id": sid,
            "name": str(body.get("name", "New schedule")),
            "timeZone": str(body.get("timeZone", "UTC")),
            "isDefault": False,
        }
        return ok(acct.schedules[sid], 201)

    async def delete_schedule(request: Request, acct: CalcomAccount) -> Response:
        try:
            removed = acct.schedules.pop(int(request.path_params["schedule_id"]), None)
        except ValueError:
            removed = None
        return ok(removed) if removed else _not_found(f"schedule {request.path_params['schedule_id']}")

    async def list_bookings(request: Request, acct: CalcomAccount) -> Response:
        return ok(list(acct.bookings.values()))

    async def create_booking(request: Request, acct: CalcomAccount) -> Response:
        body = await _json(request)
        uid = f"bk-{next(ids)}"
        acct.bookings[uid] = {
            "uid": uid,
            "start": body.get("start"),
            "eventTypeId": body.get("eventTypeId"),
            "attendee": body.get("attendee"),
            "status": "accepted",
        }
        return ok(acct.bookings[uid], 201)

    async def cancel_booking(request: Request, acct: CalcomAccount) -> Response:
        booking = acct.bookings.get(request.path_params["booking_uid"])
        if booking is None:
            return _not_found(f"booking {request.path_params['booking_uid']}")
        booking["status"] = "cancelled"
        return ok(booking)

    async def event_types(request: Request, acct: CalcomAccount) -> Response:
        return ok(copy.deepcopy(acct.event_types))

    def r(path: str, handler: Callable[[Request, CalcomAccount], Awaitable[Response]], method: str) -> Route:
        return Route(path, _guard(accounts_by_token.get, handler), methods=[method])

    return Starlette(
        routes=[
            r("/v2/me", me, "GET"),
            r("/v2/schedules", list_schedules, "GET"),
            r("/v2/schedules", create_schedule, "POST"),
            r("/v2/schedules/{schedule_id}", get_schedule, "GET"),
            r("/v2/schedules/{schedule_id}", delete_schedule, "DELETE"),
            r("/v2/bookings", list_bookings, "GET"),
            r("/v2/bookings", create_booking, "POST"),
            r("/v2/bookings/{booking_uid}/cancel", cancel_booking, "POST"),
            r("/v2/event-types", event_types, "GET"),
        ]
    )


# Tokens the demo org's connections reference through environment variables.
DEMO_TOKENS: dict[str, str] = {
    "DEMO_NOTION_LEGAL_TOKEN": "demo-notion-legal",
    "DEMO_NOTION_MARKETING_TOKEN": "demo-notion-marketing",
    "DEMO_CALCOM_TOKEN": "demo-calcom",
}


def create_demo_saas() -> Starlette:
    """Both demo apps under one ASGI app: ``/notion/...`` and ``/calcom/...``."""
    workspaces = demo_notion_workspaces()
    notion = notion_app(
        {
            DEMO_TOKENS["DEMO_NOTION_LEGAL_TOKEN"]: workspaces["legal"],
            DEMO_TOKENS["DEMO_NOTION_MARKETING_TOKEN"]: workspaces["marketing"],
        }
    )
    calcom = calcom_app({DEMO_TOKENS["DEMO_CALCOM_TOKEN"]: demo_calcom_account()})
    return Starlette(routes=[Mount("/notion", app=notion), Mount("/calcom", app=calcom)])
