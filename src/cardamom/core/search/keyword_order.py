"""A keyword search whose action comes last ("xero contact archival", "stripe booking cancel",
"asana task comment add"), read with its action first, as the request it stands for ("archive
the xero contact"): the rules that read a request's verb (``verb_readings.state_change``, the
head noun's action, the first word among equals) read the first word.

Only a bag of words: no grammar word, no other action word, and a last word that is a verb,
or a noun made from one ("archival", "deletion", ``word_forms.base_forms``). A verb that is a
noun as often ("list", "run", "update") is the action only where no tool name says it right
after the word before it: "github workflow *run*" (``get_workflow_run``) and "asana task *list*"
(``get_user_task_list``) name things, and keep their order; "stripe payout *list*" lists.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.api_verbs import STATE_VERBS
from cardamom.core.search.synonyms import LEADING_VERBS, is_action_word
from cardamom.core.search.tokens import QUERY_FILLER_WORDS, WH_WORDS, inflection_key, tokenize
from cardamom.core.search.word_forms import base_forms

# Verbs that close a keyword search as its action: those an object seldom names.
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


_SHORT_FLAG = re.compile(r"-[A-Za-z](?:$|[\w\"'=])")


def verb_first(query: str, side_by_side: Callable[[str, str], bool] | None = None) -> str:
    """``query`` with its last word first, as the verb it says, where it is a keyword search
    whose action is that word ("xero contact archival": "archive xero contact"); else ``query``
    as written. ``side_by_side``: whether some tool name says one word right before another
    ("task", "list"), which keeps a last word of ``_NOUN_VERBS`` a noun (none: always)."""
    words = query.split()
    # a command's flags follow it ("gh issue create *--title bug*", "gh issue list *-R acme/api*"):
    # the command is the search
    cut = next((i for i, w in enumerate(words) if w.startswith("--") or _SHORT_FLAG.match(w)), len(words))
    # and so do the ids and the repositories it acts on ("github issue close *12*", "gh repo fork *acme/api*")
    while cut > 1 and (any(c.isdigit() for c in words[cut - 1]) or "/" in words[cut - 1].strip("/")):
        cut -= 1
    words, flags = words[:cut], words[cut:]
    if len(words) < 3:
        return query
    # the last word first: most requests end with a noun or a value, and stop here
    last = tokenize(words[-1])
    if len(last) != 1:
        return query
    word = last[0]
    verb = trailing_verb(word)
    if verb is None and word not in _NOUN_VERBS:
        return query
    before = tokenize(" ".join(words[:-1]))
    if any(t in QUERY_FILLER_WORDS or t in WH_WORDS for t in before):
        return query
    if any(_acts(t) for t in before):  # another action before it: no keyword search
        return query
    if verb is None:  # a verb as often a noun: the action only where no name says the thing with it
        if side_by_side is None or not before or side_by_side(before[-1], word):
            return query
        verb = word
    return " ".join((verb, *words[:-1], *flags))


def _acts(word: str) -> bool:
    """An action word before the last one; a state verb as often a noun ("release", "lock") is
    a thing there ("gh *release* list" lists releases)."""
    if word in _NOUN_VERBS and not is_action_word(word):
        return False
    return is_action_word(word) or word in STATE_VERBS or word in LEADING_VERBS or trailing_verb(word) is not None


def trailing_verb(word: str) -> str | None:
    """The verb ``word`` says, where it is one a keyword search ends with: as written, in -ing
    ("voiding": "void") or as a noun made from it ("deletion": "delete"); not in -ed, an
    adjective there ("stripe customers deleted")."""
    if word in _TRAILING_VERBS:
        return word
    if word.endswith("ing") and inflection_key(word) in _TRAILING_KEYS:
        return _TRAILING_KEYS[inflection_key(word)]
    return next((base for base in base_forms(word) if base in _TRAILING_VERBS), None)


# Verbs that are as often a thing's noun: the action where no tool name says the thing with them.
_NOUN_VERBS = frozenset({"list", "run", "update", "check", "post", "filter", "transfer", "release", "lock"})

_TRAILING_KEYS = {inflection_key(verb): verb for verb in _TRAILING_VERBS}
