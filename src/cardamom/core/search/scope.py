"""Step 2 of a search: the pool ranked (``scope_pool``): the caller's pool, or its part inside
the org's apps the query names; an app named but not connected, or connected with none of its
tools usable, ends the search here with that reason."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from cardamom.core.search.app_roles import MESSAGE_NOUNS
from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.app_words import name_forms
from cardamom.core.search.attached_files import ATTACHING, as_file, described_content
from cardamom.core.search.container_words import lister_of, lists_thing, staying_kinds
from cardamom.core.search.counting_words import count_as_list, list_as_search
from cardamom.core.search.filter_words import BEFORE_THINGS, owners_as_values, qualifiers, ruled_out
from cardamom.core.search.implied_app import named_in_tools
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.labelled_numbers import number_labels
from cardamom.core.search.listed_reads import listed_read
from cardamom.core.search.postings import EMPTY, union_of
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.ranking import EmptyReason
from cardamom.core.search.sent_messages import as_message, sends_text, unnamed_places
from cardamom.core.search.synonyms import CREATING, is_action_word
from cardamom.core.search.thing_values import created_fields, names_after_kinds, thing_names
from cardamom.core.search.tokens import NAME_ONLY_QUERY_WORDS, asked_auxiliary, inflection_key, tokenize, unique
from cardamom.core.search.verb_readings import (
    SEARCH_VERBS,
    changed_field,
    literal_names,
    name_reach,
    named_in,
    said_in,
    search_as_get,
    state_change,
)
from cardamom.core.search.word_forms import listed_plural, read_as_info

Words = tuple[str, ...]
Readings = tuple[tuple[str, str], ...]  # each word and what it is read as
Tools = frozenset[int]
ReadWords = tuple[Words, Readings]


@dataclass(frozen=True, slots=True)
class Scope:
    """What is ranked: ``visible`` (None: the whole index) and the tokens weighed there."""

    visible: Collection[int] | None
    pool_size: int
    tokens: tuple[str, ...]
    apps: tuple[str, ...] = ()  # the org's apps named (ranking stayed inside them)
    app_words: tuple[str, ...] = ()
    values: frozenset[str] = frozenset()  # argument values still weighed (they match names only)
    values_weighed: bool = True
    synonyms: bool = False
    refusal: EmptyReason | None = None
    grammar: tuple[str, ...] = ()  # the sentence's grammar words left out (dropped)
    # One app, named by its whole name (its label or an account, as written or run together),
    # whose tools are a part of the caller's pool: where a long request may fall back on meaning.
    one_app_named_whole: bool = False
    # Topic words no tool ranked carries, among ``values`` ("pages about onboarding"): values to
    # the floor, still words of the request to the semantic fallback.
    topic_values: frozenset[str] = frozenset()
    # Apps the org has not connected whose names some tools' names carry ("kubernetes" in
    # DigitalOcean's): only those tools (``within``) may come back; none means not connected.
    not_connected: tuple[str, ...] = ()
    within: frozenset[int] | None = None
    # The app was implied by a word only its tool names carry, not named (``implied_app``).
    implied: bool = False
    # A request's word read as another ("close" as "update" where no name closes: ``state_verbs``;
    # "find" as "get" where no name searches: ``search_verbs``).
    read_as: tuple[tuple[str, str], ...] = ()
    # The thing whose field the request changes ("page" in "update the title of notion page 7a",
    # ``field_phrases``), where no name carries the field with it: the request's head noun.
    field_thing: str = ""


def scope_pool(
    index: SearchIndex,
    analysis: QueryAnalysis,
    pool: Collection[int] | None,
    floor: float,
    *,
    implied: tuple[str, frozenset[int]] | None = None,
) -> Scope:
    """Step 2: the caller's pool, or its part inside the apps the query names.

    A query naming one of the org's apps is ranked among that app's tools the caller may use;
    inside it, argument values leave the mass and synonyms apply. Under the floor, a query
    that names only apps the org has not connected, or apps none of whose tools the caller may
    use, returns nothing, with that reason.
    """
    if pool is None:
        visible: Collection[int] | None = None
        size = len(index.documents)
    else:
        visible = pool if isinstance(pool, (set, frozenset)) else frozenset(pool)
        size = len(visible)
    tokens = analysis.tokens
    options = index.options
    grammar: tuple[str, ...] = ()
    connected = [m for m in analysis.mentions if m.connected]
    words = unique(w for m in analysis.mentions for w in m.words)
    values = tuple(t for t in tokens if t in analysis.values)
    if options.drop_filler and not analysis.name_shaped:
        # In words (not a guessed name), "in", "on", "is", "do", "can" are the sentence's grammar,
        # though a tool name may carry them as content (sign_in, is_member): they leave a query of
        # two words or more besides them ("help me" keeps its "me").
        content = tuple(t for t in tokens if t not in NAME_ONLY_QUERY_WORDS)
        if len(content) >= 2 or (content and options.asked_auxiliaries and asked_auxiliary(tokens, analysis.dropped)):
            grammar, tokens = tuple(t for t in tokens if t in NAME_ONLY_QUERY_WORDS), content
    if not connected:
        if analysis.mentions and floor > 0:
            names = unique(m.name for m in analysis.mentions)
            carriers = named_in_tools(index, analysis.mentions, visible) if options.product_names else EMPTY
            if carriers:
                # The app is what those tools work on: the rest of the request is ranked as
                # usual and only those tools may come back; its name weighs nothing, or a rare
                # name carried by a few tools ("slack" in Box's integration mappings) would
                # clear the floor alone. None clearing it: the app is still not connected.
                rest = tuple(t for t in tokens if t not in words) or tokens
                return Scope(
                    visible, size, rest, values=analysis.values, grammar=grammar, not_connected=names, within=carriers
                )
            refusal = EmptyReason("app_not_connected", names, (), values)
            return Scope(visible, size, tokens, (), words, refusal=refusal, grammar=grammar)
        # an opaque id's pieces are no words ("txn_1MiN3gLkdIw": "mi", "lkd"): out of the mass (``opaque_ids``)
        tokens = tuple(t for t in tokens if t not in analysis.opaque) or tokens
        if implied is not None:  # the app the request's words imply (``implied_app``)
            app, tools = implied
            return _inside(index, analysis, tools, tokens, grammar, (app,), (), frozenset(), implied=True)
        # arguments written as code ("POST /v1/customers {"email": ...}") are values by how they
        # are written: they leave the mass as "17 times 23" does not (``unscoped_values``)
        for leaving in (analysis.written, analysis.shaped_values if options.unscoped_values else frozenset()):
            if leaving and floor > 0 and _values_leave(analysis, tokens, leaving):
                return Scope(visible, size, tokens, values=leaving, values_weighed=False, grammar=grammar)
        everything = frozenset(visible) if visible is not None else None
        as_list = listed_read(index, analysis, tokens, everything) if options.unscoped_lists else None
        if as_list is not None and analysis.head is not None:  # "show my codespaces": listed, as inside an app
            read = ((analysis.head.verb, "list"),)
            return Scope(visible, size, as_list, values=analysis.values, grammar=grammar, read_as=read)
        return Scope(visible, size, tokens, values=analysis.values, grammar=grammar)
    apps = _narrowest(index, unique(m.name for m in connected))
    inside = union_of(index.app_targets.get(name, EMPTY) for name in apps)
    scoped = inside if visible is None else inside & visible  # type: ignore[operator]
    if not scoped:
        if floor > 0:
            refusal = EmptyReason("app_without_usable_tools", apps, (), values)
            return Scope(scoped, 0, tokens, apps, words, refusal=refusal, grammar=grammar)
        return Scope(visible, size, tokens, values=analysis.values, grammar=grammar)  # no floor: unscoped
    whole = len(apps) == 1 and len(scoped) < size and any(m.name == apps[0] and _whole(m) for m in connected)
    app_words = frozenset(w for m in connected for w in m.words)
    return _inside(index, analysis, scoped, tokens, grammar, apps, words, app_words, whole=whole)


def _inside(
    index: SearchIndex,
    analysis: QueryAnalysis,
    scoped: frozenset[int],
    tokens: tuple[str, ...],
    grammar: tuple[str, ...],
    apps: tuple[str, ...],
    words: tuple[str, ...],
    app_words: frozenset[str],
    *,
    whole: bool = False,
    implied: bool = False,
) -> Scope:
    """Ranking inside ``scoped``, the tools of the apps ``apps`` the caller may use: the words
    naming them out, argument values and topic words no tool there carries out of the mass,
    synonyms on."""
    options = index.options
    kept = tuple(t for t in tokens if t not in app_words) or tokens
    if options.negated_states and not implied:  # "jira issues not *done*": which of them, no word of the tool
        ruled = ruled_out(index, analysis.negated, kept, scoped, analysis.values)
        kept = tuple(t for t in kept if t not in ruled)
    # "*acme's* stripe subscriptions": which of them (``owner_words``)
    owned = owners_as_values(index, analysis.owners, kept, scoped) if options.possessive_values else frozenset()
    # "list all users in the Notion *workspace*": where no name of the app says it, the word
    # places the request in the app it names (Asana's ``get_workspaces`` keeps it); so does "in
    # the Engineering *space*", in an app the request names (``placing_kinds``)
    tails = analysis.app_tails | (analysis.placing if not implied else frozenset())
    if options.app_tails and tails:
        kept = tuple(t for t in kept if t not in tails or named_in(index, t, scoped)) or kept
    # "in project KAN": the container's word leaves with its value, but for a name of the app
    # saying the thing *for* that container ("list asana tasks in project 12": ``get_tasks_for_project``)
    # "charges *for customer* cus_123": so does a kind's word filtering a list the app names
    listed = analysis.filters
    filters = listed.kinds if listed is not None and lists_thing(index, listed.thing, listed.verb, scoped) else ()
    lister = lister_of(index, scoped, analysis.head, listed, kept, app_words | analysis.values, analysis.containers)
    placing = [t for t in kept if t in analysis.containers or t in filters] if options.named_containers else []
    staying = staying_kinds(index, lister, listed, placing, scoped, options) if placing else frozenset()
    kept = tuple(t for t in kept if (t not in analysis.containers and t not in filters) or t in staying) or kept
    # "get_knowledge_graph_extract_graph_data": the guesser's verb, where no tool of the app says
    # it anywhere even through a synonym, is no word of the tool (Knowledge Graph's `extract`);
    # one a description says stays ("Triggers a new build")
    guessed_verb = options.guessed_verbs and analysis.name_shaped and len(kept) > 1 and is_action_word(kept[0])
    if guessed_verb and not said_in(index, kept[0], scoped):
        kept = kept[1:]
    read_as: tuple[tuple[str, str], ...] = ()
    if options.word_forms and not analysis.name_shaped:  # a guessed name's words are a name's
        kept, read_as = name_forms(index, kept, scoped, analysis.values, analysis.head)
    head = analysis.head
    if options.listed_plural and head is not None and head.head in kept and head.head not in analysis.values:
        plural = listed_plural(index, head.verb, head.head, scoped)
        if plural is not None:
            kept = unique(plural if t == head.head else t for t in kept)
            read_as = (*read_as, (head.head, plural))
    as_list = listed_read(index, analysis, kept, scoped) if options.reads_as_lists else None
    if as_list is not None and head is not None:  # "get github issues"
        kept, read_as = as_list, (*read_as, (head.verb, "list"))
    if options.info_names and head is not None:  # "get slack user bob": ``users_info``
        kept, read_as = _info_read(index, kept, read_as, head.verb, head.head, scoped)
    fields: frozenset[str] = frozenset()
    thing = ""
    if options.field_phrases and analysis.field is not None:
        fields, updating, thing = changed_field(index, analysis, kept, scoped, app_words)
        if updating != kept:
            read_as = (*read_as, (analysis.field.verb, analysis.field.action))  # "set the due date of ...": an update
        kept = updating
        if options.info_names and fields and thing:  # "get the timezone of a slack user" asks for its info too
            kept, read_as = _info_read(index, kept, read_as, analysis.field.verb, thing, scoped)
    # what a field is set to ("change the priority of jira issue ENG-11 *to high*") is an argument,
    # where no name of the app carries it; a thing's new name is, whatever names carry ("*to main*")
    renamed = kept[:1] == ("rename",)
    fields |= {w for w in analysis.set_to if w in kept and (renamed or not named_in(index, w, scoped))}
    # "search box for *contract pdfs*": what a search looks for is its query
    searching = options.search_terms and bool(kept) and kept[0] in SEARCH_VERBS
    changed = state_change(index, kept, scoped, analysis.values | fields) if options.state_verbs else kept
    if options.search_verbs:
        changed = search_as_get(index, changed, scoped, analysis.values)
    if options.counted_lists:
        changed = count_as_list(
            index, changed, scoped, analysis.values, things=options.counted_things, numbers=options.counted_questions
        )
    searched = changed
    if options.searched_lists:
        searched = list_as_search(  # "list jira issues", "jira issues assigned to me"
            index,
            changed,
            scoped,
            analysis.values | owned,
            verbless=options.unsaid_searches and not analysis.name_shaped,
            synonyms=options.searched_synonyms,
            passing=BEFORE_THINGS if options.ordered_searches else frozenset(),
            lists=options.unsaid_lists,
            general=options.general_searches and not analysis.name_shaped,  # "notion_retrieve_comments"
        )
    # a verbless request's things read as searched for: "issues" as "search issues"
    unsaid = len(searched) > len(changed)
    changed = searched
    if changed != kept:
        read_as = (*read_as, (kept[0], " ".join(changed[:2]) if unsaid else changed[0]))
    kept = changed
    weighed = True
    topics = _unmatched_topics(index, analysis, kept, scoped, searching=searching) | fields | owned
    # "post *the release notes* to #announcements"; a text sent naming no thing ("post in slack #eng: *hi*")
    sending = options.sent_messages and not (kept and kept[0] in ATTACHING)  # a file attached is no message
    if sending and (analysis.sent & topics or sends_text(kept, analysis.values, options.sent_places)):
        kept = as_message(index, kept, scoped)
    elif options.attached_files and analysis.sent & topics:  # "upload *a screenshot* to box": a file
        kept = as_file(index, kept, scoped)
    topics |= unnamed_places(index, kept, scoped) if sending else frozenset()  # "post a message to a slack *thread*"
    # "where *assignee* is *currently* me", "link ABC-1 to ABC-2 as *blocks*": a condition's
    # words, and a role or kind, that no name of the app carries are values
    roles = analysis.roles if options.role_values else ()
    named_only = (*analysis.conditions, *roles)
    topics |= {w for w in named_only if w in kept and not named_in(index, w, scoped)}
    holding = bool(roles) and not any(w in topics for w in roles)
    if holding:
        # who takes a role some name of the app carries ("add *kim* as a collaborator") is a
        # value too; beside a role no name carries, the request stands on too few words
        # (... and one a name carries with no role: "add *octocat* as a collaborator", no ``meta_get_octocat``)
        with_role = scoped & union_of(name_reach(index, w) for w in roles)
        topics |= {w for w in analysis.role_holder if w in kept and not named_in(index, w, with_role)}
    # whom a request adds to or takes from a thing ("invite *bob* to the channel"), where no tool
    # of the app says the word anywhere: a person, as "Bob" written capitalised is
    topics |= {w for w in analysis.member if w in kept and not said_in(index, w, scoped)}
    written = (*kept, *(w for w, r in read_as if r in kept and w not in kept))  # "the slack *channel* ops"
    named = thing_names(index, analysis, written, scoped) if options.thing_names else frozenset()
    named |= names_after_kinds(index, analysis, kept, scoped) if options.names_after_kinds else frozenset()
    if options.qualifiers:
        # "a *draft* invoice for customer Acme": beside the values read so far, and the thing's name
        taken = topics | named if options.valued_qualifiers else frozenset()
        topics |= qualifiers(index, analysis, kept, scoped, questions=not implied, taken=taken)
    topics |= named
    topics |= number_labels(index, analysis, kept, scoped) if options.labelled_numbers else frozenset()  # "*port* 443"
    if options.created_fields:
        topics |= created_fields(index, analysis, kept, scoped)
    if kept and kept[0] == "transition":
        # the state a transition goes to is its argument: "move ... *to Done*", "mark ... *as resolved*"
        topics |= {w for w in kept if w in analysis.topics or w in analysis.roles}
    # In an app the words implied, a capitalised word stays a word: it may be the app the
    # request names, which the org lacks ("in Onsched Setup"); only values read from their shape go.
    as_values = (analysis.shaped_values if implied else analysis.values) | topics
    if roles and not holding and options.person_names:
        as_values -= set(analysis.role_holder)  # "add *jane* as an editor": a given name too
    # the action a verb was read as is the request's, even where a quoted value says the word too
    # ("assign the asana task 'Update website' to John": an update, not a value)
    as_values -= {read for _, read in read_as}
    if options.argument_values:
        without_values = tuple(t for t in kept if t not in as_values)
        if without_values and len(without_values) < len(kept):
            weighed = False  # the values stay, to order by (a name carrying one), but weigh nothing
    return Scope(
        scoped,
        len(scoped),
        kept,
        apps,
        words,
        as_values,
        weighed,
        options.synonyms,
        None,
        grammar,
        whole,
        topics,
        implied=implied,
        read_as=read_as,
        field_thing=thing,
    )


# Outside a named app, the words besides the values that must remain for the values to leave
# the mass: an action and its object ("delete droplet 12345"). One word left is too little to
# stand for a request ("what is 17 times 23" is not a time-tracking tool).
_WORDS_BESIDE_VALUES = 2


def _values_leave(analysis: QueryAnalysis, tokens: tuple[str, ...], values: frozenset[str]) -> bool:
    """A request in words that names no app, with ``values`` (written as arguments,
    ``argument_lists``; or read from their shape: a number, an id, a quoted title, not a
    capitalised word, which may name an app the org lacks) and at least two other words: those
    values leave the mass, as inside a named app, and the other words must clear the floor
    (and reach a tool's name) on their own."""
    if analysis.name_shaped:
        return False
    rest = [t for t in tokens if t not in values and t not in NAME_ONLY_QUERY_WORDS]
    return len(rest) >= _WORDS_BESIDE_VALUES and len(rest) < len(tokens)


def _unmatched_topics(
    index: SearchIndex, analysis: QueryAnalysis, kept: tuple[str, ...], scoped: frozenset[int], *, searching: bool
) -> frozenset[str]:
    """The topic words of a request inside a named app that no tool ranked carries in any
    field, even through a synonym ("Notion pages about onboarding", "search Box for
    invoices"): what the request is about, a value to pass, not a word of the tool. A topic
    word some tool carries stays a word of the query ("tasks for a project"). ``searching``:
    the request opens with a search verb, whose topic words are its query wherever no tool
    *name* carries them ("search box for contract *pdfs*": descriptions name file types)."""
    if searching:
        return frozenset(t for t in kept if t in analysis.topics and not named_in(index, t, scoped))
    # what a request sends ("post *the release notes* to #announcements") is its content where
    # no name carries the word as written (Slack's messages are no "notes"), or where it is a verb
    # that is a message's kind too ("post *an update*", ``posted_updates``)
    nouns = MESSAGE_NOUNS if index.options.posted_updates else frozenset()
    if kept and kept[0] in ATTACHING:  # "upload *the signed contract* to box"
        sent = described_content(index, (t for t in kept if t in analysis.sent), scoped)
    else:
        sent = frozenset(t for t in kept if t in analysis.sent and (t in nouns or not literal_names(index, t) & scoped))
    if index.options.create_topics and kept and inflection_key(kept[0]) in CREATING:
        # what a thing created is for ("a notion page for the *meeting notes*") is its content
        # where no name carries the word as written (Notion's comments are no "notes")
        return (
            sent
            | frozenset(t for t in kept if t in analysis.purposes and not literal_names(index, t) & scoped)
            | frozenset(t for t in kept if t in analysis.topics and not said_in(index, t, scoped))
        )
    return sent | frozenset(t for t in kept if t in analysis.topics and not said_in(index, t, scoped))


def _whole(mention: AppMention) -> bool:
    """The mention is the app's whole name: every word of it, as written or run together."""
    name = tuple(tokenize(mention.name))
    return mention.words in (name, ("".join(name),))


def _narrowest(index: SearchIndex, names: tuple[str, ...]) -> tuple[str, ...]:
    """The named targets that hold no other named target: "notion legal" is the account
    notion-legal, not all of Notion."""
    targets = {name: index.app_targets.get(name, EMPTY) for name in names}
    return tuple(n for n in names if not any(o != n and targets[o] < targets[n] for o in names))


def _info_read(index: SearchIndex, kept: Words, read_as: Readings, verb: str, thing: str, scoped: Tools) -> ReadWords:
    """``kept`` with ``verb`` read as "info" where it reads one ``thing`` an app names by its info
    (``read_as_info``), and ``read_as`` saying so; both as they are otherwise."""
    if verb not in kept or not read_as_info(index, verb, thing, scoped):
        return kept, read_as
    return unique("info" if t == verb else t for t in kept), (*read_as, (verb, "info"))
