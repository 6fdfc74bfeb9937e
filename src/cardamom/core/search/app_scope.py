"""Connector-name scoping: which of the org's apps a query names, and which apps it names that
the org has not connected.

An app's own name is cheap in its own pool (every one of its tools carries it), so the floor
cannot enforce it: ``asana label a task`` found Jira's ``get_all_labels``. A query word that
names one of the org's connectors (its label, ``Cal.com``; an account, ``notion-legal``; the
brand a label starts with, ``Google`` for Google Calendar and Google Drive) scopes the ranking
to that connector's tools, weights and floor inside it (``cardamom.core.search``). The names
come from the index itself, so they are exactly the org's connectors, whatever the caller may
use; an app the index holds none of is recognised only from ``KNOWN_APPS``.

A name is recognised only where it stands for its app in this index: a one-word name is kept
when at least half of the tools carrying that word belong to the app (``slack`` in a pool with
Slack; not ``weather`` where twenty other tools say weather). Longer names must appear as
their words in order (``google calendar``, ``cal com``) or joined (``calcom``, ``github``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, partial

from cardamom.core.search.given_ids import REPOSITORY_SLUG
from cardamom.core.search.known_apps import known_app_mentions, tooling_mentions
from cardamom.core.search.tokens import tokenize

_LONGEST_NAME = 4  # tokens: longer labels are matched joined or by their leading brand only
_MIN_SHARE = 0.5  # of the tools carrying a one-word name, how many must be the app's


class MentionKeys(dict[str, tuple[str, ...]]):
    """The mention keys of an index (``app_vocabulary``), and the words that may open a key of
    two words or more (``openers``): a request's other words are looked up alone, not as the
    first of two to four (most of a long request's words name no app)."""

    openers: frozenset[str]

    def __init__(self, keys: Mapping[str, tuple[str, ...]]) -> None:
        super().__init__(keys)
        self.openers = _openers(keys)


def _openers(keys: Iterable[str]) -> frozenset[str]:
    """The first words of the keys of several words, and what a key written as one word may
    be written as the start of: "cal" of "calcom"."""
    found: set[str] = set()
    for key in keys:
        first, space, _ = key.partition(" ")
        found.update((first,) if space else (key[:end] for end in range(1, len(key))))
    return frozenset(found)


@cache
def _known_openers() -> frozenset[str]:
    """``_openers`` of the known apps' names (``known_app_mentions``, each as its words joined by a space)."""
    return _openers(" ".join(words) for words in known_app_mentions())


@dataclass(frozen=True, slots=True)
class AppMention:
    """One app the query named: as the org writes it, the query tokens that named it, and
    whether the org has it (in the index) or it is only a known app's name."""

    name: str
    words: tuple[str, ...]
    connected: bool


def _keys(name: str) -> list[str]:
    tokens = tokenize(name)
    if not tokens:
        return []
    keys = [" ".join(tokens)] if len(tokens) <= _LONGEST_NAME else []
    if len(tokens) > 1:
        keys.append("".join(tokens))
    return keys


def app_vocabulary(
    apps: Mapping[str, Iterable[int]],
    accounts: Mapping[str, Iterable[int]],
    carriers: Callable[[str], frozenset[int]],
    *,
    tooling: bool = True,
) -> tuple[dict[str, frozenset[int]], MentionKeys]:
    """The scope targets (an app's label or an account -> its tools) and the mention keys
    (query tokens joined by a space -> the targets they name).

    ``apps`` maps connector labels to their tools, ``accounts`` account names to theirs;
    ``carriers(token)`` is every tool carrying ``token`` in any field; ``tooling``: an app's
    command-line tool or SDK (``known_apps.tooling_mentions``) names it too.
    """
    targets: dict[str, frozenset[int]] = {name: frozenset(docs) for name, docs in apps.items() if name}
    mentions: dict[str, set[str]] = {}
    for label in targets:
        for key in _keys(label):
            mentions.setdefault(key, set()).add(label)
    known = known_app_mentions()
    firsts: dict[str, set[str]] = {}
    for label in targets:
        tokens = tuple(tokenize(label))
        if tokens and len(tokens[0]) >= 3:
            firsts.setdefault(tokens[0], set()).add(label)
        for n in range(1, len(tokens)):  # a label that starts with a known app's name: that is its brand
            if tokens[:n] in known:
                mentions.setdefault(" ".join(tokens[:n]), set()).add(label)
    for first, labels in firsts.items():  # a brand several labels share: Google, Jira, Azure
        if len(labels) > 1:
            mentions.setdefault(first, set()).update(labels)
    for account, docs in accounts.items():
        if not account:
            continue
        for key in _keys(account):
            if key not in mentions:
                targets.setdefault(account, frozenset(docs))
                mentions[key] = {account}
    kept: dict[str, tuple[str, ...]] = {}
    for key, names in mentions.items():
        if " " not in key:
            scope = frozenset().union(*(targets[n] for n in names))
            carrying = carriers(key)
            if carrying and len(carrying & scope) < _MIN_SHARE * len(carrying):
                continue  # an everyday word in this index, not the app's name
        kept[key] = tuple(sorted(names))
    if tooling:  # no English word, so no share of the tools carrying it to check
        for label in targets:
            for key in _tooling_keys(label):
                kept.setdefault(key, (label,))
    return targets, MentionKeys(kept)


def _tooling_keys(label: str) -> list[str]:
    """The mention keys of the command-line tools and SDKs naming the app ``label`` names."""
    by_name = _tooling_by_name()
    return [key for name in _keys(label) for key in by_name.get(name, ())]


@cache
def _tooling_by_name() -> dict[str, tuple[str, ...]]:
    """Each key of an app's name -> the mention keys of its tools (``known_apps.tooling_mentions``)."""
    found: dict[str, list[str]] = {}
    for tokens, app in tooling_mentions().items():
        for key in _keys(app):
            found.setdefault(key, []).append(" ".join(tokens))
    return {key: tuple(keys) for key, keys in found.items()}


def find_mentions(
    tokens: Sequence[str], indexed: Mapping[str, tuple[str, ...]], labels: Container[str] = ()
) -> list[AppMention]:
    """The apps ``tokens`` (the query's, in order) name, longest name first; at equal length an
    app of the org wins over a known app it does not have. A known app's name whose every word
    is a connector-label word of the index (``labels``) is not taken for an app the org lacks."""
    known = known_app_mentions()
    openers = indexed.openers if isinstance(indexed, MentionKeys) else None
    known_openers = _known_openers()
    found: list[AppMention] = []
    i = 0
    while i < len(tokens):
        opens = openers is None or tokens[i] in openers or tokens[i] in known_openers
        longest = min(_LONGEST_NAME, len(tokens) - i) if opens else 1
        for n in range(longest, 0, -1):
            words = tuple(tokens[i : i + n])
            # A name's words as the query writes them, or run together ("azure devops" names
            # Azure DevOps, whose label splits into azure dev ops).
            joined = "".join(words) if n > 1 else None
            names = indexed.get(" ".join(words)) or (indexed.get(joined) if joined else None)
            if names:
                found.extend(AppMention(name, words, True) for name in names)
                i += n
                break
            known_name = known.get(words) or (known.get((joined,)) if joined else None)
            if known_name and not all(w in labels for w in words):
                found.append(AppMention(known_name, words, False))
                i += n
                break
        else:
            i += 1
    return found


def named_in(query: str, names: Iterable[str]) -> list[str]:
    """Which of ``names`` (app labels) ``query`` names: all of a name's words in order, or joined."""
    tokens = tokenize(query)
    text = f" {' '.join(tokens)} "
    found = []
    for name in names:
        keys = _keys(name)
        if any(f" {key} " in text for key in keys):
            found.append(name)
    return found


# A word joined by dashes, a #channel or an @handle: a name the request gives a thing ("the
# droplet named *test-box*", "*#box-team*"), whose parts name no app (``joined_names``).
_KEBAB_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+){2,}")
_JOINED = re.compile(r"(?<![\w@#/.-])(?:[#@][A-Za-z0-9]+(?:-[A-Za-z0-9]+)*|[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+)(?![\w/@-])")


def without_joined_names(
    query: str,
    indexed: Mapping[str, tuple[str, ...]],
    *,
    kebab: bool = False,
    slugs: bool = False,
    owners: bool = False,
) -> str:
    """``query`` with the words joined by dashes, the #channels and the @handles that hold an
    app's name as a part, but, joined by dashes, are not one as a whole ("test-box", "#box",
    not "cal-com"), cut out (each leaves a space); with ``kebab`` (``kebab_names``), not a
    request that is one such word of three parts or more: a tool's name guessed in kebab case
    ("asana-list-tasks", as "asana_list_tasks"); with ``slugs`` (``slug_owners``), the
    repositories' owner/name slugs too ("star *vercel/next.js*", "open an issue in
    *stripe/stripe-node*": no app named), a side holding a digit, a dot, a dash or an underscore
    ("slack/jira" names two apps, "credit/debit" is no repository); with ``owners``
    (``unconnected_owners``), one of plain words naming an app the org lacks ("facebook/react")."""
    if slugs and "/" in query:
        query = REPOSITORY_SLUG.sub(partial(_plain_words_kept, indexed if owners else None), query)
    if "-" not in query and "#" not in query and "@" not in query:
        return query
    if kebab and _KEBAB_NAME.fullmatch(query.strip()):
        return query

    known = known_app_mentions()

    def cut(match: re.Match[str]) -> str:
        word = match.group(0)
        parts = tokenize(word)
        whole = indexed.get(" ".join(parts)) or indexed.get("".join(parts)) or known.get(tuple(parts))
        if (whole and word[0] not in "#@") or not any(part in indexed or (part,) in known for part in parts):
            return word
        if len(parts) == 2 and parts[1].isdigit() and word[0] not in "#@":
            return word  # an issue's key: "JIRA-77" is Jira's own
        return " "

    return _JOINED.sub(cut, query)


# An identifier in capitals joined by underscores ("delete the *AWS_KEY* secret", "*SLACK_TOKEN*"):
# a variable's or a secret's name, whose parts name no app the org lacks (``constant_values``); a
# request that is one such name is a tool's name guessed in capitals ("SALESFORCE_CREATE_LEAD",
# ``constant_names``), and keeps its app
_CONSTANT = re.compile(r"(?<![\w@#/.-])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w/@-])")


def without_constant_names(query: str, indexed: Mapping[str, tuple[str, ...]]) -> str:
    """``query`` with each identifier in capitals joined by underscores cut out where a part of it
    names an app the org lacks ("get rid of the *AWS_KEY* secret in acme/api": AWS is not asked
    for); one naming the org's app stays ("the *GITHUB_TOKEN* of acme/api's workflows")."""
    if "_" not in query or _CONSTANT.fullmatch(query.strip()):
        return query
    known = known_app_mentions()

    def cut(match: re.Match[str]) -> str:
        parts = tokenize(match.group(0))
        return " " if any((part,) in known and part not in indexed for part in parts) else match.group(0)

    return _CONSTANT.sub(cut, query)


def _plain_words_kept(indexed: Mapping[str, tuple[str, ...]] | None, found: re.Match[str]) -> str:
    """The slug as written where both sides are plain words ("slack/jira"), a space otherwise;
    with ``indexed`` (the org's apps, ``unconnected_owners``), a space too where a side names an
    app the org lacks and the other none, or the same one ("facebook/react", "kubernetes/kubernetes":
    repositories, whose owner is no app asked for)."""
    slug = found.group(0)
    if not slug.replace("/", "").isalpha():
        return " "
    if indexed is None:
        return slug
    owner, _, name = slug.lower().partition("/")
    known = known_app_mentions()
    sides = [side in indexed or (side,) in known for side in (owner, name)]
    lacked = any((side,) in known and side not in indexed for side in (owner, name))
    return " " if lacked and (sides.count(True) == 1 or owner == name) else slug
