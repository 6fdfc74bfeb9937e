"""Markdown and HTML descriptions reduced to short plain text."""

from __future__ import annotations

import html
import re
from typing import Any

MAX_DESCRIPTION = 600

_FENCED = re.compile(r"```.*?(```|$)", re.S)
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_REF_LINK = re.compile(r"\[([^\]]+)\]\[[^\]]*\]")
_ADMONITION = re.compile(r"\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]", re.I)
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(\s[^<>]*)?/?>")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s*", re.M)
_QUOTE = re.compile(r"^\s*>\s?", re.M)
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+\.)\s+", re.M)
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}.*$", re.M)
_EMPHASIS = re.compile(r"(\*\*|__|~~)")
_SINGLE_EMPHASIS = re.compile(r"(?<![\w*])[*_]([^*_\n]+)[*_](?![\w*])")
_SPACE = re.compile(r"\s+")


def clean_text(text: Any) -> str:
    """Markdown and HTML reduced to plain text on one line."""
    if not isinstance(text, str) or not text:
        return ""
    out = _FENCED.sub(" ", text)
    out = _IMAGE.sub("", out)
    out = _LINK.sub(r"\1", out)
    out = _REF_LINK.sub(r"\1", out)
    out = _ADMONITION.sub(r"\1:", out)
    out = _TAG.sub(" ", out)
    out = html.unescape(out)
    out = _TABLE_RULE.sub(" ", out)
    out = _HEADING.sub("", out)
    out = _QUOTE.sub("", out)
    out = _BULLET.sub("", out)
    out = _EMPHASIS.sub("", out)
    out = _SINGLE_EMPHASIS.sub(r"\1", out)
    out = out.replace("`", "").replace("|", " ")
    return _SPACE.sub(" ", out).strip()


def clip(text: str, limit: int) -> str:
    """``text`` cut at a word boundary to at most ``limit`` characters, marked with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:.-") + "…"


def describe_operation(summary: Any, description: Any, *, deprecated: bool = False, unsaid: str = "") -> str:
    """The tool's description: the summary as its first sentence, then the description; ``unsaid``
    (``placed_description``) where the spec says neither."""
    head, body = clean_text(summary), clean_text(description)
    if head and body and not body.casefold().startswith(head.rstrip(".").casefold()):
        text = f"{head}{'' if head.endswith(('.', '!', '?', '…')) else '.'} {body}"
    else:
        text = body or head or unsaid
    if deprecated:
        text = f"Deprecated. {text}".strip()
    return clip(text, MAX_DESCRIPTION)


def placed_description(title: Any, path: str) -> str:
    """What a bare operation (no summary, no description: 547 of Twilio's 1,447) is told by: where
    it sits, the API's title and its path, its parameters elided ("Twilio - Taskrouter:
    /v1/Workspaces/{…}/Workflows/{…}"), so a model reading a search result, and search itself, still
    learn its product and the resource it reaches ("delete the TaskRouter workflow"). Not its
    parameters' names, whose words ("client" of ``{clientId}``, "account" of ``{AccountSid}``) no
    request asks for, the input schema names them; nor its method: the tool's name says the action,
    and a description saying it again would order this tool before a described one doing the same."""
    place = clean_text(title)
    where = _PARAMETER.sub("{…}", path.split("#", 1)[0].strip())
    return f"{place}: {where}" if place and where else place or where


_PARAMETER = re.compile(r"\{[^{}]*\}")
