"""Step 1 of a search: the query read (``analyse_query``): its distinct tokens in order with the filler
words out, the apps it names, the words that look like argument values, whether it is a guessed name."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Container
from dataclasses import dataclass

from cardamom.core.search.abbreviations import spelled_out, spelled_values
from cardamom.core.search.app_named_things import without_thing_names
from cardamom.core.search.app_roles import content_apps, things_sent
from cardamom.core.search.app_scope import AppMention, find_mentions, without_constant_names, without_joined_names
from cardamom.core.search.app_tails import app_tails
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.clause_words import purposes, with_fields
from cardamom.core.search.dated_words import ends_as_participle
from cardamom.core.search.destructive_actions import source_of
from cardamom.core.search.field_phrases import (
    COPULAS,
    FieldPhrase,
    added_field,
    added_value,
    field_as_read,
    field_phrase,
    moved_member,
    possessive_as_of,
    role_holder,
    role_words,
    set_value,
)
from cardamom.core.search.filtering_things import ListFilter, asked_lists, list_filter
from cardamom.core.search.first_person import says_first_person
from cardamom.core.search.given_ids import NO_IDS, valued_things
from cardamom.core.search.head_nouns import RequestHead, object_is_value, request_head
from cardamom.core.search.negated_words import actions_ruled_out, negated
from cardamom.core.search.opaque_ids import opaque_pieces
from cardamom.core.search.options import SearchOptions
from cardamom.core.search.owner_words import owned_as_of, possessors
from cardamom.core.search.past_runs import ran_as_runs
from cardamom.core.search.person_names import given_names
from cardamom.core.search.placed_names import placed_words
from cardamom.core.search.possible_actions import possible_verbs
from cardamom.core.search.request_clauses import request_opening, second_action, verb_position
from cardamom.core.search.request_verbs import request_verb
from cardamom.core.search.said_fillers import owned_as_mine, without_said_fillers
from cardamom.core.search.synonyms import (
    NAME_SHORTHANDS,
    is_action_word,
    join_compounds,
    join_vocabulary_compounds,
)
from cardamom.core.search.tokens import (
    GRAMMAR_WORDS,
    QUERY_FILLER_WORDS,
    QUESTION_OPENERS,
    WH_WORDS,
    contraction_free,
    inflection_key,
    tokenize,
    unique,
)
from cardamom.core.search.value_shapes import without_addresses
from cardamom.core.search.value_words import TENANCIES, spelled_counts


@dataclass(frozen=True, slots=True)
class QueryAnalysis:
    tokens: tuple[str, ...]  # distinct, in order, filler words out
    dropped: tuple[str, ...]  # the filler words left out
    mentions: tuple[AppMention, ...]  # the apps it names, the org's and others
    values: frozenset[str]  # tokens that look like argument values
    name_shaped: bool
    topics: frozenset[str] = frozenset()  # words of what a request is about ("pages about onboarding")
    shaped_values: frozenset[str] = frozenset()  # the values read from their shape (``ValueReading.shaped``)
    containers: frozenset[str] = frozenset()  # "project" in "in project KAN" (``ValueReading.containers``)
    field: FieldPhrase | None = None  # "set *the priority of* jira issue OPS-77" (``field_phrases``)
    head: RequestHead | None = None  # "box *create* *folder*" (``head_nouns``)
    roles: tuple[str, ...] = ()  # "link ABC-1 to ABC-2 as *blocks*" (``role_values``)
    app_tails: frozenset[str] = frozenset()  # "the Notion *workspace*" (``app_tails``)
    conditions: frozenset[str] = frozenset()  # "where *assignee* is *currently* me" (``ValueReading.conditions``)
    valued_object: bool = False  # "remove *kim@acme.com* from the project" (``head_nouns.object_is_value``)
    role_holder: tuple[str, ...] = ()  # "add *kim* as a collaborator" (``role_values``)
    set_to: tuple[str, ...] = ()  # "change the priority of ... *to high*" (``set_values``)
    member: tuple[str, ...] = ()  # "add *kim* to the asana project" (``role_values``)
    first_person: bool = False  # "list *my* repos", "who am I" (``first_person``)
    source: str | None = None  # "delete comment 77 from asana *task* 12" (``kept_sources``)
    purposes: frozenset[str] = frozenset()  # topic words after "for", "about": "a page for the *notes*"
    opening: str = ""  # its first word, followed by an object: "*comment* on github issue 12" (``noun_verbs``)
    opening_object: tuple[str, ...] = ()  # that object's words: "comment on github *issue* 12"
    after_words: tuple[tuple[str, str], ...] = ()  # each word and the one before it: "page *abc*" (``thing_names``)
    with_fields: tuple[str, ...] = ()  # "create a droplet *with ubuntu*" (``created_fields``)
    asks: bool = False  # a question: "*are* there any unread intercom conversations?" (``QUESTION_OPENERS``)
    written: frozenset[str] = frozenset()  # arguments written as code, keys and values: "*state*=*open*"
    filters: ListFilter | None = None  # "charges for *customer* cus_123" (``filtering_things``)
    sent: frozenset[str] = frozenset()  # "post *the release notes* to #announcements" (``sent_things``)
    placing: frozenset[str] = frozenset()  # "in the Engineering *space*" (``placing_kinds``)
    predicates: frozenset[str] = frozenset()  # "what transitions are *available*" (``frame_adjectives``)
    negated: tuple[tuple[str, str], ...] = ()  # "jira issues that are not *done*" (``negated_words``)
    owners: tuple[tuple[str, tuple[str, ...]], ...] = ()  # "*acme's* stripe subscriptions" (``owner_words``)
    id_things: tuple[frozenset[str], ...] = ()  # "asana *team* 77": named with an id (``parameter_fit``)
    unnamed_ids: bool = False  # "get the barrier for *2981504*": an id whose thing is unsaid
    opaque: frozenset[str] = frozenset()  # "txn_1MiN3gLkdIw": no word's pieces, "mi", "lkd" (``opaque_ids``)


def query_tokens(query: str, options: SearchOptions | None = None) -> tuple[str, ...]:
    """The distinct tokens a query is weighted on, in order (filler words dropped by default)."""
    return analyse_query(query, options or SearchOptions()).tokens


def is_name_shaped(query: str) -> bool:
    """A guessed tool name (``list_all_cal_com_schedules``, ``listSchedules``): one word of several tokens."""
    text = query.strip()
    return bool(text) and not any(c.isspace() for c in text) and len(tokenize(text)) > 1


def analyse_query(
    query: str,
    options: SearchOptions,
    mentions: dict[str, tuple[str, ...]] | None = None,
    labels: Container[str] = (),
    vocabulary: Container[str] = (),
    leads: Callable[[str], bool] | None = None,
    arguments: frozenset[str] = frozenset(),
    compounds: Container[str] | None = None,
) -> QueryAnalysis:
    """Step 1: tokens in order (contraction tails out, ``look up`` joined when synonyms are on,
    ``work log`` joined where the index's names say ``worklog``), the filler words dropped, the
    apps named (``mentions``: the index's app names), the values, the naming words announcing a
    value (``called``) dropped, and the topic words. ``compounds``: the names' words two words are
    joined as, where not ``vocabulary``'s (``scoped_compounds``)."""
    if options.possessive_fields and options.field_phrases:
        query = possessive_as_of(query)  # "update the task's name": "update name of the task"
    if options.field_nouns and options.field_phrases:
        query = field_as_read(query)  # "the status of jira issue ENG-5": "get the status of ..."
    if options.possessive_values:
        query = owned_as_of(query)  # "customer cus_123's invoices": "invoices of customer cus_123"
    reading = (
        read_values(
            query,
            kinds=options.named_things,
            reminders=options.reminders,
            languages=options.api_words,
            orders=options.listed_filters,
            places=options.filtering_things,
            befores=options.names_before_kinds,
            tags=options.tagged_values,
            slugs=options.repo_slugs,
            titles=options.sentence_titles,
            codes=options.placed_codes,
            acts=options.asked_actions,
            spaces=options.placing_kinds,
            gerunds=options.gerund_topics,
            compares=options.compared_values,
            keys=options.placed_keys,
            short_ids=options.short_ids,
            lowercase=options.lowercase_names,
            quantities=options.quantity_values,
            pairs=options.paired_values,
            articled=options.articled_kinds,
            handles=options.handle_ids,
            lists=options.listed_names,
            dotted=options.dotted_values,
            examples=options.example_values,
            located=options.placed_participles,
            named=vocabulary if options.named_short_ids else (),
        )
        if options.argument_values
        else None
    )
    markers = reading.markers if reading is not None and options.value_markers else frozenset()
    runs = options.past_runs and reading is not None and "ran" not in reading.values  # (a name, "Ran", is one)
    if not options.drop_filler:
        tokens = unique(tokenize(query))
        dropped: tuple[str, ...] = ()
        sequence: tuple[str, ...] = tokens
    else:
        sequence = _sequence(query, options, vocabulary, mentions or {}, compounds, runs)
        everything = unique(sequence)
        tokens = tuple(t for t in everything if t not in QUERY_FILLER_WORDS and t not in markers)
        dropped = tuple(t for t in everything if t in QUERY_FILLER_WORDS or t in markers) if tokens else ()
        tokens = tokens or everything  # a query of filler words only still means something
    written = sequence  # the addresses in it too: "remove *kim@acme.com* from ..." (``object_is_value``)
    addressless = without_addresses(query)
    if options.drop_filler and addressless != query:  # an address names no app
        sequence = _sequence(addressless, options, vocabulary, mentions or {}, compounds, runs)
    naming = sequence  # "the droplet named *test-box*" names no app (``joined_names``)
    if options.joined_names and mentions:
        slugs, owners = options.slug_owners, options.unconnected_owners  # "star vercel/next.js", "facebook/react"
        unjoined = without_joined_names(addressless, mentions, kebab=options.kebab_names, slugs=slugs, owners=owners)
        unjoined = without_constant_names(unjoined, mentions) if options.constant_values else unjoined  # "AWS_KEY"
        unjoined = without_thing_names(unjoined, mentions, sequence) if options.app_named_things else unjoined
        if unjoined != addressless:
            naming = _sequence(unjoined, options, vocabulary, mentions, compounds, runs)
    found = tuple(find_mentions(naming, mentions, labels)) if options.app_scope and mentions is not None else ()
    values = reading.values if reading is not None else frozenset()
    if reading is not None and not any(mention.connected for mention in found):
        values -= reading.examples  # ("trials for diseases like *Huntington's*": its topic, no app named)
    values |= spelled_values(values, query) if options.abbreviations else frozenset()  # "the *cfg* broke"
    values |= possible_verbs(query) if options.possible_actions else frozenset()  # "which gadgets can I *add*"
    # a value's words a name shortens are that value still ("a task called 'Review PR'": not ``pulls``)
    values |= {short for words, short in NAME_SHORTHANDS.items() if all(w in values for w in words)}
    values |= spelled_counts(sequence) if options.spelled_counts and not is_name_shaped(query) else frozenset()
    topics = reading.topics if reading is not None and options.topic_values else frozenset()
    topics |= placed_words(sequence) if reading is not None and options.placed_names else frozenset()  # "in acme"
    conditions = reading.conditions if reading is not None and options.topic_values else frozenset()
    if options.sent_to_apps:  # "create a jira issue from *this slack message*"
        content, things = content_apps(sequence, found, values, placed=options.placed_apps)
        found, values = tuple(m for m in found if m not in content), values | things
    named = {w for m in found for w in m.words}
    if reading is not None and options.person_names:
        # "message *bob* on slack"; where the person's name is all a request has beside its
        # action ("look up jane in intercom"), the name is what it stands on
        people = given_names(sequence, vocabulary)
        standing = values | people | named | GRAMMAR_WORDS if people else frozenset()
        if people and any(t not in standing and not is_action_word(t) for t in tokens):
            values |= people
    shaped_name = is_name_shaped(query)
    readings = {"joined": options.joined_actions, "redone": options.redone_actions, "adverbs": options.adverb_openings}
    cut = second_action(sequence, values, named, **readings) if options.second_actions and not shaped_name else None
    if cut is not None:
        # "create an asana task ... *and assign it to me*": the second action's words leave
        second = {w for w in sequence[cut:] if w not in named} - set(sequence[:cut])
        tokens = tuple(t for t in tokens if t not in second) or tokens
        dropped = unique((*dropped, *(w for w in sequence[cut:] if w in second)))
        sequence = (*sequence[:cut], *(w for w in sequence[cut:] if w in named))
    asking = QUESTION_OPENERS if options.asked_states else WH_WORDS  # "how many *open* PRs": the word is no verb
    if options.synonyms and options.drop_filler and not (sequence and sequence[0] in asking):
        tokens = request_verb(tokens, sequence, named, values, options)  # "open *a* PR": made
    if options.negated_actions and not {"without", "instead", "rather"}.isdisjoint(sequence):
        # "close pull request 45 *without merging*": an action the request rules out
        ruled_out = actions_ruled_out(sequence, instead=options.excepted_things)  # "*instead of deleting* it"
        tokens = tuple(t for t in tokens if t not in ruled_out) or tokens
        dropped = unique((*dropped, *(t for t in sequence if t in ruled_out)))
    shaped = reading.shaped if reading is not None else frozenset()
    containers = reading.containers if reading is not None and options.value_markers else frozenset()
    field = (
        field_phrase(
            sequence,
            asked_on=options.field_prepositions,
            updated=options.updated_fields,
            trailing=options.trailing_fields,
            lists=options.field_lists,
            changed_on=options.fields_on_things,
        )
        if options.field_phrases and not shaped_name
        else None
    )
    opaque: frozenset[str] = frozenset()
    if options.opaque_ids:
        opaque = opaque_pieces(query, prefixed=options.prefixed_opaque, capital=options.capital_ids) & values
    if field is not None and options.opaque_fields and not opaque.isdisjoint(field.field):
        field = None  # "scheduled query run sqr_1NvX2aLkdIw*ix*": an id's piece is no field after it
    if field is None and options.added_fields and options.field_phrases and not shaped_name:
        # "add label regression to jira issue QA-8" (not "add *a bank account* to ...", ``added_things``)
        field = added_field(sequence, named, values if options.added_things else None)
    set_to: tuple[str, ...] = ()
    if options.set_values and not shaped_name:
        # "change the priority of ... *to high*", "rename box folder 9 *to archive*"
        set_to = field.value if field is not None and not field.reads else ()
        set_to = set_value(sequence, 1) if sequence[:1] == ("rename",) else set_to
    roles = role_words(sequence, values) if options.role_values and not shaped_name else ()
    unnamed = tuple(itertools.dropwhile(lambda w: w in named, sequence))  # "github add *octocat* as a collaborator"
    holder = role_holder(unnamed) if roles else ()
    member = moved_member(unnamed) if options.role_values and not shaped_name else ()
    head = (
        request_head(
            sequence,
            values | frozenset(added_value(field, vocabulary)),  # "add label *bug* to ...": no head
            named,
            None if shaped_name else leads,
            articles=options.article_heads,
            framed=options.framed_heads,
            amounts=options.quantity_values,
            opened=options.opened_things,
            reads=options.opened_reads,
            plurals=options.plural_openings,
        )
        if options.head_nouns
        else None
    )
    head = None if shaped_name and head is not None and not head.alone else head  # guessed names drop prepositions
    if holder and options.head_nouns:
        # "add *kim* as a *collaborator*" asks for a collaborator (a holder "Kim" ends the head phrase)
        head = RequestHead(sequence[0], roles[-1], len(roles) == 1, frozenset(inflection_key(w) for w in roles))
    lines = options.product_lines  # "twilio *serverless* fetch ..."
    tails = app_tails(sequence, named, lines=lines) if options.app_tails and not shaped_name else frozenset()
    owned = head.head if head is not None else None
    mine = options.first_person and not shaped_name and says_first_person(sequence, owned, values)
    been = options.framing_participles  # a participle after "been" is a predicate too ("have been *made*")
    source = source_of(sequence, named | values) if options.kept_sources and not shaped_name else None
    return QueryAnalysis(
        tokens,
        dropped,
        found,
        values - named,
        shaped_name,
        topics - named,
        shaped - named,
        containers,
        field,
        head,
        roles,
        tails,
        conditions - named,
        options.title_order and not shaped_name and object_is_value(written, values, named, fields=options.field_nouns),
        tuple(w for w in holder if w not in named),
        tuple(w for w in set_to if w not in named),
        tuple(w for w in member if w not in named),
        mine,
        source,
        purposes(sequence, topics - named),
        *(request_opening(sequence, named, values, options) if options.noun_verbs and not shaped_name else ("", ())),
        _after_things(sequence) if options.thing_names and not shaped_name else (),
        (
            with_fields(sequence, named, values if options.listed_filters else ())
            if options.created_fields and not shaped_name
            else ()
        ),
        not shaped_name and next((w for w in sequence if w not in named), "") in QUESTION_OPENERS,
        frozenset(t for t in tokens if t in arguments and t not in named),
        (
            list_filter(written, head, values, named, singular=options.valued_kinds, **asked_lists(options))
            if options.filtering_things and not shaped_name
            else None
        ),
        things_sent(written, values, named, options) if not shaped_name else frozenset(),
        reading.placing if reading is not None and not shaped_name else frozenset(),
        frozenset(w for a, w in itertools.pairwise(sequence) if a in COPULAS or (a == "been" and been)),  # "are *free*"
        negated(sequence, excepting=options.excepted_things) if options.negated_states and not shaped_name else (),
        possessors(query) if options.possessive_values and not shaped_name else (),
        *(valued_things(sequence, values - named, query, options.named_files) if options.parameter_fit else NO_IDS),
        opaque,
    )


def _after_things(sequence: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Each word of ``sequence`` with the word before it, where that one may be a thing named by its
    name or id ("page *abc*"): no place in the app ("account *tier*") nor participle ("signed *contract*")."""
    return tuple(
        (thing, word)
        for thing, word in itertools.pairwise(sequence)
        if thing not in TENANCIES and not ends_as_participle(thing)
    )


_WITH_SLASH = re.compile(r"(?<![\w/])w/(?=\s)", re.IGNORECASE)


def _sequence(
    text: str,
    options: SearchOptions,
    vocabulary: Container[str],
    apps: Container[str] = (),
    compounds: Container[str] | None = None,
    runs: bool = False,
) -> tuple[str, ...]:
    """``text``'s tokens in order, contraction tails out, compounds joined (no word of ``apps`` alone);
    ``runs``: "ran" read as "runs" (``past_runs``)."""
    text = _WITH_SLASH.sub("with", text) if options.abbreviations and "w/" in text else text  # "file 882 w/ bob"
    sequence = tuple(tokenize(contraction_free(text)))
    sequence = ran_as_runs(sequence) if runs else sequence  # "which workflows *ran* yesterday"
    shortened = options.shortened_phrases  # ("*out-of-office* entries": Cal.com's ``ooo``)
    sequence = spelled_out(sequence, vocabulary, phrases=shortened) if options.abbreviations else sequence
    sequence = without_said_fillers(sequence) if options.said_fillers else sequence  # "*let's* close ..."
    owned = options.owned_clauses  # "the numbers *I own*", "what permissions *do I have*"
    sequence = owned_as_mine(sequence, asked=options.held_questions) if owned else sequence
    if options.synonyms:
        opens = verb_position(sequence, apps)  # "Slack: DM bob", "Via Slack, DM bob"
        phrases, phrasal, separated = not is_name_shaped(text), options.phrasal_verbs, options.separated_particles
        stative = options.stated_compounds  # "which webhooks are *set up*": created, a state
        sequence = join_compounds(
            sequence,
            phrases=phrases,
            opens=opens,
            phrasal=phrasal,
            separated=separated,
            stative=stative,
            listed=options.listed_setups,
        )
    if options.vocabulary_compounds:
        sequence = join_vocabulary_compounds(sequence, vocabulary if compounds is None else compounds, apps)
    return sequence
