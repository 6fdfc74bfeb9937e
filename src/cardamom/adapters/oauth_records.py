"""The authorization server's records as JSON, the one encoding both its stores use."""

from __future__ import annotations

import json
from dataclasses import asdict, fields
from typing import Any, TypeVar

from cardamom.core.oauth_clients import OAuthClient
from cardamom.core.oauth_grants import AuthorizationCode, PendingAuthorization, RefreshFamily

Record = TypeVar("Record", OAuthClient, PendingAuthorization, AuthorizationCode, RefreshFamily)


def dump(record: OAuthClient | PendingAuthorization | AuthorizationCode | RefreshFamily) -> str:
    return json.dumps(asdict(record), separators=(",", ":"), sort_keys=True)


def load(cls: type[Record], text: str) -> Record:
    data: dict[str, Any] = json.loads(text)
    known = {f.name for f in fields(cls)}
    # Lists come back where the record holds tuples; unknown keys (a newer writer's) are dropped.
    values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k in known}
    return cls(**values)
