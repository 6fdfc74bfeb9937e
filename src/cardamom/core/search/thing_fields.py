"""A field written after the thing it belongs to, as keywords write it: "update *customer email*
in stripe", "change the *xero contact address*", "update *asana task due date*", "set *jira
issue priority*". Read as written, the field is a word no name of the app carries ("email",
"address", "due"), weighed as the request's rarest word, and the request found nothing, or the
tool some name carrying the field's word has for another thing (DigitalOcean's cluster size for
"change *droplet size*"). Written with "of" ("update the email of customer in stripe"), the
field phrase is read as one, whose field is a value (``field_phrases``): the request is read so
(``thing_fields``). A field given to a thing ("*give* asana task 1209 *a due date* of next monday",
"give notion page 7fa a new title") is the field set so ("update task 1209 due date to next
monday"), where that reads as a field of the thing (``given_fields``)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import union_of
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS, is_plural, tokenize
from cardamom.core.search.verb_readings import literal_names, said_in_order

# the verbs changing a field of a thing
_CHANGING = frozenset({"update", "change", "set", "edit", "modify"})
# what may stand between the verb and the thing, besides the app's name
_BEFORE = frozenset({"the", "a", "an", "my", "our", "this", "that", "its"})
# the words after the field: its new value ("to ..."), or where the thing is ("in stripe")
_AFTER = frozenset({"to", "in", "on", "at", "for", "as", "with", "from", "into"})
_LONGEST = 12  # words: a keyword request is short
_FIELD_WORDS = 2  # "due date", "phone number"


def field_of_thing(index: SearchIndex, request: str, tools: frozenset[int], app_words: Collection[str]) -> str:
    """``request`` changing a field written after its thing as the field "of" the thing
    ("update customer email in stripe": "update the email of customer in stripe"); ``request``
    as written where its words do not read so: a thing no name of ``tools`` says, a field some
    name says right after the thing (Jira's "issue link"), in the plural (things of their own:
    "github issue labels"), or followed by more than a value or a place."""
    words = request.split()
    if not tools or len(words) < 3 or len(words) > _LONGEST:
        return request
    verb = next((i for i, w in enumerate(words[:4]) if w.casefold() in _CHANGING), None)
    if verb is None or any(is_action_word(w.casefold()) for w in words[:verb]):
        return request  # (no change asked; "create progress *update*": a noun after the request's verb)
    # keywords, the verb after the thing: "stripe customer *update* email"
    words = [words[verb], *words[:verb], *words[verb + 1 :]]
    at = 1
    while at < len(words) and (words[at].casefold() in _BEFORE or words[at].casefold() in app_words):
        at += 1
    end = _thing_end(index, words, at, tools)
    if end is None:
        return request
    kind = words[end - 1].casefold()  # the thing's last word, before any id
    if end < len(words) and any(c.isdigit() for c in words[end]):
        end += 1  # the thing's id: "customer cus_1 email"
    if words[end - 1].endswith(("'s", "\u2019s")):
        return request  # a possessive has its own reading: "update issue ENG-12's assignee" (``possessive_fields``)
    field = list(itertools.takewhile(lambda w: _field_word(w, app_words), words[end : end + _FIELD_WORDS]))
    after = end + len(field)
    ident = ""
    if (
        field
        and after < len(words)
        and any(c.isdigit() for c in words[after])
        and not any(c.isdigit() for c in words[end - 1])
    ):
        ident, after = f" {words[after]}", after + 1  # ... or after its field: "update xero invoice due date INV-5"
        if index.options.id_named_things and literal_names(index, field[-1].casefold()) & tools:
            return request  # a thing the names say, the id its own: "edit intercom help *article 8812*"
    if not field or is_plural(field[-1].casefold()) or (after < len(words) and words[after].casefold() not in _AFTER):
        return request
    if said_in_order(index, kind, field[0].casefold(), tools):
        return request  # "update jira issue *link*": Jira's issue links are things
    acting, first = words[0].casefold(), field[0].casefold()
    if index.options.named_field_acts and not is_action_word(acting) and said_in_order(index, acting, first, tools):
        # "set jira user *preference*": Jira's ``set_preference`` sets the thing itself (a verb of
        # no group: "update jira issue *priority*" changes the issue, whatever ``update_priority`` does)
        return request
    # (a name saying the thing with a word of the field names a thing of its own: "update box
    # metadata instance *folder*", ``put_folders_id_metadata_id_id``)
    named = literal_names(index, kind) & tools
    if any(named & literal_names(index, word.casefold()) for word in field):
        return request
    thing = " ".join(words[1:end])
    rest = " ".join(words[after:])
    return f"{words[0]} the {' '.join(field)} of {thing}{ident} {rest}".rstrip()


# "give asana task 1209 a due date of next monday": the thing, the field, and its value
_VALUE_LINKS = r"(?:of|to|as|like|saying|called|named)"
_GIVEN = re.compile(
    r"^(?P<before>(?:[\w.-]+[:,]?\s+){0,2}?)give\s+(?P<thing>\S.{0,80}?)\s+(?:a|an|the|some)\s+(?:new\s+)?"
    rf"(?P<field>[a-z]+(?:\s+(?!{_VALUE_LINKS}\b)[a-z]+)?)"
    rf"(?:\s+{_VALUE_LINKS}\s+(?P<value>.+?)|\s+(?P<quoted>[\'\"\u2018\u201c].*?)|\s+(?P<bare>\S*[\d_@./-]\S*))?"
    r"\s*[.!?]?$",
    re.IGNORECASE | re.DOTALL,
)


def given_field(index: SearchIndex, request: str, tools: frozenset[int], app_words: Collection[str]) -> str:
    """``request`` giving a thing a field read as the field set ("give asana task 1209 a due date
    of next monday": "update the due date of task 1209 to next monday"), where ``field_of_thing``
    reads it so; ``request`` as written otherwise."""
    found = _GIVEN.match(request[:300])
    if found is None or any(w.casefold() not in app_words for w in tokenize(found.group("before"))):
        return request
    value = found.group("value") or found.group("quoted") or found.group("bare")
    # (where the thing is goes last: "give the github issue 7 *in acme/api* a new title")
    thing, *placed = re.split(r"\s+(?=(?:in|on|at|from)\s)", found.group("thing"), maxsplit=1)
    changed = " ".join(["update", thing, found.group("field"), *(["to", value] if value else []), *placed])
    changed = f"{found.group('before')}{changed}"
    read = field_of_thing(index, changed, tools, app_words)
    if read != changed:
        return read
    # ... or a thing of its own added to it, which names say with the thing ("give intercom
    # contact 55 *the tag* vip": ``attach_tag_to_contact``)
    kind, *named = found.group("field").split()
    with_thing = union_of(literal_names(index, w.casefold()) for w in tokenize(thing) if w.isalpha()) & tools
    if not literal_names(index, kind.casefold()) & with_thing:
        return request
    return found.group("before") + " ".join(["add", kind, *named, *([value] if value else []), "to", thing])


def _thing_end(index: SearchIndex, words: list[str], at: int, tools: frozenset[int]) -> int | None:
    """The index past the thing opening at ``at`` (a word some name of ``tools`` says, and the
    word a name says right after it: "phone number"); None where no name says the word."""
    if at >= len(words) or not words[at].isalpha() or not literal_names(index, words[at].casefold()) & tools:
        return None
    if words[at].casefold().endswith("ed"):
        return None  # a participle says which things, no thing: "set *allowed* actions ..."
    follows = at + 1 < len(words) and words[at + 1].isalpha()
    return at + 2 if follows and said_in_order(index, words[at].casefold(), words[at + 1].casefold(), tools) else at + 1


def _field_word(word: str, app_words: Collection[str]) -> bool:
    lowered = word.casefold()
    return (
        word.isalpha()
        and lowered not in _AFTER
        and lowered not in GRAMMAR_WORDS
        and lowered not in QUERY_FILLER_WORDS
        and lowered not in app_words
        and not is_action_word(lowered)
    )
