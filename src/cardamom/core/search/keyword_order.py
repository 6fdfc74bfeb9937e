"""A keyword search whose action comes last ("xero contact archival", "stripe booking cancel",
"asana task comment add"), read with its action first, as the request it stands for ("archive
the xero contact"): the rules that read a request's verb (``verb_readings.state_change``, the
head noun's action, the first word among equals) read the first word.

Only a bag of words: no grammar word, no other action word, and a last word that is a verb,
or a noun made from one ("archival", "deletion", ``word_forms.base_forms``), that is seldom a
noun of its own. "github workflow run", "asana task list", "jira status update" and "box file
lock" name things, and keep their order.
"""

from __future__ import annotations

from cardamom.core.search.synonyms import LEADING_VERBS, is_action_word
from cardamom.core.search.tokens import QUERY_FILLER_WORDS, WH_WORDS, inflection_key, tokenize
from cardamom.core.search.verb_readings import STATE_VERBS
from cardamom.core.search.word_forms import base_forms

# Verbs that close a keyword search as its action: those an object seldom names ("run",
# "update", "list", "check", "post", "filter", "transfer", "release", "lock" are left out).
_TRAILING_VERBS = frozenset(
    {"get", "retrieve", "fetch", "read", "show", "obtain", "lookup", "grab", "create", "add", "make"}
    | {"insert", "generate", "edit", "modify", "alter", "amend", "rename", "delete", "remove", "erase"}
    | {"destroy", "trash", "discard", "purge", "wipe", "search", "find", "upload", "attach", "download"}
    | {"move", "relocate", "duplicate", "close", "resolve", "finish", "start", "begin", "launch", "execute"}
    | {"stop", "halt", "terminate", "abort", "cancel", "revoke", "buy", "assign", "allocate", "delegate"}
    | {"archive", "unarchive", "approve", "reject", "reopen", "reassign", "unassign", "publish", "unpublish"}
    | {"pause", "resume", "void", "confirm", "invite", "finalize", "merge", "restore", "verify", "reschedule"}
    | {"complete"}
)


def verb_first(query: str) -> str:
    """``query`` with its last word first, as the verb it says, where it is a keyword search
    whose action is that word ("xero contact archival": "archive xero contact"); else ``query``
    as written."""
    words = query.split()
    if len(words) < 3:
        return query
    tokens = tokenize(query)
    if not tokens or any(t in QUERY_FILLER_WORDS or t in WH_WORDS for t in tokens):
        return query
    last = tokenize(words[-1])
    verb = _trailing_verb(last[0]) if len(last) == 1 else None
    if verb is None:
        return query
    before = tokenize(" ".join(words[:-1]))
    if any(is_action_word(t) or t in STATE_VERBS or t in LEADING_VERBS or _trailing_verb(t) for t in before):
        return query
    return " ".join((verb, *words[:-1]))


def _trailing_verb(word: str) -> str | None:
    """The verb ``word`` says, where it is one a keyword search ends with: as written, in -ing
    ("voiding": "void") or as a noun made from it ("deletion": "delete"); not in -ed, an
    adjective there ("stripe customers deleted")."""
    if word in _TRAILING_VERBS:
        return word
    if word.endswith("ing") and inflection_key(word) in _TRAILING_KEYS:
        return _TRAILING_KEYS[inflection_key(word)]
    return next((base for base in base_forms(word) if base in _TRAILING_VERBS), None)


_TRAILING_KEYS = {inflection_key(verb): verb for verb in _TRAILING_VERBS}
