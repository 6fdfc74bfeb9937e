"""``rank``: a search, step by step (``query``, ``scope``, ``coverage``, ``order``), and what
it returns (``ranking``): the hits, each explaining itself, or the reason nothing came back.
When nothing clears the floor, a request in words may still find a tool by meaning
(``semantic_fallback``)."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Collection, Container

from cardamom.core.search.attempts import attempted_in
from cardamom.core.search.caller_order import caller_first
from cardamom.core.search.camel_words import lowered_constant, whole_camel_words
from cardamom.core.search.closest_tool import closest_lacks
from cardamom.core.search.coverage import candidate_tools, covering_tools, description_share, weigh_tokens
from cardamom.core.search.described_verbs import described_verb_first
from cardamom.core.search.destructive_actions import contradicts, deletes, is_question, request_action
from cardamom.core.search.first_person import OWN_WORDS
from cardamom.core.search.framed_request import framed_request
from cardamom.core.search.head_nouns import listed_head
from cardamom.core.search.head_order import head_first, request_head_of
from cardamom.core.search.id_lookups import id_lookups
from cardamom.core.search.implied_app import implied_app, numbered_kind, slug_app
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.instrument_words import instrument_read, means_words
from cardamom.core.search.issue_keys import keyed_issue, names_issues
from cardamom.core.search.kept_sources import kept_source, taken_out_first
from cardamom.core.search.keyed_lists import keyed_first
from cardamom.core.search.listed_ids import lists_ids
from cardamom.core.search.mood_twins import mood_twin_first
from cardamom.core.search.named_owners import named_owner_first
from cardamom.core.search.noun_verbs import opening_noun_first
from cardamom.core.search.number_twins import listed_twin_first
from cardamom.core.search.numbered_ids import numbered_ids
from cardamom.core.search.order import order_results
from cardamom.core.search.outcome_requests import switched
from cardamom.core.search.parameter_fit import fitted, thing_words
from cardamom.core.search.prefixed_ids import kinded_ids
from cardamom.core.search.query import QueryAnalysis, analyse_query
from cardamom.core.search.question_things import question_things
from cardamom.core.search.ranking import EmptyReason, Hit, Ranking, TokenMatch
from cardamom.core.search.relevance_floor import RELEVANCE_FLOOR, mass_needed
from cardamom.core.search.request_parts import without_tags
from cardamom.core.search.scope import scope_pool
from cardamom.core.search.scoped_compounds import named_compounds
from cardamom.core.search.second_readings import read_again
from cardamom.core.search.telling import WRITTEN_FIRST, sends_messages, told_request
from cardamom.core.search.title_order import title_carriers, title_first, unplaced
from cardamom.core.search.tokens import inflection_key, plain_hyphens, tokenize, unique
from cardamom.core.search.unasked_tools import unasked_tools
from cardamom.core.search.unpaired_modifiers import read_unpaired
from cardamom.core.search.unsaid_actions import reading_first
from cardamom.core.search.verb_readings import leads_a_name
from cardamom.core.search.written_forms import read_written


def rank(
    index: SearchIndex,
    query: str,
    *,
    pool: Collection[int] | None = None,
    limit: int = 10,
    floor: float = RELEVANCE_FLOOR,
) -> Ranking:
    """Rank the tools of ``pool`` (default: every indexed tool) against ``query``.

    IDF is computed over the tools ranked (``pool``, or its part in the apps the query names),
    so a tool outside it can neither match nor shift the weight of a token for those inside.
    Only tools that could still clear the floor are scored, so a query's cost follows how many
    tools share its rare tokens, not the pool size. A request naming no app that finds nothing
    as written is ranked again inside the one app its words imply, if any (``implied_app``); one
    naming an app that finds nothing is ranked again with its misspellings read
    (``misspelled_words``), then with the words its app never says before its things quoted
    (``unsaid_modifiers``; both ``second_readings``).
    """
    query = plain_hyphens(query)  # "ENG\u20115": a typographic hyphen joins an id as "-" does
    query = without_tags(query)  # "<request>list xero invoices</request>"
    if index.options.constant_names:
        query = lowered_constant(query)  # "GITHUB_CREATE_AN_ISSUE": a guessed name's words
    if index.options.camel_words and (whole := whole_camel_words(query, index.knows)) != query:
        # "send a WhatsApp message": "whatsapp" as a text writes it; as written (split), where that
        # finds nothing ("delete the WhatsApp sender": a description's "WhatsApp" was split)
        found = rank(index, whole, pool=pool, limit=limit, floor=floor)
        if found.hits:
            return found
    query = attempted_in(index, query)  # "I'm getting an error when creating a jira issue": "create a jira issue"
    means: tuple[str, ...] = ()  # "use the stripe api to list customers": "list customers in stripe"
    as_written = ""  # a request of telling, as written: where the message found is no message
    if index.options.instrument_words:
        read = instrument_read(index, query)
        means, query = means_words(query, read), read
    if index.options.telling:
        # "notify bob on slack": "send a message to bob on slack"
        told, verb = told_request(query, index.options)
        if verb in WRITTEN_FIRST:
            written = _rank_request(index, query, pool, limit, floor)
            if written.hits:
                return written  # Jira's ``notify``: the app's own word for it
        query, as_written = told, query if verb else ""
    ranking = _rank_request(index, query, pool, limit, floor)
    if index.options.unpaired_modifiers:  # "update intercom *help center* collection 55": its update
        ranking = read_unpaired(index, query, ranking, lambda again: _rank_request(index, again, pool, limit, floor))
    if as_written and ranking.hits and not sends_messages(ranking.hits[0].name):  # "let bob know in jira"
        ranking = _rank_request(index, as_written, pool, limit, floor)
    # "craete a jira issue", "list all twilio studio flows": read again where nothing is found
    ranking = read_again(index, query, ranking, lambda again: _rank_request(index, again, pool, limit, floor))
    return dataclasses.replace(ranking, dropped=unique((*ranking.dropped, *means))) if means else ranking


def _rank_request(index: SearchIndex, query: str, pool: Collection[int] | None, limit: int, floor: float) -> Ranking:
    """``rank`` of a request as it is written (an endpoint, a call or a host read as words)."""
    options = index.options
    query, arguments = read_written(index, query)  # and the values written as arguments: "state=*open*"
    leads = functools.cache(functools.partial(leads_a_name, index)) if options.name_verbs else None  # opens a name

    compounds: Container[str] | None = None  # the named apps' names' words, where others' joined two words

    def read(text: str) -> QueryAnalysis:
        mentions, labels, names = index.app_mentions, index.label_postings, index.name_postings
        return analyse_query(text, options, mentions, labels, names, leads, arguments, compounds)

    analysis = read(query)
    if options.scoped_compounds and (named := named_compounds(index, analysis, query)) is not None:
        compounds = named  # "which twilio *add-ons* are installed": not another app's ``addons``
        analysis = read(query)
    keyed = keyed_issue(query) if options.issue_keys else None
    if keyed is not None and names_issues(index, analysis.mentions):
        query, analysis = keyed, read(keyed)  # "move PROJ-12 to done in jira": "move issue PROJ-12 ..."
    connected = [mention.name for mention in analysis.mentions if mention.connected]
    if options.unnamed_switches and not connected and (switch := switched(index, query, None)) != query:
        query, analysis = switch, read(switch)  # "turn on vulnerability alerts for acme/api": "enable ..."
    kinded = kinded_ids(index, query, connected) if options.prefixed_ids and connected else query
    if kinded != query:
        query, analysis = kinded, read(kinded)  # "get cus_123 from stripe": "get customer cus_123 ..."
    # (a guessed name, one word: nothing is written around it)
    framed = framed_request(index, query, analysis.mentions, leads) if connected and not analysis.name_shaped else query
    if framed != query and connected:
        # "I need to add a comment to Jira ticket ...": the request starts at "add". As with its
        # values, its frame leaves the mass only where it names a connected app, whose tools
        # bound the answer ("I want to find a train" among strangers' tools keeps its weight).
        inside = read(framed)
        if any(mention.connected for mention in inside.mentions):
            # The semantic fallback's rule was fit on requests as written, frame and all: it
            # reads the request as written when the framed one finds nothing.
            ranking = _rank(index, framed, inside, pool, limit, floor, by_meaning=False, leads=leads)
            if not ranking.hits:
                written = _rank(index, query, analysis, pool, limit, floor, leads=leads)
                if written.hits:
                    return written
            left = set(tokenize(framed))  # the frame and the answer's form, reported as the filler left out
            frame = tuple(t for t in tokenize(query) if t not in left)
            return dataclasses.replace(ranking, dropped=unique((*frame, *ranking.dropped)))
    return _rank(index, query, analysis, pool, limit, floor, leads=leads)


def _rank(
    index: SearchIndex,
    query: str,
    analysis: QueryAnalysis,
    pool: Collection[int] | None,
    limit: int,
    floor: float,
    implied: tuple[str, frozenset[int]] | None = None,
    *,
    by_meaning: bool = True,
    leads: Callable[[str], bool] | None = None,
) -> Ranking:
    """``rank`` on the request read; ``implied``: the app (and its tools) the request's words
    imply, to rank inside; ``by_meaning``: the semantic fallback may run; ``leads``: whether a
    word opens some tool name (``name_verbs``)."""
    options = index.options
    scope = scope_pool(index, analysis, pool, floor, implied=implied)
    as_values = (analysis.values | scope.topic_values) - {read for _, read in scope.read_as}
    values = tuple(t for t in unique((*analysis.tokens, *analysis.values)) if t in as_values)
    common = {
        "dropped": analysis.dropped,
        "scope": scope.apps,
        "app_words": scope.app_words,
        "values": values,
        "values_weighed": scope.values_weighed,
    }
    common["dropped"] = (*analysis.dropped, *scope.grammar)
    if scope.refusal is not None:
        seen = frozenset(pool) if pool is not None else None
        found = tuple(index.postings(t).every if seen is None else index.postings(t).every & seen for t in scope.tokens)
        uncovered = tuple(t for t, m in zip(scope.tokens, found, strict=True) if not m)
        return Ranking(scope.tokens, {}, scope.pool_size, (), 0, found, uncovered, reason=scope.refusal, **common)  # type: ignore[arg-type]
    head = request_head_of(analysis, scope, options)
    numbered = options.numbered_ids and scope.values_weighed  # "droplet *99*": no name's "99"
    ids = numbered_ids(analysis.after_words, scope.values) if numbered else frozenset()
    shaped, predicates = analysis.name_shaped, analysis.predicates
    by_id = id_lookups(query) if options.id_lookups else frozenset()  # "get file *by id*"
    weighed = weigh_tokens(index, scope, guessed_name=shaped, head=head, predicates=predicates, ids=ids, lookups=by_id)
    total_mass = sum(weighed.weights)
    needed = mass_needed(total_mass, floor)
    # Part of the floor, for a guessed name that names no app of the org: inside a named app,
    # the scope already does what these rules do (keep other apps' tools out).
    guessed = floor > 0 and options.guessed_name_rules and analysis.name_shaped and not scope.apps
    # A request naming no app whose values left the mass stands on fewer words: like a guessed
    # name, the tool must carry the rarest of them ("create a firewall that allows port 22" is
    # not Twilio's ``create_porting_port_in``).
    unscoped_values = not scope.apps and not scope.values_weighed
    candidates = candidate_tools(weighed, needed, rarest_only=guessed or unscoped_values)
    share = description_share(scope, analysis.name_shaped, guessed, options.words_description_half)
    # A one-word search is a keyword: a tool whose description says it is what it asks for.
    name_evidence = options.name_evidence and len(analysis.tokens) > 1
    first_word = options.first_word_ties and not analysis.name_shaped
    # a word a tool's title says covers all its weight ("Upload file" is Box's
    # ``post_files_content``), where a description's covers ``share`` of it (``title_words``)
    in_words = options.title_words and share < 1.0 and not analysis.name_shaped and bool(scope.apps)
    title_says = title_carriers(index, weighed.tokens) if in_words else None
    passing = covering_tools(
        weighed, candidates, needed, share, name_evidence=name_evidence, first_word=first_word, titled=title_says
    )
    if scope.within is not None:
        passing = [covering for covering in passing if covering[0] in scope.within]
    if options.parameter_fit and scope.apps and analysis.id_things:  # "asana team *77*": the tool taking its id
        named_things = thing_words(weighed, analysis.id_things) if options.taken_things_said else ()
        passing = fitted(index, passing, analysis.id_things, analysis.unnamed_ids, named_things)
    question = options.read_actions and not analysis.name_shaped and is_question(query, scope.app_words)
    action = None
    articled = question and options.articled_acts  # "is box web link 5 in *the trash*?": a noun, no action
    things = question_things(analysis.after_words, unled=options.question_things) if articled else frozenset()
    if options.destructive_actions:
        opens = None if analysis.name_shaped or question else leads  # "*which* jira issues": no name's word
        done = options.asked_actions and question  # "how many messages did we *send*": a value
        asked = tuple(t for t in weighed.tokens if not (done and t in scope.values)) or weighed.tokens
        dropped_first = bool(scope.tokens) and weighed.dropped[:1] == scope.tokens[:1]  # "*set* ...", as scaffolding
        asked = (scope.tokens[0], *asked) if dropped_first else asked
        asked = tuple(t for t in asked if t not in things) or asked  # "is my uptime *check* up?": a noun
        setting, switching = options.setting_actions, options.switching_writes
        action = request_action(asked, question=question, leads_a_name=opens, setting=setting, switching=switching)
    # A guessed name's first word is the guesser's verb, not the request's (get_x for create_x).
    reads = options.read_actions and not analysis.name_shaped
    documents = index.documents
    covering = bool(passing)
    # the request's own words, its values and participles aside ("issues *created* this week"), and a
    # question's gerunds, a state ("is droplet 5512 still *destroying*": no destroy is asked, ``progress_questions``)
    ending = ("ed", "ing") if question and options.progress_questions else ("ed",)
    stated = (t for t in weighed.tokens if t not in scope.values and not t.endswith(ending))
    if question and options.stated_predicates:  # "which labels are *set* on github issue 42": a state, no write asked
        stated = (t for t in stated if t not in predicates)
    keys = frozenset(inflection_key(t) for t in stated) if action is not None else frozenset()
    # (a request naming its app: a plan's first read, "remove ... of the playing song", names none)
    writes = options.write_actions and reads and bool(scope.apps)
    unwritten = question and options.asked_writes  # "who do I *follow*": a question's verb writes nothing
    gate = functools.partial(
        contradicts, reads=reads, said=keys, states=options.marked_states, writes=writes, nouns=things, asked=unwritten
    )
    if action is not None:
        passing = [c for c in passing if not gate(action, documents[c[0]].name_tokens, name=documents[c[0]].name)]
    # "remove the tag *urgent* from asana task 9": a head that is a value names no thing
    if options.kept_sources and action is not None and analysis.source and head is not None and deletes(action):
        passing = passing if head.head in as_values else kept_source(index, passing, head.head, analysis.source)
    if options.unsaid_reads and scope.apps and not question:  # "xero invoices": ``get_invoices`` first
        passing = reading_first(index, analysis, weighed, passing, leads)
    unasked = options.unasked_endings and action is None and not analysis.name_shaped  # "stripe customer cus_1"
    admin = unasked_tools(index, analysis.tokens, admin=options.admin_last, ending=unasked, action=action)
    top = order_results(index, passing, limit, weighed.unagreeing, admin)
    moved: tuple[int, str] | None = None  # the tool placed first for the request's head noun, and the noun
    if head is not None and options.head_nouns and top:
        top, moved = head_first(index, head, scope, passing, top, fielded=analysis.field is not None)
    titled: int | None = None  # the tool placed first because the request says its title
    # a title says the request's object: where that is a value, the thing named after it is none
    # ("remove kim@acme.com from the asana project" does not say "Delete a project")
    if options.title_order and top and not analysis.valued_object:
        said = tuple(t for t, w in zip(weighed.tokens, weighed.weights, strict=True) if w > 0 and t not in as_values)
        own = not OWN_WORDS.isdisjoint((*analysis.dropped, *scope.grammar))
        top, titled = title_first(index, said, scope.app_words, head, passing, top, own)
        unsaid = unplaced(index, said, analysis, head, top) if options.placed_titles and titled is None else said
        if unsaid != said:  # "upload a file to box *folder 77*": where it acts, no word of "Upload file"
            top, titled = title_first(index, unsaid, scope.app_words, head, passing, top, own)
    # "close intercom conversation 88": ``manage_conversation`` (after the title the reading says)
    if options.described_verbs and head is not None and top:
        top = described_verb_first(index, head, scope.read_as, frozenset(tokenize(query)), passing, top)
    if options.taken_out and action is not None and analysis.source and head is not None and deletes(action):
        # "remove asana task 19 from project Alpha": the tool taking the one out of the other first,
        # whatever title the request says ("Delete a task")
        top = taken_out_first(index, passing, top, head.head, analysis.source)
    if options.noun_verbs and top and scope.apps and not analysis.name_shaped and not question:
        # "*comment* on github issue 12": the request adds what its verb names, whatever title
        # its other words say ("Get an issue comment")
        top = opening_noun_first(index, analysis, weighed, passing, top, as_values)
    if options.keyed_lists and top and scope.apps and lists_ids(query):  # "jira comments 1, 2 and 3": ``..._by_ids``
        top = keyed_first(index, passing, top)
    if options.first_person and analysis.first_person and top:
        asked_head = head  # "what social accounts has *my* profile": the question's things listed
        if head is None and question and options.asked_caller_things:
            asked_head = listed_head(weighed.tokens, as_values)
        top = caller_first(index, asked_head, passing, top, twins=options.caller_twins)
    elif options.named_owners and top and scope.apps:  # "delete version 4 of *user monalisa's* npm package"
        top = named_owner_first(index, query, passing, top)
    idf = dict(zip(weighed.tokens, weighed.weights, strict=True))
    similarity: dict[int, float] = {}
    in_app = bool(scope.apps)
    meaning = options.semantic_fallback and by_meaning and not analysis.name_shaped and not scope.not_connected
    if not top and floor > 0 and meaning and (not in_app or (options.named_app_fallback and scope.one_app_named_whole)):
        from cardamom.core.search.semantic_fallback import fallback_hits

        top, similarity = fallback_hits(index, query, weighed, scope, share, limit, options.fallback_rule)
        if action is not None:
            top = [t for t in top if not gate(action, documents[t[0]].name_tokens, name=documents[t[0]].name)]
            similarity = {t[0]: similarity[t[0]] for t in top}
    if options.mood_twins and top and not analysis.name_shaped:  # "*keep* actions caches for 14 days": the set
        top = mood_twin_first(index, passing, top, query, scope.app_words, question=question)
    if options.number_twins and top and not analysis.name_shaped:  # "digitalocean nfs *snapshots*": the list
        top = listed_twin_first(index, passing, top, (t for t in weighed.tokens if t not in as_values))
    hits = tuple(
        _hit(index, weighed.tokens, idf, total_mass, d, score, mass, scope.synonyms, similarity.get(d))
        for d, score, mass in top
    )
    if moved is not None:
        hits = tuple(dataclasses.replace(h, acts_on=moved[1]) if h.doc == moved[0] else h for h in hits)
    if titled is not None:
        title = " ".join(index.titles[titled])
        hits = tuple(dataclasses.replace(h, title=title) if h.doc == titled else h for h in hits)
    unweighed = frozenset() if scope.values_weighed else scope.values  # argument values in a named app
    uncovered = tuple(t for t, m in zip(weighed.tokens, weighed.matched, strict=True) if not m and t not in unweighed)
    reason = None
    if not hits:
        lacking, described = ((), ()) if uncovered or covering else closest_lacks(weighed, candidates, share)
        reason = EmptyReason(
            "words_uncovered",
            scope.apps,
            tuple(t for t in uncovered or lacking if t not in values),
            values,
            closest_lacks=bool(lacking),
            other_action=action if covering and not uncovered else None,
            described_only=tuple(t for t in described if t not in values),
        )
        if scope.not_connected:
            reason = EmptyReason("app_not_connected", scope.not_connected, (), values)
    if not hits and implied is None and options.implied_app and floor > 0 and not (scope.apps or scope.not_connected):
        # Nothing in the caller's pool: a word only one app's names carry says which app the
        # request is for (``implied_app``); ranked there, as inside a named app.
        worded = implied_app(index, analysis, scope.tokens, scope.visible, scope.pool_size)
        # ... or a repository's slug, where the words imply none or it has nothing ("cancel workflow
        # run 88 in *acme/api*": GitHub's, ``slug_apps``)
        slugged = slug_app(index, query, scope.visible, scope.pool_size) if options.slug_apps else None
        first, then = (slugged, worded) if options.slug_first else (worded, slugged)  # ("in acme/api": GitHub's first)
        for app in (first, then if then != first else None):
            numbered = app is not None and options.implied_frames and numbered_kind(index, analysis, app[0], query)
            if app is not None and numbered:
                # ... as placed there where a thing it names by its id says so, its frame and
                # question read as in a named app ("how long has droplet 5512 been running")
                placed = _rank_request(index, f"{query} in {app[0]}", pool, limit, floor)
                if placed.hits:
                    return dataclasses.replace(placed, implied=True)
            inside = _rank(index, query, analysis, pool, limit, floor, app, leads=leads) if app is not None else None
            if inside is not None and inside.hits:
                return inside
            if app is not None and app is slugged and options.slug_frames and not numbered:
                # ... and, where the slug's app has nothing as written, as placed in it, its frame
                # and question read ("who has contributed to acme/api": its contributors' list)
                placed = _rank_request(index, f"{query} in {app[0]}", pool, limit, floor)
                if placed.hits:
                    return dataclasses.replace(placed, implied=True)
    common["dropped"] = (*analysis.dropped, *scope.grammar, *weighed.dropped)
    return Ranking(
        query_tokens=weighed.tokens,
        idf=idf,
        pool_size=scope.pool_size,
        hits=hits,
        fallback=bool(similarity),
        implied=scope.implied,
        read_as=scope.read_as,
        above_floor=len(passing),
        touching=tuple(weighed.matched),
        uncovered=uncovered,
        reason=reason,
        **common,  # type: ignore[arg-type]
    )


def _hit(
    index: SearchIndex,
    tokens: tuple[str, ...],
    idf: dict[str, float],
    total_mass: float,
    doc_id: int,
    score: int,
    mass: float,
    synonyms: bool,
    similarity: float | None = None,
) -> Hit:
    matches = []
    for token in tokens:
        explained = index.explain(doc_id, token, synonyms=synonyms)
        if explained is not None:
            fld, weight, matched, relation = explained
            matches.append(TokenMatch(token, fld, weight, matched, idf[token], relation))
    coverage = mass / total_mass if total_mass > 0 else 0.0
    return Hit(doc_id, index.documents[doc_id].name, score, coverage, tuple(matches), similarity)
