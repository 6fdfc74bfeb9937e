"""An id whose prefix says its kind: Stripe's "ch_3Nx" is a charge's, "cus_1" a customer's,
"pi_123" a payment intent's, "sub_991" a subscription's. A request writes the id alone ("refund
ch_3Nx on stripe", "get cus_123 from stripe", "cancel sub_991"), or with a word of its own
("refund stripe *payment* ch_1"), and the tools acting on that kind never met the request's
words (``prefixed_ids``).

An app's names say which kinds its ids have: a path's parameter named after its thing
(``get_charges_charge``, ``get_payment_intents_intent``, ``get_subscriptions_subscription_exposed_id``).
A prefix is the start of such a kind's word ("ch": charges, "cus": customers) or the initials of
its two words ("pi": payment intents); where several kinds start so, the one most names say.
The id is then written after its kind ("refund charge ch_3Nx"), and a synonym written for the
kind before it ("payment") is read as the kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import EMPTY, own_name_words
from cardamom.core.search.synonyms import is_action_word, synonyms_of
from cardamom.core.search.tokens import inflection_key, singular, tokenize
from cardamom.core.search.verbal_nouns import known_verb

# an id of a short lower-case prefix, an underscore and letters and digits: "ch_3Nx", "cus_123",
# "cus_NffrFeUfNV2Hib" (with a digit, or in capitals as examples write them: "cus_XYZ"; "pulls_get"
# is a name's words)
_PREFIXED = re.compile(
    r"(?<![\w/.@-])(?P<prefix>[a-z]{2,5})_(?P<rest>[A-Za-z0-9]*[0-9][A-Za-z0-9]*|[A-Z]{2,})(?![\w/@-])"
)
_BEFORE = re.compile(r"(?P<word>[A-Za-z]+)\s*$")
_ARGUMENT_MARKS = frozenset({"=", ":", '"', "'", "("})


def kinded_ids(index: SearchIndex, request: str, apps: Iterable[str]) -> str:
    """``request`` with each id whose prefix names a kind of ``apps``' things written after that
    kind ("get cus_123 from stripe": "get customer cus_123 from stripe"); ``request`` where it
    has none, or where the word before the id is its kind already."""
    if len(request) > 2000 or "_" not in request:
        return request
    kinds: dict[str, str] = {}
    apps = tuple(apps)
    for app in apps:
        for prefix, named in _kinds(index, app).items():
            kinds.setdefault(prefix, named)
    written = request
    said = {inflection_key(w) for w in tokenize(request)}
    apps_named = {app.casefold() for app in apps}  # "get stripe cus_1": the app's name is no kind of its things
    tools = index.tools_of(apps)
    for found in reversed(list(_PREFIXED.finditer(request))):
        kind = kinds.get(found.group("prefix"))
        if kind is None or request[: found.start()].rstrip()[-1:] in _ARGUMENT_MARKS:
            continue  # an argument's value ("customer=cus_123")
        last = kind.split()[-1]
        if inflection_key(last) in said:
            continue  # "customer cus_123", "stripe customers cus_1 and cus_2" say it
        before = _BEFORE.search(written[: found.start()])
        word = before.group("word").casefold() if before is not None else ""
        own = {inflection_key(w) for w in (*synonyms_of(last), *kind.split())}  # ("*payment* pi_1": a payment intent)
        if word.startswith(found.group("prefix")) and index.name_postings.get(word, EMPTY) & tools:
            continue  # a kind of the app its prefix starts, though a verb too: "*transfer* tr_1"
        if before is not None and inflection_key(word) in own:
            written = f"{written[: before.start()]}{kind} {written[found.start() :]}"  # "payment ch_1"
        elif word and word not in apps_named and not known_verb(word) and index.name_postings.get(word, EMPTY) & tools:
            continue  # a kind of the app's written before it: "subscription *item* si_1", no setup intent's
        else:
            written = f"{written[: found.start()]}{kind} {written[found.start() :]}"
    return written


def _opens(word: str) -> bool:
    """``word`` is a verb opening a name: an action's, or an HTTP method's (``get_``, ``post_``)."""
    return word in _METHODS or is_action_word(word)


_METHODS = frozenset({"get", "post", "put", "patch", "delete", "head"})


def _kinds(index: SearchIndex, app: str) -> dict[str, str]:
    """The prefixes of ``app``'s ids and the kind each names, built on first use."""
    cached = index.id_kind_cache.get(app)
    if cached is not None:
        return cached
    counts: dict[str, int] = {}
    documents = index.documents
    for doc_id in index.tools_of([app]):
        words = own_name_words(documents[doc_id].name)
        for i in range(len(words) - 1):
            # "charges_charge": a thing's parameter after its kind; "payment_intents_intent" too
            if words[i + 1] != singular(words[i]) or words[i] == words[i + 1]:
                continue
            # the kind's own word where a verb opens it ("get_charges_charge"), else two words
            # ("post_payment_intents_intent", "get_terminal_readers_reader")
            kind = singular(words[i]) if i == 0 or _opens(words[i - 1]) else f"{words[i - 1]} {singular(words[i])}"
            counts[kind] = counts.get(kind, 0) + 1
    found: dict[str, tuple[int, str]] = {}
    for kind, count in counts.items():
        parts = kind.split()
        prefixes = [parts[0][:n] for n in range(2, min(len(parts[0]), 5) + 1)] if len(parts) == 1 else []
        prefixes += ["".join(p[0] for p in parts)] if len(parts) == 2 else []
        for prefix in prefixes:
            if prefix not in found or found[prefix][0] < count:
                found[prefix] = (count, kind)
    index.id_kind_cache[app] = {prefix: kind for prefix, (_, kind) in found.items()}
    return index.id_kind_cache[app]
