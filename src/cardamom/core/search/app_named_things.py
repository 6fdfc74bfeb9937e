"""A thing's name that is an app's name (``app_named_things``).

Organizations, workspaces and teams are often named after a product, and a quoted name is a
name whatever it says: "the public members of the GitHub organization *'vercel'*", "list the
members of github org *vercel*", "the Asana project *'Zoom rollout'*". There the app is the
thing's owner's, not one asked for; read as a mention of an app the org lacks, its name
weighed as a word no tool says and the request found nothing. Only such a name is cut from
the words that name apps: an app the org has, quoted or not, still names it ("create a jira
issue 'Slack bot down'" keeps Slack), and a product named anywhere else ("sync github issues
to linear", "post this to *discord*") is still an app the org lacks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache

from cardamom.core.search.known_apps import known_app_mentions
from cardamom.core.search.tokens import tokenize

# A quoted span: opened after no letter or digit (not the apostrophe of "who's"), closed before none.
_QUOTED = re.compile(
    r"(?<![\w'\"\u2018\u201c])"
    r"(?:'([^'\n]{1,60})'|\"([^\"\n]{1,60})\"|\u2018([^\u2019\n]{1,60})\u2019|\u201c([^\u201d\n]{1,60})\u201d)(?!\w)"
)
# The kinds of things named after their owner, a company: the name written right after the kind.
_KINDS: tuple[str, ...] = ("org", "orgs", "organization", "organisation", "organizations", "organisations")
_KINDS += ("enterprise", "workspace", "team", "company")
_NAMED_KIND = re.compile(rf"\b({'|'.join(_KINDS)})(\s+)([A-Za-z][\w.]*)", re.IGNORECASE)
_QUOTES = "'\"\u2018\u201c"  # the marks opening a quote (they and the kinds: cheap tests first)
_LONGEST = 4  # words of a known app's name


def without_thing_names(query: str, indexed: Mapping[str, tuple[str, ...]], words: Iterable[str]) -> str:
    """``query`` with each quoted span, and each word right after an organization's, a workspace's
    or a team's kind word, cut out (a space left) where it names an app the org lacks and none it
    has (``indexed``: the org's apps' mention keys; ``words``: the query's, as read)."""
    openers = _known_openers()
    if not any(word in openers and word not in indexed for word in words):
        return query  # most requests: no word opens the name of an app the org lacks

    def quoted(match: re.Match[str]) -> str:
        span = next(group for group in match.groups() if group is not None)
        return " " if _names_lacked_app(tokenize(span), indexed) else match.group(0)

    def after_kind(match: re.Match[str]) -> str:
        kind, space, name = match.groups()
        return kind + space + " " if _names_lacked_app(tokenize(name), indexed) else match.group(0)

    cut = _QUOTED.sub(quoted, query) if any(mark in query for mark in _QUOTES) else query
    lowered = cut.casefold()
    return _NAMED_KIND.sub(after_kind, cut) if any(kind in lowered for kind in _KINDS) else cut


def _names_lacked_app(parts: list[str], indexed: Mapping[str, tuple[str, ...]]) -> bool:
    """Some run of ``parts`` names a known app the org lacks, and no part names an app it has."""
    if not parts or any(part in indexed for part in parts):
        return False
    known = known_app_mentions()
    runs = (tuple(parts[i : i + n]) for n in range(min(_LONGEST, len(parts)), 0, -1) for i in range(len(parts) - n + 1))
    return any(run in known and " ".join(run) not in indexed for run in runs)


@cache
def _known_openers() -> frozenset[str]:
    """The first words of the known apps' names."""
    return frozenset(words[0] for words in known_app_mentions())
