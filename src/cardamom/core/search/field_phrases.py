"""Phrases that say what value a request sets rather than which tool it asks for.

A request that changes one field of a thing: "update *the title of* notion page 7a",
"set *the priority of* jira issue OPS-77 to High", "change *the due date of* asana task 12".

The field ("title", "priority", "due date") is what the request changes, a value of the
thing's update operation, not a tool of its own: Notion updates a page's title with
``patch_page``, Jira an issue's priority with ``edit_issue``. Read as a word of the tool, the
field is often the rarest word of the request and takes half its mass, so the tool that
updates the thing cannot clear the floor ("title" is in no Notion name), or a tool that
manages the field's own definitions comes first (Jira's ``create_priority``).

A request that reads one field of a thing is the thing's get: "get *the title of* notion page
9a", "what is *the due date of* asana task 55" (``FieldPhrase.reads``). A field named with its
kind ("the status *property* of") is the word before it; "set <thing> <its id> <field> to
<value>" sets a field too.

``field_phrase`` finds the phrase in the request's words; ``verb_readings.changed_field``
decides whether the field leaves the mass (only where the thing after "of" is a name word of the app and no name of
the app carries the field together with the thing: Slack's ``conversations_set_topic`` sets
"the topic of" a channel, and keeps the word).
"""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass

from cardamom.core.search.request_clauses import opening_word
from cardamom.core.search.synonym_groups import SYNONYM_GROUPS
from cardamom.core.search.synonyms import PHRASES, is_action_word
from cardamom.core.search.tokens import NAME_ONLY_QUERY_WORDS, QUERY_FILLER_WORDS, SOME_ONE_WORDS, is_plural, tokenize
from cardamom.core.search.value_words import COUNTING, TALLYING

# The verbs that change one field of a thing: the update group ("update", "edit", "change",
# "modify"...) and those saying the same of a field ("*set* the status of ... to Done", "*push*
# the due date of asana task 7781 to Friday"), or changing its amount ("*raise* the priority of
# ...", "*extend* the due date of ...", "*increase* the size of ..."), read as the thing's update.
_SETTING_VERBS = frozenset({"set", "push", "bump", "move", "shift"})
_SETTING_VERBS |= {"raise", "lower", "increase", "decrease", "reduce", "extend", "shorten", "expand", "adjust"}
FIELD_VERBS = frozenset(next(g for g in SYNONYM_GROUPS if g[0] == "update")) | _SETTING_VERBS
# The verbs that read one field of a thing ("get the title of notion page 9a", "what is the
# status of jira issue OPS-12"): the thing's get. A question asks what a field is ("*what* is
# the status of", "*who* is the assignee of").
ASKING_WORDS = frozenset({"what", "who"})
READING_VERBS = frozenset(next(g for g in SYNONYM_GROUPS if g[0] == "get")) | ASKING_WORDS
COPULAS = frozenset({"is", "are", "was", "were"})
_OF = frozenset({"of"})
_UPDATING = frozenset({"update", "change", "edit", "modify"})
_ASKED_ON = frozenset({"of", "on", "for"})
DETERMINERS = frozenset({"the", "a", "an", "its", "their", "his", "her", "my", "our", "your", "this", "that"})
_LONGEST_FIELD = 2  # words: "title", "due date", "start time"
_MOST_FIELDS = 4  # fields listed: "the *name, email and phone* of intercom contact 55"
_LISTING = frozenset({"and", "or"})
# Nouns that say a field is one ("the *status property* of notion page 7a", "the priority
# field of"): the field is the word before; a name saying "property" (Notion's
# ``retrieve_a_page_property``) is no tool of that field.
_FIELD_NOUNS = frozenset({"property", "field", "attribute", "column"})
_WORDS_AFTER = 4  # words after "of" searched for the thing: "of the notion page 7a"
# The fields a thing has, as a request naming no action asks for one ("asana task 123 *due date*")
THING_FIELDS = frozenset(
    {"description", "title", "name", "status", "state", "assignee", "owner", "priority", "body", "summary"}
    | {"subject", "topic", "size", "email", "phone", "address", "amount", "total", "balance", "date"}
    | {"deadline", "url", "link", "type", "creator", "author", "reporter", "label", "version", "timezone"}
)


@dataclass(frozen=True, slots=True)
class FieldPhrase:
    """The verb, the field's words and the words after "of" (the thing, maybe its app first)."""

    verb: str
    field: tuple[str, ...]
    after: tuple[str, ...]
    # what the field is set to: the words after the phrase's last "to" ("... *to high*")
    value: tuple[str, ...] = ()
    listed: bool = False  # fields listed: "the *name, email and phone* of ..." (``field_lists``)

    @property
    def action(self) -> str:
        """The thing's operation the phrase asks for: setting a field, or adding to it, is the
        thing's update, asking what it is the thing's get."""
        if self.verb in _SETTING_VERBS or self.adds:
            return "update"
        return "get" if self.verb in ASKING_WORDS else self.verb

    @property
    def adds(self) -> bool:
        """The phrase adds to the field ("add label X to jira issue QA-8", ``added_field``)."""
        return self.verb in ADDING_VERBS

    @property
    def reads(self) -> bool:
        """The phrase reads the field ("get the title of ..."), it changes nothing."""
        return self.verb in READING_VERBS


def field_phrase(
    sequence: tuple[str, ...],
    *,
    asked_on: bool = False,
    updated: bool = False,
    trailing: bool = False,
    lists: bool = False,
    changed_on: bool = False,
) -> FieldPhrase | None:
    """The first "<verb> [the] <field> of ..." of ``sequence`` (a request's tokens in order,
    grammar words kept), with a verb of ``FIELD_VERBS`` or ``READING_VERBS`` and a field of one
    or two words; or "set [the] <thing> <id> <field> to ..." (``_set_to``). ``asked_on``
    (``field_prepositions``): a question asks a field "on" or "for" a thing as "of" one ("who is
    the assignee *on* jira ticket OPS-3", "what's the due date *for* asana task 12"). ``updated``
    (``updated_fields``): "update" and "change" set a field as "set" does ("update the asana task
    44 *notes* to ..."). ``trailing`` (``trailing_fields``): a field after the thing's id, at the
    request's end, is read ("get jira issue ENG-1 *description*", "asana task 123 *due date*").
    ``lists`` (``field_lists``): so are fields listed, each of one word but the last, of one or
    two ("get the *name, email and phone* of intercom contact 55"), read as one field of their
    words. ``changed_on`` (``fields_on_things``): a field a thing has, changed "on" or "for" it, as
    "of" it ("change the due date *on* asana task 1209 to friday")."""
    if trailing and not any(is_action_word(w) or w in FIELD_VERBS or w in READING_VERBS for w in sequence):
        # "asana task 123 *due date*": naming no action, a field a thing has ("droplet 777
        # *reboot*" asks for the reboot)
        found = _read_after(sequence, 0, "get")
        return found if found is not None and found.field[-1] in THING_FIELDS else None
    for i, word in enumerate(sequence):
        if word not in FIELD_VERBS and word not in READING_VERBS:
            continue
        asked = word in ASKING_WORDS and i + 1 < len(sequence) and sequence[i + 1] in COPULAS
        start = i + 1 + asked
        start += start < len(sequence) and sequence[start] in DETERMINERS
        ofs = _ASKED_ON if asked_on and word in ASKING_WORDS else _OF  # "what's the status *for* ..."
        placed = changed_on and word in FIELD_VERBS  # "set the priority *on* jira issue KAN-5 to high"
        ofs = _ASKED_ON if placed else ofs
        longest = 2 * _MOST_FIELDS - 1 if lists else _LONGEST_FIELD
        for end in range(start + 1, min(start + longest + 1, len(sequence) - 2) + 1):
            if sequence[end] not in ofs:
                continue
            field = sequence[start:end]
            # (the last of one or two words: "the size, owner and *created date* of box file 12")
            listed = lists and len(field) > _LONGEST_FIELD and not _LISTING.isdisjoint(field[-3:-1])
            field = tuple(w for w in field if w not in _LISTING) if listed else field  # "name, email and phone"
            if len(field) > 1 and field[-1] in _FIELD_NOUNS:
                field = field[:-1]
            if field[0] in COUNTING:
                return None  # "the *latest* comment on jira issue OPS-9": one of its things, no field
            if placed and sequence[end] not in _OF and field[-1] not in THING_FIELDS:
                continue  # "update the labels on ...": a thing's things, no field of it
            if len(field) <= longest and all(w.isalpha() and w not in DETERMINERS and w not in _LISTING for w in field):
                after = _things_after(sequence, end)
                # the thing ends where the value it is set to begins ("the topic of slack #eng *to* ...")
                after = after[: after.index("to")] if "to" in after else after
                return FieldPhrase(word, field, after, set_value(sequence, end), listed) if after else None
            return None
        if trailing and word in READING_VERBS and word not in ASKING_WORDS:
            return _read_after(sequence, start, word)  # "get jira issue ENG-1 description"
        # "set the asana task 88 due date to ...", and (``updated_fields``) "update ... notes to"
        return _set_to(sequence, start) if word == "set" or (updated and word in _UPDATING) else None
    return None


_FIELD_OF = re.compile(r"^\s*(?:the\s+)?(?:[a-z]+\s+)?(?P<field>[a-z]+)\s+of\s+\S", re.IGNORECASE)


def field_as_read(request: str) -> str:
    """``request`` read with "get" where, naming no action, it opens with a field of a thing
    ("the *status of* jira issue ENG-5", "*due date of* asana task 12"): the thing's get, as
    "get the status of ..." is (``field_nouns``)."""
    opening = _FIELD_OF.match(request)
    if opening is None or opening.group("field").casefold() not in THING_FIELDS:
        return request
    if tokenize(opening.group(0))[0] in TALLYING:
        return request  # a count or a measure of things is their list's: "*total* amount of unpaid xero invoices"
    words = tokenize(request[:2000])
    acting = any(is_action_word(w) or w in FIELD_VERBS or w in READING_VERBS for w in words)
    return request if acting else f"get {request.lstrip()}"


def _read_after(sequence: tuple[str, ...], start: int, verb: str) -> FieldPhrase | None:
    """ "[get] [the] <thing> <its id> <field>" at the request's end: the field is the one or two
    words after the thing's id, in the singular ("issue ENG-1 *comments*" asks for comments)."""
    found = _after_id(sequence[start:])
    if found is None:
        return None
    field, thing = found
    if any(w in DETERMINERS or w in QUERY_FILLER_WORDS for w in field) or is_plural(field[-1]):
        return None
    return FieldPhrase(verb, field, thing)


def _set_to(sequence: tuple[str, ...], start: int) -> FieldPhrase | None:
    """ "set [the] <thing> <its id> <field> to <value>" ("set the asana task 88221 due date to
    2026-03-01"): the field is the words between the thing's id and "to"."""
    if "to" not in sequence[start:]:
        return None
    found = _after_id(sequence[start : sequence.index("to", start)])
    return FieldPhrase("set", *found, set_value(sequence, start)) if found is not None else None


def _after_id(span: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The field after the thing's id in ``span`` (one or two words) and the thing before it,
    nearest first, as after "of" ("asana task" gives ("task", "asana"), the thing then the app)."""
    ids = [i for i, w in enumerate(span) if not w.isalpha()]
    if not ids or ids[0] == 0:
        return None
    field = span[ids[-1] + 1 :]
    thing = tuple(w for w in span[: ids[0]] if w not in DETERMINERS)
    if not field or len(field) > _LONGEST_FIELD or not thing or not all(w.isalpha() for w in field):
        return None
    return field, thing[-_WORDS_AFTER:][::-1]


# The verbs adding a value to a thing's field: "*add* label regression to jira issue QA-8"
ADDING_VERBS = frozenset({"add", "insert", "append"})
_ONTO = frozenset({"to", "on", "onto"})


def added_field(
    sequence: tuple[str, ...], apps: Container[str] = (), values: Container[str] | None = None
) -> FieldPhrase | None:
    """ "add [a] <field> [its value] to [the] <thing> ..." opening a request, after the app's
    name (``apps``), filler words and "in" ("In Jira, add label regression to issue QA-8"): the field is
    the one word after the verb, what it gets the words before "to" (``verb_readings.
    changed_field`` decides whether the app has a tool adding that field of its own, as Jira's
    ``add_watcher``, or the thing's update adds it). With ``values`` (``added_things``), an article
    before words none a value names the thing added: "add *a bank account* to stripe customer cus_8"."""
    verb = opening_word(sequence, apps)
    if verb is None or len(sequence) < verb + 4 or sequence[verb] not in ADDING_VERBS:
        return None
    end = next((i for i in range(verb + 2, len(sequence)) if sequence[i] in _ONTO), None)
    if end is None:
        return None
    named = sequence[verb + 1] in DETERMINERS and end - verb > 3  # "add *the priority custom field* to ..."
    if values is not None and named and not any(w in values for w in sequence[verb + 2 : end]):
        return None  # a thing added, no field's value
    span = tuple(w for w in sequence[verb + 1 : end] if w not in DETERMINERS)
    after = _things_after(sequence, end)
    if not span or not after or not span[0].isalpha() or is_action_word(span[0]) or len(span) > 1 + _LONGEST_VALUE:
        return None  # "add a *new* row": an adjective creating, no field
    if not CLAUSE_WORDS.isdisjoint(span):
        return None  # "add dave lee *as* a watcher on ...": a role, no field
    return FieldPhrase(sequence[verb], span[:1], after, span[1:])


def added_value(phrase: FieldPhrase | None, vocabulary: Container[str]) -> tuple[str, ...]:
    """The value a field added gets ("add label *bug* to github issue 7"), where a name of the
    index (``vocabulary``) says the field (``issues_add_labels``): no head noun of the request;
    none otherwise ("add the *bug label*": "bug" said first)."""
    if phrase is None or not phrase.adds or not any(w in vocabulary or f"{w}s" in vocabulary for w in phrase.field):
        return ()
    return phrase.value


_LONGEST_VALUE = 3  # words: "to high", "to in progress", "to Q3 launch plan"


_PLACING = frozenset({"in", "on", "inside", "within"})


def set_value(sequence: tuple[str, ...], start: int) -> tuple[str, ...]:
    """The words after the last "to" past ``start`` that end the request, the determiners
    aside: what a field is changed to, or a thing renamed to; nothing for a longer tail, which
    says more than a value."""
    tail = sequence[start:]
    if "to" not in tail:
        return ()
    words = tuple(w for w in tail[len(tail) - tail[::-1].index("to") :] if w not in DETERMINERS)
    # (past its first word, a place ends it: "rename branch master to *main* in acme/web"; "to
    # *in progress*" is one value)
    placed = next((i for i, w in enumerate(words) if i > 0 and w in _PLACING), len(words))
    words = words[:placed]
    return words if len(words) <= _LONGEST_VALUE else ()


# A role ends where a preposition opens what it relates to: "as blocked *by API-9*".
_ROLE_ENDS = frozenset({"by", "to", "with", "for", "in", "on", "from", "of", "at"})
# A thing's field written as a possessive: "update *the asana task's name*", "what is *the jira
# issue PAY-9's status*". "It's", "what's" and "let's" are contractions, not owners.
_POSSESSIVE_TAIL = re.compile(r"['\u2019]s$")
OWNED = re.compile(r"^([\w-]+)['\u2019]s$")
# "let's", "it's", "what's", "there's": a contraction, no owner
NOT_OWNERS = QUERY_FILLER_WORDS | NAME_ONLY_QUERY_WORDS | {"let"}
# Words that end a field written after its owner ("the task's due date *to* Friday") or part the
# owner from the verb ("update the description *of* the parent"): the prepositions that
# end a role, and those that join clauses, for ``possessive_as_of``.
CLAUSE_WORDS = _ROLE_ENDS | {"as", "into", "and", "or", "so", "if", "then"}
_RECEIVERS = frozenset({"me", "us"})
# The verbs before an owner: those of the field phrases, and slang read as one ("tweak")
_PHRASE_VERBS = FIELD_VERBS | READING_VERBS
_OWNER_VERBS = _PHRASE_VERBS | {
    phrase[0] for phrase, reading in PHRASES.items() if len(phrase) == 1 and reading[0] in _PHRASE_VERBS
}
_OWNER_WORDS = 4  # words between the verb and the owner: "change *the jira issue PAY-12*'s"


def possessive_as_of(query: str) -> str:
    """``query`` with a field written as a possessive after a verb of ``FIELD_VERBS`` or
    ``READING_VERBS`` written with "of", as ``field_phrase`` reads it: "update the asana task's
    name to X" is "update name of the asana task to X". The field is one or two words ending the
    request or followed by a preposition, punctuation or a value; else ``query`` as it is."""
    if "'" not in query and "\u2019" not in query:
        return query  # most requests: no possessive to read
    words = query.split()
    for k, word in enumerate(words):
        owned = OWNED.match(word)
        if owned is None or owned.group(1).casefold() in NOT_OWNERS:
            continue
        verb = next(
            (j for j in range(k - 1, max(-1, k - 2 - _OWNER_WORDS), -1) if _bare(words[j]) in _OWNER_VERBS),
            None,
        )
        if verb is None or any(_bare(w) in CLAUSE_WORDS for w in words[verb + 1 : k]):
            continue
        field: list[str] = []
        for after in words[k + 1 :]:
            bare = after.rstrip(".,;:!?")
            if bare.casefold() in CLAUSE_WORDS or not bare.isalpha():
                break
            field.append(bare)
            if bare != after:
                break  # punctuation ends the field
        if not field or len(field) > _LONGEST_FIELD:
            continue
        start = verb + 1 + (_bare(words[verb]) in ASKING_WORDS and verb + 1 < k and _bare(words[verb + 1]) in COPULAS)
        start += start < k and _bare(words[start]) in _RECEIVERS  # "show me the project's members"
        owner = [*words[start:k], owned.group(1)]
        return " ".join([*words[:start], *field, "of", *owner, *words[k + 1 + len(field) :]])
    return query


def _bare(word: str) -> str:
    """A word without its punctuation and a contraction's tail, lowered ("What's": "what")."""
    return _POSSESSIVE_TAIL.sub("", word.strip(".,;:!?\"'()")).casefold()


_LONGEST_ROLE = 2  # words: "as editor", "as a co-owner", "as blocked"


def role_words(sequence: tuple[str, ...], values: Container[str] = ()) -> tuple[str, ...]:
    """The words after the last "as" of ``sequence`` that ends it ("... *as* blocks"), up to a
    preposition ("as blocked by API-9") or an argument value (``values``: "as blocking API-7"),
    the determiners aside: at most two, and none when "as" opens the request."""
    last = _last_as(sequence)
    if last is None:
        return ()
    ends = (i for i in range(last + 2, len(sequence)) if sequence[i] in _ROLE_ENDS or sequence[i] in values)
    end = next(ends, len(sequence))
    words = tuple(w for w in sequence[last + 1 : end] if w not in DETERMINERS)
    if not words or len(words) > _LONGEST_ROLE or not all(w.isalpha() for w in words):
        return ()
    return words


def _last_as(sequence: tuple[str, ...]) -> int | None:
    """Where the last "as" of ``sequence`` stands, past its first word."""
    if "as" not in sequence[1:]:
        return None
    return len(sequence) - 1 - sequence[::-1].index("as")


def role_holder(sequence: tuple[str, ...]) -> tuple[str, ...]:
    """Who takes the role given with the last "as", where the request opens with its action and
    then names them ("add *kim* as a collaborator"): at most two words, the determiners aside.
    The role, not its holder, is what the request asks for."""
    last = _last_as(sequence)
    before = sequence[:last] if last is not None else ()
    if len(before) < 2 or not is_action_word(before[0]):
        return ()
    words = tuple(w for w in before[1:] if w not in DETERMINERS)
    return words if len(words) <= _LONGEST_ROLE and all(w.isalpha() for w in words) else ()


_JOINING = frozenset({"to", "from", "into", "onto"})
# Verbs in no action group that add people to things or take them out
_MEMBER_VERBS = frozenset({"invite", "kick", "ban", "share", "transfer"})


def moved_member(sequence: tuple[str, ...]) -> tuple[str, ...]:
    """Whom a request opening with its action adds to or takes from a thing ("add *kim* to the
    asana project", "invite *bob* to the channel", "remove *kim lee* from the team"): at most
    two words between the action and "to" or "from". A determiner says a thing, not a person
    ("add *a row* to the database")."""
    if len(sequence) < 3 or not (is_action_word(sequence[0]) or sequence[0] in _MEMBER_VERBS):
        return ()
    end = next((i for i in range(2, min(len(sequence), 2 + _LONGEST_ROLE + 1)) if sequence[i] in _JOINING), None)
    if end is None:
        return ()
    words = sequence[1:end]
    return words if all(w.isalpha() and w not in DETERMINERS for w in words) else ()


def _things_after(sequence: tuple[str, ...], end: int) -> tuple[str, ...]:
    """The words after the phrase's "of" (at ``end``) the thing is sought in, past its articles
    and the filler saying it is some one ("of an *existing* asana task")."""
    return tuple(w for w in sequence[end + 1 :] if w not in DETERMINERS and w not in SOME_ONE_WORDS)[:_WORDS_AFTER]
