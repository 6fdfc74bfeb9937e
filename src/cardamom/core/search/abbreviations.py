"""Words shortened as people write them in a hurry, spelled the British way, or naming a kind of
a page's block, spelled out as the names spell them (``abbreviations``)."""

from __future__ import annotations

import re
from collections.abc import Container, Set

# Words shortened as people write them in a hurry ("slack *msg* to #dev", "box *dl* file 552",
# "intercom *convos*"), spelled out where no tool's name carries the short form itself. Not the
# shortenings a name's word opens with ("cust", "inv", "proj": the prefix match reads them).
ABBREVIATIONS: dict[str, str] = {
    "msg": "message",
    "msgs": "messages",
    "dl": "download",
    "conv": "conversation",
    "convo": "conversation",
    "convs": "conversations",
    "convos": "conversations",
    "acct": "account",
    "txn": "transaction",
    "txns": "transactions",
    "pmt": "payment",
    "appt": "appointment",
    "mtg": "meeting",
    "addr": "address",
    "pwd": "password",
    "usr": "user",
    "grp": "group",
    "img": "image",
    "attr": "attribute",
    "desc": "description",
    "k8s": "kubernetes",
    "env": "environment",
    "envs": "environments",
    "invs": "invoices",
    "tkt": "ticket",
    "tkts": "tickets",
    "accts": "accounts",
    "pmts": "payments",
    "appts": "appointments",
    "mtgs": "meetings",
    "notif": "notification",
    "notifs": "notifications",
    "perms": "permissions",
    "var": "variable",
    "vars": "variables",
    "subs": "subscriptions",
    "cfg": "configuration",
    "ppl": "people",
    # ... and orders shortened ("*del* box file 123", "*upd* asana task 55", "*gimme* the stripe invoices")
    "del": "delete",
    "upd": "update",
    "gimme": "get",
    # the kinds of a page's blocks, which the names call blocks ("append a *paragraph* to notion page 5c1e")
    "paragraph": "block",
    "paragraphs": "blocks",
    "heading": "block",
    "headings": "blocks",
    "callout": "block",
    "callouts": "blocks",
    # British spellings, where the names say them the American way
    "colour": "color",
    "colours": "colors",
    "organisation": "organization",
    "organisations": "organizations",
    "licence": "license",
    "licences": "licenses",
    "catalogue": "catalog",
    "behaviour": "behavior",
    "favourite": "favorite",
    "favourites": "favorites",
    "authorise": "authorize",
}


# Phrases the names shorten to their initials ("list *out-of-office* entries": Cal.com's
# ``..._get_organization_user_ooo``; "the calendar's *access control list*": ``calendar_acl_list``),
# each read as the short form where some tool's name carries it (``shortened_phrases``)
SHORTENED_PHRASES: dict[tuple[str, ...], str] = {
    ("out", "of", "office"): "ooo",
    ("single", "sign", "on"): "sso",
    ("access", "control", "list"): "acl",
    ("service", "level", "agreement"): "sla",
    ("paid", "time", "off"): "pto",
    ("multi", "factor", "authentication"): "mfa",
    ("two", "factor", "authentication"): "2fa",
    ("frequently", "asked", "questions"): "faq",
    ("software", "bill", "of", "materials"): "sbom",
    ("know", "your", "customer"): "kyc",
    ("time", "to", "live"): "ttl",
}
_PHRASE_STARTS = frozenset(phrase[0] for phrase in SHORTENED_PHRASES)


def spelled_out(tokens: tuple[str, ...], vocabulary: Container[str], *, phrases: bool = False) -> tuple[str, ...]:
    """``tokens`` with each shortened word (``ABBREVIATIONS``) spelled out, where no tool's name
    (``vocabulary``) carries it as written; ``phrases``: each phrase a name shortens
    (``SHORTENED_PHRASES``) read as its short form, where a name carries that."""
    if phrases and not _PHRASE_STARTS.isdisjoint(tokens):
        tokens = _shortened(tokens, vocabulary)
    if not any(t in ABBREVIATIONS for t in tokens):
        return tokens
    return tuple(ABBREVIATIONS[t] if t in ABBREVIATIONS and t not in vocabulary else t for t in tokens)


def _shortened(tokens: tuple[str, ...], vocabulary: Container[str]) -> tuple[str, ...]:
    read: list[str] = []
    i = 0
    while i < len(tokens):
        found = next(
            (
                (phrase, short)
                for phrase, short in SHORTENED_PHRASES.items()
                if tokens[i : i + len(phrase)] == phrase and short in vocabulary
            ),
            None,
        )
        read.append(found[1] if found else tokens[i])
        i += len(found[0]) if found else 1
    return tuple(read)


def spelled_values(values: Set[str], request: str) -> frozenset[str]:
    """The values spelled out ("the *cfg* broke": a configuration's), but where the request writes
    the spelled word itself: there it is a word of the request, the value only an id's prefix
    ("get stripe connected *account* acct_1Mx" asks for an account)."""
    return frozenset(
        ABBREVIATIONS.get(v, v)
        for v in values
        if v not in ABBREVIATIONS or not re.search(rf"\b{re.escape(ABBREVIATIONS[v])}\b", request, re.IGNORECASE)
    )
