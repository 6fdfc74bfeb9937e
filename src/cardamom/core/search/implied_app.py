"""Which one of the org's apps a request names without its name: "delete droplet 12345",
"get the README of octocat/hello-world". A word only one app's tool names carry (``droplet``:
DigitalOcean; ``readme``: GitHub) says the request is for that app as plainly as its name
would, so it is ranked there as inside a named app (``scope.scope_pool``): its values leave
the mass and synonyms apply. When two words point to two apps, or none does, nothing is
implied. A request is ranked in the app its words imply only when, as written, it finds
nothing (``rank.rank``), and that answer stands when the app has nothing either: an implied
app can add a result, never take one away. Where a thing the request names by its id is of a
kind only that app's names say ("delete *droplet 5512* now"), the request is read as placed in
the app, as if named, its frame and question read too (``numbered_kind``, ``implied_frames``).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.given_ids import REPOSITORY, says_repository
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import EMPTY, union_of
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import GRAMMAR_WORDS, NAME_ONLY_QUERY_WORDS, QUERY_FILLER_WORDS

# A request of more words than this asks for several things (two or three sentences of
# StableToolBench), whose words rarely imply one app; looking costs a second ranking.
_MOST_WORDS = 10


def implied_app(
    index: SearchIndex, analysis: QueryAnalysis, tokens: tuple[str, ...], visible: Collection[int] | None, size: int
) -> tuple[str, frozenset[int]] | None:
    """The one app and its tools (of ``visible``) that the request's words imply, or None.

    Only a request in words of two to ``_MOST_WORDS`` words besides its values, and only an app
    that is a part of the caller's pool (in a pool of one app, naming it changes nothing).
    """
    content = [t for t in tokens if t not in analysis.values and t not in NAME_ONLY_QUERY_WORDS]
    if analysis.name_shaped or not 2 <= len(content) <= _MOST_WORDS:
        return None
    if index.options.actions_imply_nothing:
        # an action names no app, however few apps' names say it ("send": Stripe's invoices alone)
        content = [t for t in content if not is_action_word(t)]
    found: dict[str, str] = {}
    for token in content:
        entry = index.postings(token)
        carriers = union_of((entry.name, entry.inflected))
        if visible is not None:
            carriers = carriers & visible  # type: ignore[operator]
        app = _only_app(index, carriers)
        if app is not None:
            found.setdefault(app, token)
    if len(found) > 1 and index.options.implied_frames:
        # the thing named by its id says which ("when did *droplet 5512* last reboot": "last"
        # is a word of Twilio's names, "deployed" of GitHub's)
        kinds = _numbered_kinds(analysis)
        found = {app: token for app, token in found.items() if token in kinds}
    if len(found) != 1:
        return None
    app = next(iter(found))
    tools = index.app_targets.get(app, EMPTY)
    scoped = tools if visible is None else tools & visible  # type: ignore[operator]
    if not scoped or len(scoped) >= size:
        return None
    return app, frozenset(scoped)


def slug_app(
    index: SearchIndex, query: str, visible: Collection[int] | None, size: int
) -> tuple[str, frozenset[int]] | None:
    """The one app whose tools take an owner's repository (``parameter_things``), for a request
    naming a repository by its owner/name slug and no app ("force cancel workflow run 88 in
    *acme/api*": GitHub's); none where two apps' tools take one (GitHub's and Bitbucket's)."""
    if not index.parameter_things or not says_repository(query):
        return None
    taking = index.taking(REPOSITORY)
    app = _only_app(index, taking if visible is None else taking & visible)  # type: ignore[operator]
    if app is None:
        return None
    tools = index.app_targets.get(app, EMPTY)
    scoped = tools if visible is None else tools & visible  # type: ignore[operator]
    return (app, frozenset(scoped)) if scoped and len(scoped) < size else None


def _numbered_kinds(analysis: QueryAnalysis) -> set[str]:
    """The words written before a value with a digit: the kinds of things named by their ids
    ("*droplet* 5512")."""
    return {
        word
        for word, after in analysis.after_words
        if after in analysis.values and _has_digit(after) and word not in QUERY_FILLER_WORDS | GRAMMAR_WORDS
    }


# a capitalised word inside a sentence: a name, maybe of an app the org has not connected
# ("Delete the *Onsched Setup* resource image 7460264")
_PROPER_NAME = re.compile(r"(?<![.!?:;]\s)(?<=\s)[A-Z][a-z]+")


def numbered_kind(index: SearchIndex, analysis: QueryAnalysis, app: str, query: str) -> bool:
    """The request names a thing by its id whose kind only ``app``'s names say, and no name
    written in capitals that may be another app's: where an implied app may read the request's
    frame and questions too ("delete *droplet 5512* now"); a weaker word ("last", which one
    Twilio name says) implies no more than its own ranking there."""
    if _PROPER_NAME.search(query[:500]) is not None:
        return False
    for kind in _numbered_kinds(analysis):
        entry = index.postings(kind)
        if _only_app(index, union_of((entry.name, entry.inflected))) == app:
            return True
    return False


def _has_digit(word: str) -> bool:
    return any(c.isdigit() for c in word)


def _only_app(index: SearchIndex, carriers: Collection[int]) -> str | None:
    """The app of every tool in ``carriers``, when they share one; stops at the second app."""
    app: str | None = None
    for doc_id in carriers:
        this = index.app_of(doc_id)
        if app is None:
            app = this
        elif this != app:
            return None
    return app


def named_in_tools(
    index: SearchIndex, mentions: tuple[AppMention, ...], visible: Collection[int] | None
) -> frozenset[int]:
    """The caller's tools whose names carry the name of every app the query names that the
    org has not connected: "list kubernetes clusters" names Kubernetes, which the org does not
    connect, and asks for DigitalOcean's ``kubernetes_list_clusters``. Empty when any app named
    is one no tool name of the pool carries (that request is for an app the org lacks)."""
    found: list[frozenset[int]] = []
    for mention in mentions:
        carrying = [index.name_postings.get(word, EMPTY) for word in mention.words]
        tools = frozenset.intersection(*carrying) if carrying else EMPTY
        if visible is not None:
            tools = tools & visible  # type: ignore[operator]
        if not tools:
            return EMPTY
        found.append(tools)
    return union_of(found)
