"""A request that does not ask to delete is never answered with a tool that deletes, and one
that asks to delete is never answered with a tool that writes instead (adds, updates, sends).

A tie or a description can put ``delete_call`` first for "get call logs" (its description
says "logs"); a model that asked to read is then handed a tool that destroys. The request's
action is its first word when that word is an action as written (``synonyms.action_forms``); a
tool's action is read from its name. A request to cancel, stop or revoke may still get a
delete tool ("cancel a subscription" is Stripe's ``delete_subscriptions_subscription``), and a
request to delete may still get a tool that reads (deleting often starts by looking the thing up).

Since the sixth round (option ``read_actions``) a request that reads (get, list, search,
download, and a question naming no action: "who is assigned to PROJ-7?") is never answered
with a tool whose name only writes (``create_webhook`` for "view webhook"); a name that reads
as well stays (Notion's ``post_search``). Only an action's own form is a request's action:
"assigned issues" and "deleted files" say which things, they ask for nothing.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Container, Iterable, Sequence
from functools import cache, lru_cache

from cardamom.core.search.field_phrases import DETERMINERS
from cardamom.core.search.head_nouns import forms, name_head
from cardamom.core.search.postings import own_name_words
from cardamom.core.search.synonym_groups import SYNONYM_GROUPS
from cardamom.core.search.synonyms import action_forms, action_words, group_keys, is_action_word
from cardamom.core.search.tokens import WH_WORDS, inflection_key

# The groups whose words never ask to delete: reading, writing, moving, sending; and of those,
# the ones that only read.
_KEEPING_HEADS = frozenset(
    {"get", "list", "search", "create", "update", "send", "upload", "download", "move", "copy", "close", "start"}
    | {"assign", "buy"}
)
_READING_HEADS = frozenset({"get", "list", "search", "download"})


_DELETE_HEADS = frozenset({"delete"})
# The groups whose words may mean a delete tool: deleting, cancelling, stopping.
_ENDING_HEADS = frozenset({"delete", "cancel", "stop"})


@cache
def _keeping_groups() -> dict[str, frozenset[str]]:
    """Each word of a keeping group -> every word of the keeping groups it belongs to (keys)."""
    found: dict[str, set[str]] = {}
    for group in SYNONYM_GROUPS:
        if group[0] in _KEEPING_HEADS:
            keys = {inflection_key(w) for w in group}
            for key in keys:
                found.setdefault(key, set()).update(keys)
    return {key: frozenset(words) for key, words in found.items()}


# A question asks to read: "who is assigned to PROJ-7?", "what repositories does octocat have?"
# (a request put as a question, "can you create ...", keeps its own verb).
# "why" asks for a reason, which no tool reads out, so it does not make a request one that reads.
# (a perfect's auxiliary too: "*has* stripe invoice in_1 been paid" asks, deletes nothing)
_QUESTION_WORDS = (WH_WORDS - {"why"}) | {"is", "are", "does", "did", "was", "were", "has"}


def is_question(query: str, app_words: Container[str] = ()) -> bool:
    """``query`` is a question (a wh-word or an auxiliary first, after the app's name: "box what
    files are in folder 0"), not a request put as one."""
    words = [w.casefold().strip("¿?,.!:") for w in query.split() if w.casefold() not in app_words]
    first = words[0] if words else ""
    asking = _QUESTION_WORDS
    if first in _POLITE:
        # "(can you) tell me who is assigned to ...": the polite frame asks the question after it
        first = next((w for w in words[1:] if w not in _POLITE), "")
        asking = WH_WORDS - {"why"}
    return first in asking or first.startswith(("what'", "who'", "where'", "how'"))


_ASKING = frozenset({"can", "could", "would", "will"})
_POLITE = _ASKING | {"you", "please", "tell", "me", "us", "let", "know"}


def request_action(
    tokens: Iterable[str],
    *,
    question: bool = False,
    leads_a_name: Callable[[str], bool] | None = None,
    setting: bool = False,
    switching: bool = False,
) -> str | None:
    """The request's action: its first word, when that word is an action's own form ("list",
    not "listed": "assigned" and "deleted" say which things, they ask for nothing) and no other
    word of the request names the opposite ("get my playlist and remove its first song" asks
    for both); a question naming no action asks to read (``question``: "get"). With
    ``leads_a_name``, a first word outside the action groups that some tool name opens with
    ("*link* jira issue ABC-1 to ABC-2": Jira's ``link_issues``) is the action too, when no word
    of the request deletes, cancels or stops: that request never gets a tool that deletes.
    ``setting`` (``setting_actions``): a first word of ``SETTING_VERBS`` is the action too;
    ``switching`` (``switching_writes``): one of ``SWITCHING_VERBS`` is "set"."""
    words = list(tokens)
    if not words:
        return None
    own = action_forms()
    if words[0] in _UNDOING:
        return words[0]  # no tool that deletes brings a thing back, whatever the names say
    if setting and (words[0] in SETTING_VERBS or words[0] in TURNING_OFF):
        return words[0]  # "enable default code scanning setup": a write, whatever the names say
    if switching and words[0] in SWITCHING_VERBS:
        return "set"  # "turn off the code quality setup": a write (no name says "turn"), never a read
    if words[0] not in own:
        if leads_a_name is not None and not is_action_word(words[0]) and leads_a_name(words[0]):
            ending = group_keys(_ENDING_HEADS)
            # "restore a *deleted* project": a participle says which things, it deletes nothing
            return None if any(inflection_key(w) in ending and not w.endswith("ed") for w in words) else words[0]
        # "is there a way to create a task?" asks to create: only a question naming no action reads
        return "get" if question and not any(w in own for w in words) else None
    keys = {inflection_key(w) for w in words}
    deletes, keeping = group_keys(_DELETE_HEADS), _keeping_groups()
    if keys & deletes and any(k in keeping for k in keys):
        return None
    return words[0]


# Verbs that bring back what was deleted: a name saying one seldom opens with it (Box's
# "Restore file" is ``post_files_id``), so they are the request's action regardless.
_UNDOING = frozenset({"restore", "recover", "undelete", "untrash", "unarchive", "undo"})


# Words of the writing groups a tool's name may carry as a noun ("new", "open", "change",
# "run"): they never tell that a tool writes.
_NOUN_LIKE = frozenset({"new", "open", "change", "patch", "run", "trigger", "start", "done", "complete", "state"})


# A verb of no group that writes: "set" (``bulk_set_issue_property``) is no synonym of "update"
# for a request ("update a task" never asks for ``set_parent_for_task``), but a name saying it
# writes, and never answers a question ("what is the status of jira issue PAY-9"); so does one
# that e-mails a thing (Xero's ``email_invoice`` for "is there an unpaid invoice in xero"), or
# that dismisses, submits, confirms or declines one ("who reviewed pull request 88": not
# ``pulls_dismiss_review``; "what is my next cal.com booking": not ``confirm_booking``).
_WRITING_OUTSIDE_GROUPS = frozenset(
    {"set", "email", "dismiss", "submit", "confirm", "decline", "reassign", "reschedule", "approve", "reject"}
    # ... and marks a state ("mark notifications as read" is no read of them, ``marked_states``)
    | {"mark"}
    # ... or chooses or switches a setting ("which time tracking provider is active in jira": not
    # ``select_time_tracking_implementation``)
    | {"select", "toggle", "enable", "disable"}
    # ... or follows someone ("who do I follow on github": not ``users_follow``)
    | {"follow", "unfollow"}
)
_MARK = inflection_key("mark")
# The verbs of no group a request writes with, never deleting ("disable" may: "disable the
# webhook"); as the first word, the request's action (``setting_actions``)
SETTING_VERBS = frozenset({"set", "enable", "toggle", "select", "activate", "submit", "confirm", "approve"})
# ... and those turning a thing off, which a delete tool may answer ("disable the webhook"): the
# request's action too, contradicting a name that only reads and nothing else ("deactivate stripe
# promo code promo_1": the code's update, never its get)
TURNING_OFF = frozenset({"disable", "deactivate"})
# Verbs turning a thing on or off, or over to another setting: as the first word, a write
# ("turn on", "switch my registry to the professional tier"), which no name says as they do
SWITCHING_VERBS = frozenset({"turn", "switch"})


@cache
def _writing() -> frozenset[str]:
    """The keys of the words that say a tool writes: adds, updates, sends, moves, deletes, sets,
    cancels or stops."""
    heads = (_KEEPING_HEADS - _READING_HEADS) | _ENDING_HEADS
    grouped = group_keys(frozenset(heads)) - group_keys(_READING_HEADS) - {inflection_key(w) for w in _NOUN_LIKE}
    # ... and the words of their own groups: "deactivate" writes as "disable" does ("deactivate stripe
    # promo code promo_1": never the code's get), "deny" as "reject"
    return grouped | {inflection_key(w) for w in _WRITING_OUTSIDE_GROUPS} | group_keys(_WRITING_OUTSIDE_GROUPS)


def contradicts(
    action: str,
    name_tokens: Iterable[str],
    *,
    reads: bool = False,
    name: str = "",
    said: frozenset[str] = frozenset(),
    states: bool = True,
    writes: bool = False,
    nouns: frozenset[str] = frozenset(),
    asked: bool = False,
) -> bool:
    """The tool's name says the opposite of ``action``: it deletes, cancels or stops where the
    request keeps (a tool cancelling a booking is no answer to changing it), or it writes where
    the request deletes; with ``reads``, it only writes where the request
    reads. A name saying the request's own action never does. ``name``: the tool's name, whose
    word order tells a list the tool writes from one it reads (``bulk_set_issues_properties_list``);
    ``said``: the request's words, by inflection key: a name writing only by a word the request
    says never contradicts a read ("get reassign booking user": ``reassign_booking_to_user``);
    ``states`` (``marked_states``): a name marking a state writes ("mark_notifications_as_read");
    ``writes`` (``write_actions``): a name that only reads contradicts a request that writes
    ("update the stripe alert ...": not ``get_sources_source_mandate_notifications``); ``nouns``: a
    question's things, which read nothing in a name ("is my uptime *check* up?": not
    ``uptime_create_check``, ``question_things``); ``asked`` (``asked_writes``): the request is a
    question, whose verb asks what is so and writes nothing: a name writing by it still contradicts
    a read ("who do I *follow* on github": not ``users_follow``)."""
    key = inflection_key(action)
    names = _keys_of(frozenset(name_tokens))
    if writes and key in _writing() and names & group_keys(_READING_HEADS) and not names & _writing():
        return True
    if action in TURNING_OFF:
        return False
    if reads and key in group_keys(_READING_HEADS):
        # a state a name marks a thing as is none of its actions ("mark_notifications_as_*read*"), nor is
        # a thing the question asks about ("is my uptime *check* up?": ``uptime_create_check`` only writes)
        unread = (marked_states(name) if states else frozenset()) | _keys_of(nouns)
        reads_too = names & group_keys(_READING_HEADS) - unread
        listed = bool(name) and _LIST in reads_too and _writes_a_list(name)
        writing = _writing() if states else _writing() - {_MARK}
        said = said - _writing() if asked else said  # (a question's verb writes nothing)
        return (listed or bool(names & writing - said)) and not (reads_too - {_LIST} if listed else reads_too)
    deletes = group_keys(_DELETE_HEADS)
    keeping = _keeping_groups()
    if key in deletes:
        reading = group_keys(_READING_HEADS)
        return not names & deletes and any(n in keeping and n not in reading for n in names)
    own = keeping.get(key)
    if own is None:
        # cancel, stop, revoke: a delete tool may be what they mean; a verb of no group a name
        # opens with ("link"): a delete tool never is
        return not is_action_word(action) and bool(names & deletes)
    return bool(names & group_keys(_ENDING_HEADS)) and not names & own


_LIST = inflection_key("list")


@lru_cache(maxsize=65_536)
def _keys_of(name_tokens: frozenset[str]) -> frozenset[str]:
    """The inflection keys of a name's words (asked of every candidate tool)."""
    return frozenset(inflection_key(t) for t in name_tokens)


@lru_cache(maxsize=65_536)
def marked_states(name: str) -> frozenset[str]:
    """The keys of the words a name puts after "as": states it sets ("mark_thread_as_read")."""
    words = own_name_words(name) if name else ()
    return frozenset(inflection_key(b) for a, b in itertools.pairwise(words) if a == "as")


@lru_cache(maxsize=65_536)
def _writes_a_list(name: str) -> bool:
    """The name's first action writes, and "list" comes after it as a noun: a properties list
    set (``bulk_set_issues_properties_list``), lists created (``post_lists``); never a name that
    opens by reading (``get_user_task_list``) or by the HTTP method of a search (``post_search``)."""
    words = [inflection_key(w) for w in own_name_words(name)]
    actions = [i for i, w in enumerate(words) if w in action_words() or w == "set"]  # "set" is in no group
    return bool(actions) and words[actions[0]] in _writing() | {"set"} and _LIST in words[actions[0] + 1 :]


def source_of(sequence: Sequence[str], skip: Container[str]) -> str | None:
    """The thing a request takes something out of ("delete comment 77 *from* asana task 12",
    "remove kim *from* the project"): the first word after its last "from" that is no
    determiner and none of ``skip`` (the apps' names, the values)."""
    if "from" not in sequence:
        return None
    last = len(sequence) - 1 - list(sequence)[::-1].index("from")
    return next((w for w in sequence[last + 1 :] if w not in DETERMINERS and w not in skip), None)


def deletes_the_source(name: str, name_tokens: Iterable[str], source: str, head: str) -> bool:
    """The tool deletes the thing a request to delete its ``head`` takes it out of (``source``):
    its name deletes, says no other thing than that one and never says the head ("delete
    comment 77 from asana task 12" is no ``delete_task``; "delete the file from the trash" may be
    ``delete_files_id_trash``, which says "files", and "delete the music from my playlist"
    ``remove_tracks_playlist``, which says "tracks")."""
    keys = _keys_of(frozenset(name_tokens))
    if not keys & group_keys(_DELETE_HEADS) or not keys.isdisjoint(forms(head, True)):
        return False
    read = name_head(name)
    return read.head in forms(source, True) and not read.modifiers and not read.others


def ends_things(name_tokens: frozenset[str]) -> bool:
    """The tool's name deletes, cancels or stops (``_ENDING_HEADS``)."""
    return not _keys_of(name_tokens).isdisjoint(group_keys(_ENDING_HEADS))


def only_reads(name_tokens: frozenset[str]) -> bool:
    """The tool's name reads (gets, lists, searches) and says no word that writes."""
    names = _keys_of(name_tokens)
    return not names.isdisjoint(group_keys(_READING_HEADS)) and names.isdisjoint(_writing())


def writes(action: str) -> bool:
    """The request's action writes: adds, updates, sends, moves, sets, deletes."""
    return inflection_key(action) in _writing()


def deletes(action: str) -> bool:
    """The request's action deletes."""
    return inflection_key(action) in group_keys(_DELETE_HEADS)


def takes_out(name_tokens: Iterable[str], source: str, head: str) -> bool:
    """The tool takes a request's ``head`` out of its ``source`` without deleting either: its name
    deletes or removes and says both ("remove asana task 19 from project Alpha":
    ``remove_project_for_task``, not ``delete_task``; "remove the label from github issue 5":
    ``issues_remove_label``)."""
    keys = _keys_of(frozenset(name_tokens))
    return (
        bool(keys & group_keys(_DELETE_HEADS))
        and not keys.isdisjoint(forms(head, True))
        and not keys.isdisjoint(forms(source, True))
    )
