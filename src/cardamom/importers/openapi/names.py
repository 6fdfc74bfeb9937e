"""Tool names from operationIds or from the method and path, short enough and unique."""

from __future__ import annotations

import hashlib
import re
import unicodedata

MAX_TOOL_NAME = 40
"""Tool names are kept this short so that ``{account}__{tool}`` fits the 64-character limit."""

_CONTROLLER = re.compile(r"^[A-Za-z0-9]*Controller_(?:(?:v?\d+_)+)?(.+)$")
_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+\d*|[A-Z]+\d*|\d+")
_VERSION_SEGMENT = re.compile(r"^(v\d+(\.\d+)*|\d+(\.\d+)+|api)$", re.I)
_ABBREVIATIONS = {
    "organization": "org",
    "organizations": "orgs",
    "repository": "repo",
    "repositories": "repos",
    "configuration": "config",
    "configurations": "configs",
    "information": "info",
    "application": "app",
    "applications": "apps",
    "environment": "env",
    "environments": "envs",
    "authentication": "auth",
    "administrator": "admin",
    "administrators": "admins",
    "permission": "perm",
    "permissions": "perms",
    "parameter": "param",
    "parameters": "params",
    "attribute": "attr",
    "attributes": "attrs",
    "statistics": "stats",
    "specification": "spec",
    "identifier": "id",
    "description": "desc",
}
_VERBS = frozenset(
    [
        "get",
        "list",
        "create",
        "update",
        "delete",
        "remove",
        "add",
        "set",
        "post",
        "put",
        "patch",
        "fetch",
        "retrieve",
        "search",
        "find",
        "query",
        "replace",
        "upsert",
        "cancel",
        "send",
        "check",
        "enable",
        "disable",
        "start",
        "stop",
        "run",
        "move",
        "copy",
        "download",
        "upload",
        "revoke",
        "approve",
        "archive",
    ]
)
_FILLER = frozenset({"a", "an", "the", "for", "of", "to", "by", "with", "in", "on", "from", "given", "specified"})


def words(text: str) -> list[str]:
    """Lower-case ASCII words of an identifier in any common style."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return [w.lower() for chunk in re.split(r"[^A-Za-z0-9]+", ascii_text) for w in _WORD.findall(chunk)]


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def shorten_name(tokens: list[str], limit: int = MAX_TOOL_NAME) -> str:
    """Join words with ``_``; past ``limit`` characters, shorten in this order until it fits.

    1. abbreviate long common words (organization -> org, repository -> repo, ...);
    2. drop filler words (a, the, for, of, by, ...), never the first word;
    3. drop a word that repeats an earlier one (``transfers ... transfer``);
    4. drop words from the left, keeping the first word, the first verb (get, list, create, ...)
       and the last word: ``post_test_helpers_treasury_transfers_fail`` loses ``test``, then
       ``helpers``; ``gmail_users_settings_filters_create`` loses ``users``, then ``settings``;
    5. cut at ``limit`` characters.
    """

    def fits(ts: list[str]) -> bool:
        return len("_".join(ts)) <= limit

    if fits(tokens):
        return "_".join(tokens)
    tokens = [_ABBREVIATIONS.get(t, t) for t in tokens]
    if not fits(tokens):
        tokens = tokens[:1] + [t for t in tokens[1:] if t not in _FILLER]
    if not fits(tokens):
        seen: set[str] = set()
        unique = []
        for t in tokens:
            if _stem(t) not in seen:
                unique.append(t)
            seen.add(_stem(t))
        tokens = unique
    verb = next((i for i, t in enumerate(tokens) if t in _VERBS), 0)
    while not fits(tokens):
        droppable = [i for i in range(1, len(tokens) - 1) if i != verb]
        if not droppable:
            break
        del tokens[droppable[0]]
        if droppable[0] < verb:
            verb -= 1
    return "_".join(tokens)[:limit].rstrip("_")


def name_from_operation_id(operation_id: str) -> str:
    """``issues/list-for-repo`` -> ``issues_list_for_repo``; ``getHTTPThing`` -> ``get_http_thing``."""
    text = operation_id.strip()
    controller = _CONTROLLER.match(text)
    if controller:
        text = controller.group(1)
    return shorten_name(words(text))


def name_from_method_and_path(method: str, path: str) -> str:
    """``GET /v2/users/{id}/posts`` -> ``list_users_posts``; ``GET /users/{id}`` -> ``get_users``."""
    segments = [s for s in path.split("/") if s]
    static = [s for s in segments if not s.startswith("{") and not _VERSION_SEGMENT.match(s)]
    ends_in_param = bool(segments) and segments[-1].startswith("{")
    verb = {
        "GET": "get" if ends_in_param or not static else "list",
        "POST": "create",
        "PUT": "update",
        "PATCH": "update",
        "DELETE": "delete",
        "HEAD": "check",
    }.get(method, method.lower())
    return shorten_name([verb, *(w for s in static for w in words(s))])


def _digest(text: str, length: int = 4) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:length]


def unique_name(base: str, taken: set[str], key: str) -> str:
    """``base`` if free, else ``base`` (cut to fit) + ``_`` + a digest of ``key`` (method and path)."""
    if base not in taken:
        return base
    for length in (4, 6, 8, 12):
        suffix = "_" + _digest(key, length)
        candidate = base[: MAX_TOOL_NAME - len(suffix)].rstrip("_") + suffix
        if candidate not in taken:
            return candidate
    n = 2
    while f"{base[: MAX_TOOL_NAME - 4]}_{n}" in taken:
        n += 1
    return f"{base[: MAX_TOOL_NAME - 4]}_{n}"
