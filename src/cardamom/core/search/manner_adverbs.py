"""How the action is to be done, said by an adverb before it (``manner_adverbs``): "*fully* refund
stripe charge ch_9", "*temporarily* power off droplet 77", "*manually* close github issue 12",
"*safely* delete asana task 12", "*silently* remove bob from asana project 77".

An adverb says how a person would act, most often no word of the tool: as written, "fully" drew
a tax reversal, "manually" a suggestion's approval, and "safely" and "temporarily" were the
request's rarest words, so it found nothing. Read without it, where an order follows it and no
tool of the apps named says it whose name says a word of the request (Box's "*permanently* remove
file", ``delete_files_id_trash``, keeps "permanently").
"""

from __future__ import annotations

import re

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import own_name_words
from cardamom.core.search.tokens import inflection_key, tokenize
from cardamom.core.search.verbal_nouns import order_first

# an adverb of manner opening the request, maybe after "please" or "just": "(please) quietly archive ..."
_ADVERB = re.compile(
    r"^(?P<lead>\s*(?:(?:please|pls|just|kindly|now)\s+)*)(?P<adverb>[a-z]{3,}ly)\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# words ending "-ly" that are no adverbs of manner: "only", "early", "daily", "weekly", "family", "reply", "apply"
_NOT_MANNER = frozenset({"only", "early", "daily", "weekly", "monthly", "yearly", "hourly", "nightly", "quarterly"})
_NOT_MANNER |= {"family", "reply", "apply", "supply", "rely", "ally", "fly", "july", "italy", "bully", "tally", "rally"}
_NOT_MANNER |= {"multiply", "comply", "imply", "holy", "ugly", "friendly", "likely", "lonely", "lovely", "silly"}
# a verb and its particle, an order of their own: "power off", "shut down", "spin up"
_PHRASAL = re.compile(r"[a-z]{3,}\s+(?:off|on|up|down|out)\b", re.IGNORECASE)
_LONGEST = 400  # characters


def without_manner(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` without the adverb of manner opening it, where an order follows and no tool
    of ``tools`` (the named apps') says it whose name says a word of the request; ``request`` as
    written otherwise."""
    if len(request) > _LONGEST:
        return request
    found = _ADVERB.match(request)
    if found is None:
        return request
    adverb = found["adverb"].casefold()
    ordered = order_first(found["rest"]) or _PHRASAL.match(found["rest"]) is not None  # "power off ..."
    titled = index.options.titled_adverbs  # (said in a title: "*Permanently* remove file")
    if adverb in _NOT_MANNER or not ordered or _said_of(index, adverb, found["rest"], tools, titled=titled):
        return request
    return f"{found['lead']}{found['rest']}"


def _said_of(index: SearchIndex, adverb: str, rest: str, tools: frozenset[int], *, titled: bool = False) -> bool:
    """A tool of ``tools`` says ``adverb`` and its name a word of ``rest``: the adverb tells it
    from the others (Box's ``delete_files_id_trash``, "*Permanently* remove file"); ``titled``
    (``titled_adverbs``): in its title, not only deep in its description (Intercom's
    ``delete_conversation_attribute`` warns its deletion is done "permanently")."""
    said = index.postings(adverb).every & tools
    if titled and index.titles:
        key = inflection_key(adverb)
        said = frozenset(d for d in said if any(inflection_key(w) == key for w in index.titles[d]))
    if not said:
        return False
    words = {inflection_key(w) for w in tokenize(rest[:200])}
    documents = index.documents
    return any(not words.isdisjoint(map(inflection_key, own_name_words(documents[d].name))) for d in said)
