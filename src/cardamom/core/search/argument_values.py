"""Which words of a query are argument values rather than words naming a tool.

A model writing a request in full carries the values it means to pass: quoted text
(``'Fixed in build 142'``), ids and keys (``PROJ-123``, ``1204567890``, UUIDs), e-mail
addresses, URLs, file names, ``#channels`` and ``@handles``, dates and times, and names
(``assign it to Maria``). No tool's name or description carries them, so under the floor
they weigh against every tool. The detection is general (shapes of text, not lists of
values); what the ranker does with the result is its choice (``cardamom.core.search``).
"""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass

from cardamom.core.search.dated_words import (
    CUT,
    DATE_WORDS,
    PERIODS,
    RELATIVE,
    asked_action,
    dated_participle,
    is_name,
    may_be_participle,
    names_days,
    person_participle,
    placed_participle,
    subject_participle,
)
from cardamom.core.search.kind_names import named_before_kinds
from cardamom.core.search.quantities import RATES, UNITS, in_period_edge, is_quantity, is_time_of_day, is_unit
from cardamom.core.search.tokens import NAME_ONLY_QUERY_WORDS, QUERY_FILLER_WORDS, QUESTION_OPENERS, tokenize
from cardamom.core.search.value_shapes import (
    EMOJI,
    EVENT_NAME,
    QUOTED,
    SHAPES,
    ends_pair,
    has_value_digits,
    is_capitals_id,
    is_dotted_value,
    is_handle,
    is_short_id,
)
from cardamom.core.search.value_words import (
    COMPARING,
    COMPOUND_KINDS,
    CONTAINERS,
    COUNTING,
    DATE_MARKERS,
    LOCATING,
    NAMED_KINDS,
    NAMING,
    PLACE_KINDS,
    SLUG,
    continues_name,
    continues_title,
    example_values,
    field_opener,
    is_key,
    is_placed_code,
    is_placed_key,
    is_slug,
    listed_values,
    placed_name,
    plain_name_after_kind,
    titled_rest,
)

_WORD = re.compile(r"[^\s,;!?()\[\]{}<>]+")
# Words after which a tag follows (``tagged_values``): "droplets *tagged* web", "tagged with vip"
_TAGGING = frozenset({"tagged"})
_SAYING = frozenset({"saying", "says"})  # the rest of the sentence is the text to send
# "tell kim on slack *that* the build is green", "leave a comment on the task *that* it is done":
# after a verb sending words, a note named, "that" opens the text as "saying" does ("log a bug:" too)
_SENDING = frozenset({"tell", "dm", "message", "ping", "notify", "text", "post", "send", "reply", "comment", "email"})
_REMINDING = frozenset({"remind", "reminder"})
_NOTES = frozenset({"comment", "message", "msg", "note", "reply", "dm", "text", "remark"})
# a request's first words (or second, after an app's name: "jira create bug:") before a colon whose words follow as
# text or as what to show ("log a bug in jira: checkout crashes", "list stripe charges: amount, currency, status")
_BEFORE_TEXT = frozenset({"create", "add", "log", "file", "open", "raise", "write", "make", "new"})
_BEFORE_TEXT |= {"list", "get", "show", "find", "search", "fetch"}
# Words after which a field's name comes, then its value: "with email bob@x.com", "of type Bug".
_FIELD_OPENERS = frozenset({"with", "whose", "where", "having", "by", "of"})
# A query's language is no field a value goes in, but the kind of search ("with *jql* '...'": Jira's JQL search).
QUERY_LANGUAGES = frozenset({"jql", "cql", "sql", "soql", "graphql", "regex"})
# After "of" an id or an address follows the kind of thing it names, no field: "the status *of droplet* 3164444"
_OBJECT_OPENERS = frozenset({"of"})
# Words, before "by", saying how a list is ordered: "*sorted* by name", "*order* by created".
_ORDERING = frozenset({"sorted", "ordered", "sort", "order", "grouped"})


# Words after which the rest of a phrase is what a request is about ("pages about onboarding",
# "search Box for invoices", "share a file with a colleague"): often a value the app's tools
# never carry, sometimes a word they do ("tasks for a project"). ``topic`` words, read by the
# ranker only where no tool ranked carries them (``scope.scope_pool``).
# Of them, content words that only frame the topic announce it, as "called" does: not weighed.
_FRAMING = frozenset(
    {"regarding", "concerning", "mention", "mentions", "mentioning", "contain", "contains", "containing"}
)
# A condition's clause runs past its verb: "where Priority *is* High" filters on both words.
_CLAUSES = frozenset({"where", "whose"})
# A criterion names a filter's field, as a condition does: "search files *by name*".
_CRITERIA = frozenset({"by"})
_TOPIC_OPENERS = frozenset({"about", "for", "with", "like", "to", "matching"}) | _FRAMING | _CLAUSES | _CRITERIA


@dataclass(frozen=True, slots=True)
class ValueReading:
    """What ``read_values`` finds: the values, the naming words that announce one (``called``
    in "a task called Roadmap": grammar, not a word of the tool), and the topic words."""

    values: frozenset[str]
    markers: frozenset[str] = frozenset()
    topics: frozenset[str] = frozenset()
    # The values read from their shape alone (quoted text, ids, numbers, e-mail addresses,
    # URLs, slugs, keys, a name after "called"), not capitalised words or dates: a capitalised
    # word may be the app a request names ("in Onsched Setup").
    shaped: frozenset[str] = frozenset()
    # The container's word placing a request by its value ("in project KAN", "for board 7"):
    # where values leave the mass (inside a named app), it leaves with its value.
    containers: frozenset[str] = frozenset()
    # The topic words of a condition ("where *assignee* is *currently* me"): a filter's field and
    # value, values wherever no name carries them, whatever descriptions say.
    conditions: frozenset[str] = frozenset()
    # A container's word after a name placed by a preposition ("in the Engineering *space*"):
    # it places the request where no name of the app says it (``placing_kinds``).
    placing: frozenset[str] = frozenset()
    # The examples "like" lists after a kind ("periods like *quarters*"): values only where the
    # request names an app; elsewhere what it is about ("trials for diseases like *Huntington's*")
    examples: frozenset[str] = frozenset()


def argument_values(query: str, *, names: bool = True) -> frozenset[str]:
    """The query's tokens that only ever occur inside an argument value (``read_values``)."""
    return read_values(query, names=names).values


def read_values(
    query: str,
    *,
    names: bool = True,
    kinds: bool = True,
    reminders: bool = True,
    languages: bool = True,
    orders: bool = True,
    places: bool = True,
    befores: bool = True,
    tags: bool = True,
    slugs: bool = True,
    titles: bool = True,
    codes: bool = True,
    acts: bool = True,
    spaces: bool = True,
    gerunds: bool = True,
    compares: bool = True,
    keys: bool = True,
    short_ids: bool = True,
    lowercase: bool = True,
    quantities: bool = True,
    pairs: bool = True,
    articled: bool = True,
    handles: bool = True,
    lists: bool = True,
    dotted: bool = True,
    examples: bool = True,
    located: bool = True,
    named: Container[str] = (),
) -> ValueReading:
    """The query's argument values, the naming words announcing them, and its topic words.

    ``names``: also count capitalised words in the middle of a sentence (``to Maria``) as
    values, when the query is a sentence (four words or more) and not written in title case.
    The rest are the search options of the same readings: ``kinds`` (``named_things``),
    ``reminders``, ``languages`` (``api_words``), ``orders`` (``listed_filters``), ``places``
    (``filtering_things``), ``befores`` (``names_before_kinds``), ``tags`` (``tagged_values``), ``slugs``
    (``repo_slugs``), ``titles`` (``sentence_titles``), ``codes`` (``placed_codes``),
    ``acts`` (``asked_actions``), ``spaces`` (``placing_kinds``), ``gerunds`` (``gerund_topics``), ``compares``
    (``compared_values``), ``keys`` (``placed_keys``), ``short_ids``, ``lowercase`` (``lowercase_names``),
    ``quantities`` (``quantity_values``), ``pairs`` (``paired_values``), ``articled`` (``articled_kinds``),
    ``handles`` (``handle_ids``), ``lists`` (``listed_names``), ``dotted`` (``dotted_values``), ``examples``
    (``example_values``), ``located`` (``placed_participles``), ``named`` (the names' words, ``named_short_ids``)."""
    spans: list[str] = []
    by_shape: list[str] = []
    naming_words = NAMING | _TAGGING if tags else NAMING

    def quoted(match: re.Match[str]) -> str:
        spans.append(next(g for g in match.groups() if g))
        by_shape.append(spans[-1])
        return f" {CUT} "

    def shaped(match: re.Match[str]) -> str:
        spans.append(match.group(0))
        by_shape.append(spans[-1])
        return f" {CUT} "

    rest = SHAPES.sub(shaped, QUOTED.sub(quoted, query))
    rest = EMOJI.sub(shaped, rest) if kinds and ":" in rest else rest
    words = _WORD.findall(rest)
    plain: list[str] = []
    markers: list[str] = []
    topical: list[str] = []
    conditional: list[str] = []
    text_words = [w for w in words if w != CUT]
    sentence = len(text_words) >= 4 and sum(is_name(w) for w in text_words) * 2 < len(text_words)
    # no title: some longer word past the first is in lower case ("Archive the Asana *project* ...")
    untitled = any(len(w) >= 4 and w.isalpha() and w.islower() for w in text_words[1:])
    previous = ""
    in_topic, taken, naming, quoting, clause, criterion = False, 0, False, False, False, False
    kind_named = False
    # a thing holding others, named before its kind; a page's, a tag's or a label's words before
    # it make a compound ("the *landing* page") as often as a name
    before_kinds = named_before_kinds(words, NAMED_KINDS - COMPOUND_KINDS) if befores else frozenset()
    listed = listed_values(words) if lists else frozenset()  # "with fields *vendor* and *expiry*"
    exemplars = example_values(rest) if examples and (" like " in rest or " as " in rest) else frozenset()
    exemplified = {i for i, w in enumerate(words) if exemplars and w.casefold().strip("'\"") in exemplars}
    listed |= exemplified  # "time periods like *quarters* and *halves*"
    first = text_words[0].casefold() if text_words else ""
    opening = any(w.casefold() in _BEFORE_TEXT for w in text_words[1:2])  # "jira *create* bug: ...": past an app
    asking = first in QUESTION_OPENERS
    sends, noted, reminds = first in _SENDING, False, False
    read: list[tuple[str, bool]] = []  # each word, lowered, and whether it is a value
    for i, word in enumerate(words):
        if word == CUT:
            previous, taken = CUT, taken + 1
            read.append((CUT, True))
            continue
        lowered = word.casefold().strip(".,:;!?'\"")
        following = words[i + 1].casefold().strip(".,:;!?") if i + 1 < len(words) else ""
        # "tagged *with* vip": the tag follows its "with", which announces it too
        tag_with = tags and previous in _TAGGING and lowered == "with"
        tagged = tags and previous == "with" and i >= 2 and words[i - 2].casefold() in _TAGGING
        if (
            (lowered in naming_words and following)
            or (tag_with and following)
            or (lowered in DATE_MARKERS and (following in DATE_WORDS | RELATIVE or has_value_digits(following)))
        ):
            markers.append(lowered)
        # "the *fra1* region": the place's kind after its code announces it, as "called" does
        if codes and places and following in PLACE_KINDS and is_placed_code(word, "", places, following):
            markers.append(following)
        # "from feature/login into *main*": a pair's end; a word of lower-case letters only, most
        # of a sentence, has no other value's shape
        shape = (
            (pairs and ends_pair(previous, read))
            or i in listed
            or (
                not (word.isalpha() and word.islower())
                and (
                    has_value_digits(word)
                    or (kinds and is_capitals_id(word))
                    or is_slug(word, previous, [w.casefold() for w in words[i + 1 : i + 3]] if slugs else ())
                    or is_key(word, previous, CONTAINERS)
                    or (keys and is_placed_key(word, previous, following))  # "create a bug *in OPS*"
                    or (short_ids and is_short_id(word, previous, named))  # "notion page *9f2*"
                    or (handles and is_handle(word, previous))  # "block user *spammer99*"
                    or is_placed_code(word, previous, places, following if codes else "")
                    or (tags and previous == "as" and is_placed_code(word, "in", places))  # "as *mp3*": a format
                    or bool(EVENT_NAME.match(word.strip(".,:;!?'\"")))
                    or (quantities and is_quantity(word))  # "a *45-minute* call", "*$99/month*", "the *1st*"
                    or (dotted and is_dotted_value(word, named))  # "make *maria.k* the assignee"
                )
            )
        )
        # "saying the build is green": the message runs to the sentence's end, quoted or not
        noted = noted or lowered in _NOTES
        quoting = quoting or previous in _SAYING or (previous == "that" and (sends or noted))
        # "remind me tomorrow *to review the PR*": what a reminder says follows its "to"
        reminds = reminds or (reminders and previous in _REMINDING)
        quoting = quoting or (previous == "to" and reminds)
        # "an article titled *How to reset your password*": a title in sentence case runs to the
        # sentence's end where nothing after it names a kind, a date or a field (``sentence_titles``)
        quoting = quoting or (titles and previous in NAMING and word[:1].isupper() and titled_rest(words[i:]))
        goes_on = naming and (continues_name(word) or (titles and continues_title(word)))
        naming = (previous in naming_words and not tag_with) or tagged or goes_on or quoting
        # "the project *Website Redesign*", "the channel *old-project*": a thing's name after its
        # kind, a topic (a value where no tool of the app says it: a connection's frozen value does)
        kind_named = (
            kinds
            and (
                i in before_kinds  # "the *acme* github org"
                or (untitled and previous in NAMED_KINDS and continues_name(word))
                or (
                    lowercase and plain_name_after_kind(word, words[max(0, i - 4) : i], following, articled=articled)
                )  # "org *acme*"
                or (kind_named and continues_name(word))
                or is_key(word, previous, NAMED_KINDS)
            )
        )
        # "the *last* 10", "messages *sent* today", "*assigned* to me": which things, a filter's value
        after, participle = words[i + 1 : i + 5], may_be_participle(lowered)
        filtering = (
            (lowered in COUNTING and following.isdigit())
            # "sorted by name", "order by created": how a list is ordered, a parameter's value
            or (orders and lowered in _ORDERING and following == "by")
            # "conversations *older* than 30 days": a comparison's word, a filter's (``compared_values``)
            or (compares and lowered in COMPARING and following == "than")
            or (lowered in UNITS and previous.replace(".", "").isdigit())
            or (quantities and (is_unit(lowered, previous) or is_time_of_day(lowered, previous)))
            or (quantities and in_period_edge(lowered, words[max(0, i - 3) : i], after))  # "the *end* of the *month*"
            or (participle and dated_participle(lowered, words[i + 1 : i + 6]))  # ("in the past *24 hours*")
            or (participle and person_participle(lowered, after, numbered=tags))
            or (participle and subject_participle(lowered, words[max(0, i - 3) : i]))
            or (participle and located and placed_participle(lowered, words[max(0, i - 3) : i], after, NAMED_KINDS))
            or (acts and asking and lowered.isalpha() and asked_action(words[max(0, i - 2) : i], asking))
        )
        if shape or naming or filtering:
            by_shape.append(word)
        if (
            shape
            or names_days(word.strip(".,:;!?'\""))
            or (lowered in RELATIVE and following in PERIODS | DATE_WORDS)
            or (lowered in PERIODS and (previous in RELATIVE or (tags and previous in RATES)))
            or naming
            or filtering
            or (kind_named and any(c.isdigit() for c in word))  # "the project *Q1* Launch"
            or (names and sentence and i > 0 and is_name(word) and not words[i - 1].endswith((".", "!", "?", ":")))
        ):
            spans.append(word)
            taken += 1
            read.append((lowered, True))
        else:
            read.append((lowered, False))
            plain.append(word)
            if lowered in _TOPIC_OPENERS:
                in_topic, taken, clause = True, 0, lowered in _CLAUSES
                criterion = lowered in _CRITERIA
                markers += [lowered] if lowered in _FRAMING and following else []
            elif in_topic and (lowered in QUERY_FILLER_WORDS or lowered in NAME_ONLY_QUERY_WORDS):
                # "about the onboarding": the phrase ends after its words, but for a gerund's
                # object ("for *reviewing* the contract", ``gerund_topics``)
                gerund = gerunds and bool(topical) and topical[-1].casefold().endswith("ing") and len(topical[-1]) >= 6
                in_topic = (
                    not taken or clause or gerund or (quantities and lowered == "of" and read[-2][1])
                )  # "3 hours *of* work"
            elif in_topic or kind_named:
                topical.append(word)
                taken += 1
                conditional += [word] if clause or criterion else []
            elif SLUG.match(word.strip(".,:;!?'\"")):
                # two plain words joined by a slash, unplaced ("does acme/api have"): an owner/name slug or
                # "read/write"; a topic, a value only where no tool ranked carries it
                topical.append(word)
        if word.endswith((",", ".", ";", "!", "?", ":")):
            in_topic = naming = kind_named = False
            quoting = quoting and not word.endswith((".", "!", "?"))
        # "log a bug in jira: checkout button unresponsive": a request writing gives the text after a colon
        texts = sends or noted or first in _BEFORE_TEXT or (opening and word[:-1].isalpha())  # no JSON key
        quoting = quoting or (word.endswith(":") and i >= 2 and texts)
        previous = lowered
    # "with email bob@example.com", 'with *the* title "Q3"': the word naming the field a value
    # goes in announces it, as "called" does; so may the container's word in "in project KAN".
    opener = {j: field_opener(read, j) for j in range(2, len(read))}
    markers += [
        read[j - 1][0]
        for j in range(2, len(read))
        if read[j][1]
        and not read[j - 1][1]
        and opener[j] in _FIELD_OPENERS
        and not (languages and read[j - 1][0] in QUERY_LANGUAGES)
        and not (opener[j] in _OBJECT_OPENERS and (words[j] == CUT or has_value_digits(words[j])))
    ]
    # ...unless the request names that kind of thing elsewhere ("create a folder inside folder 0")
    placed = [
        j - 1 for j in range(2, len(read)) if read[j][1] and read[j - 1][0] in CONTAINERS and read[j - 2][0] in LOCATING
    ]
    containers = [read[j][0] for j in placed if sum(w == read[j][0] and not v for w, v in read) == 1]
    inside = {t for span in spans for t in tokenize(span)}
    outside = {t for word in plain for t in tokenize(word)}
    topics = {t for word in topical for t in tokenize(word)} - QUERY_FILLER_WORDS
    announcing = {t for word in markers for t in tokenize(word)}
    values = frozenset(inside - outside)
    shaped_values = values & {t for span in by_shape for t in tokenize(span)}
    placing = {t for word in containers for t in tokenize(word)}
    conditions = topics & {t for word in conditional for t in tokenize(word)}
    # "in the Engineering *space*": a container after a name a preposition places
    kinds_placing = frozenset(
        read[k][0]
        for k in range(1, len(read))
        if k - 1 in before_kinds
        and k not in before_kinds
        and read[k][0] in CONTAINERS
        and placed_name(read, before_kinds, k)
    )
    return ValueReading(
        values,
        frozenset(announcing),
        frozenset(topics),
        shaped_values,
        frozenset(placing),
        frozenset(conditions),
        kinds_placing if spaces else frozenset(),
        values & {t for j in exemplified for t in tokenize(words[j])},
    )
