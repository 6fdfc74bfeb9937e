"""What search reads of a tool: its advertised name, its connector label and its own
description, and never the scaffolding Cardamom writes around them.

A merged tool's description ends with "Reaches more than one connection: set account to
legal or marketing.", a frozen tool's with "Frozen parameters set on this connection: ...".
The seeds leave ``set``, ``connection``, ``frozen`` and ``more`` out of description scoring for
that reason; the rest of those sentences ("reaches", "one", "account", "parameters") is
scaffolding too, so it is not scored at all: the sentences are built here, and the document
reads the description without them. What they carry that a caller may search for stays
scorable, as the seeds require: a frozen value as a description word, and a merged tool's
account labels as name words, as an unmerged tool's account is part of its name
(``notion-legal__list_users``), so "legal" picks the legal account's tool either way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from cardamom.core.naming import MAX_NAME_LENGTH
from cardamom.core.search.document import SearchDocument
from cardamom.core.search.parameter_paths import parameter_things
from cardamom.core.search.shortened_names import remember_whole_name
from cardamom.core.search.tokens import description_tokens, tokenize
from cardamom.core.search.tool_titles import tool_title

_DIGEST = re.compile(r"[0-9a-f]{8}")


class SearchableTool(Protocol):
    """The fields of a pool tool search reads (``cardamom.core.pool.PoolTool``)."""

    @property
    def name(self) -> str: ...
    @property
    def account(self) -> str: ...
    @property
    def tool(self) -> str: ...
    @property
    def connector(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def frozen(self) -> dict[str, Any]: ...
    @property
    def accounts(self) -> tuple[str, ...]: ...
    @property
    def account_argument(self) -> str | None: ...
    @property
    def frozen_by_account(self) -> dict[str, dict[str, Any]]: ...
    @property
    def path(self) -> str: ...
    @property
    def input_schema(self) -> dict[str, Any]: ...


def _value_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


def frozen_sentence(values: Mapping[str, Any], account: str | None = None) -> str:
    """The sentence a frozen tool's description ends with (scaffolding but for the values)."""
    where = "this connection" if account is None else f"connection {account}"
    listed = ", ".join(f"{key}={_value_text(value)}" for key, value in sorted(values.items()))
    return f"Frozen parameters set on {where}: {listed}."


def merged_sentence(argument: str, accounts: Sequence[str]) -> str:
    """The sentence a merged tool's description carries after its own (scaffolding but for the labels)."""
    return f"Reaches more than one connection: set {argument} to {' or '.join(accounts)}."


def _scaffolding(tool: SearchableTool) -> str:
    if tool.account_argument is not None:
        parts = [merged_sentence(tool.account_argument, tool.accounts)]
        parts += [frozen_sentence(v, a) for a, v in tool.frozen_by_account.items() if v]
        return " ".join(parts)
    return frozen_sentence(tool.frozen) if tool.frozen else ""


def own_description(tool: SearchableTool) -> str:
    """The tool's description without the scaffolding sentences the snapshot appended."""
    text = tool.description
    scaffolding = _scaffolding(tool)
    if scaffolding and text.endswith(scaffolding):
        return text[: len(text) - len(scaffolding)].strip()
    return text


def _frozen_values(tool: SearchableTool) -> Iterable[Any]:
    yield from tool.frozen.values()
    for values in tool.frozen_by_account.values():
        yield from values.values()


def _frozen_arguments(tool: SearchableTool) -> set[str]:
    """The arguments an admin froze, for every account or for one: the caller never gives them."""
    return set(tool.frozen).union(*tool.frozen_by_account.values())


def name_words(tool: SearchableTool) -> set[str]:
    """The words of a tool's advertised name. A name over the clients' 64 characters is cut and
    ends with a digest of the whole (``naming.advertised_name``): its words are then those of
    the part kept and of the whole tool name, never the digest's letters and digits."""
    name = tool.name
    kept, dash, digest = name.rpartition("-")
    if len(name) == MAX_NAME_LENGTH and dash and _DIGEST.fullmatch(digest) and not name.endswith(tool.tool):
        whole = set(tokenize(tool.tool))
        words = tokenize(kept)
        # the cut may fall inside a word ("..._for_reposi"): that part is no word of the name
        return set(words[:-1] if words and words[-1] not in whole else words) | whole
    return set(tokenize(name))


def search_document(tool: SearchableTool, label: str) -> SearchDocument:
    """The document search indexes for one tool: name (with a merged tool's account labels),
    connector label, and own description plus frozen values; scaffolding never scores."""
    merged = tool.account_argument is not None
    remember_whole_name(tool.name, tool.account or tool.connector, tool.tool)
    name_tokens = name_words(tool)
    if merged:
        name_tokens.update(t for account in tool.accounts for t in tokenize(account))
    values = {t for v in _frozen_values(tool) for t in tokenize(_value_text(v))}
    description = own_description(tool)
    return SearchDocument(
        name=tool.name,
        name_tokens=frozenset(name_tokens),
        label_tokens=frozenset(tokenize(label)),
        description_tokens=description_tokens(description) | values,
        label=label,
        accounts=tool.accounts if merged else (tool.account,),
        title=tool_title(description),
        parameters=parameter_things(tool.path, tool.input_schema, _frozen_arguments(tool)),
    )
