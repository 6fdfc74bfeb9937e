"""Request words read as others where the app's tool names say them otherwise: a state change
("close a github issue") as an update, a search ("find xero invoices") as a get, the field a
request changes ("set the due date of asana task 12") as a value of the thing's update; and
what a tool name carries, through its inflections, prefixes and synonyms (``name_reach``)."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from cardamom.core.search.api_verbs import STATE_VERBS
from cardamom.core.search.field_phrases import ADDING_VERBS, ASKING_WORDS, THING_FIELDS, FieldPhrase
from cardamom.core.search.head_nouns import first_name_word, forms, name_head, title_head
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.own_fields import kind_words, says_own_field
from cardamom.core.search.postings import EMPTY, meets, own_name_words, union_of
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.shortened_names import whole_name
from cardamom.core.search.synonyms import group_keys, is_action_word, synonyms_of
from cardamom.core.search.tokens import QUERY_FILLER_WORDS, inflection_key, is_plural


def named_in(index: SearchIndex, token: str, scoped: frozenset[int]) -> bool:
    """Some tool name of ``scoped`` carries ``token``, its inflections, prefixes or synonyms."""
    return meets(scoped, _name_sets(index, token))


def name_reach(index: SearchIndex, token: str) -> frozenset[int]:
    """The tools whose names carry ``token``, its inflections, prefixes or synonyms."""
    return union_of(_name_sets(index, token))


def _name_sets(index: SearchIndex, token: str) -> tuple[frozenset[int], ...]:
    """The tools whose names carry ``token`` as written, inflected, as a prefix, and (synonyms
    on) through a synonym: ``name_reach`` is their union."""
    entry = index.postings(token)
    synonyms = index.synonym_postings(token).name if index.options.synonyms else EMPTY
    return entry.name, entry.inflected, entry.prefixed, synonyms


def said_in(index: SearchIndex, token: str, scoped: frozenset[int]) -> bool:
    """Some tool of ``scoped`` carries ``token`` in any field, or (synonyms on) a synonym of it."""
    synonyms = index.synonym_postings(token).every if index.options.synonyms else EMPTY
    return meets(scoped, (index.postings(token).every, synonyms))


def leads_a_name(index: SearchIndex, word: str) -> bool:
    """Some tool's own name (without its account) opens with ``word``: ``link_issues`` for "link"."""
    documents = index.documents
    return any(first_name_word(documents[d].name) == word for d in index.postings(word).name)


def literal_names(index: SearchIndex, token: str) -> frozenset[int]:
    """The tools whose names carry ``token`` as written or inflected (no synonym, no prefix)."""
    entry = index.postings(token)
    return union_of((entry.name, entry.inflected))


def names_saying(index: SearchIndex, words: Iterable[str], tools: frozenset[int]) -> frozenset[int]:
    """The ``tools`` whose names carry every one of ``words`` (``literal_names``)."""
    return tools.intersection(*(literal_names(index, w) for w in words))


def said_in_order(index: SearchIndex, first: str, second: str, tools: frozenset[int]) -> frozenset[int]:
    """The ``tools`` whose names say ``second`` right after ``first``, inflected or not: one
    thing in two words ("payment intent": Stripe's ``get_payment_intents_intent``)."""
    keys = (inflection_key(first), inflection_key(second))
    documents = index.documents
    return frozenset(
        d
        for d in literal_names(index, first) & literal_names(index, second) & tools
        if keys in pairwise(inflection_key(w) for w in whole_name(documents[d].name).split("__")[-1].split("_"))
    )


def state_change(
    index: SearchIndex, kept: tuple[str, ...], scoped: frozenset[int], values: frozenset[str]
) -> tuple[str, ...]:
    """A request whose first word changes a thing's state ("close a github issue") where no
    tool name that carries its object (``issue``) carries that verb, even through a synonym
    (GitHub's ``activity_mark_thread_as_done`` closes a notification, not an issue): read as
    "update" ("reassign" as "assign" where a name says that), or "transition" where the app
    changes the object's state by a transition (``_transitions``: Jira), where "move" is a
    state change too ("move jira issue to Done"). The object is the first word after the verb
    that is not an argument value. Names only: descriptions say "closed", "done" and
    "complete" of everything."""
    if len(kept) < 2 or (kept[0] not in STATE_VERBS and kept[0] != "move"):
        return kept
    verb, rest = kept[0], kept[1:]
    thing = _object(rest, values)
    if verb == "move":
        # a move is a state change where the app moves things by transitions
        if _transitions(index, thing, scoped):
            return tuple(dict.fromkeys(("transition", *rest)))
        return _moved_by_update(index, kept, thing, scoped, values) if index.options.move_updates else kept
    objects = object_tools(index, rest, scoped, values)
    if name_reach(index, verb) & (objects or scoped):
        return kept
    # "reassign", "reopen": the verb again, where the names say it ("assign_issue")
    again = verb[2:] if verb.startswith("re") else ""
    if again and name_reach(index, again) & (objects or scoped):
        read = again
    else:
        # a workflow changes an item's state by a transition: "close jira ticket" is Jira's
        # ``do_transition`` ("Transition issue")
        read = "transition" if _transitions(index, thing, scoped) else "update"
    return tuple(dict.fromkeys((read, *rest)))


def _moved_by_update(
    index: SearchIndex, kept: tuple[str, ...], thing: str | None, scoped: frozenset[int], values: frozenset[str]
) -> tuple[str, ...]:
    """ "move" read as "update" where the app moves its object by updating it ("move the box file
    to another folder": ``put_files_id``, "Update file ... can be used to move a file"): no name
    carrying the object says a move, even through a synonym (Notion's ``move_page``), none carries
    the object with another noun of the request, the place it goes to (Asana's
    ``add_task_for_section``: "move a task to a section"), and some tool whose name carries the
    object and updates describes a move."""
    if thing is None:
        return kept
    objects = name_reach(index, thing) & scoped
    if not objects or objects & name_reach(index, "move"):
        return kept
    places = (t for t in kept[1:] if t != thing and t not in values and t not in QUERY_FILLER_WORDS)
    if any(objects & literal_names(index, place) for place in places):
        return kept
    updating = _updating(index, objects, "update")
    if not updating & index.postings("move").description:
        return kept
    return tuple(dict.fromkeys(("update", *kept[1:])))


def _object(rest: tuple[str, ...], values: frozenset[str]) -> str | None:
    """The request's object: the first word after its verb that is not an argument value."""
    return next((t for t in rest if t not in values), None)


def _transitions(index: SearchIndex, thing: str | None, scoped: frozenset[int]) -> bool:
    """Some tool of ``scoped`` named for a transition does one to the request's object
    (``thing``): its name or its title acts on it (Jira's ``do_transition``, "Transition
    issue"; YouTube's ``youtube_live_broadcasts_transition``)."""
    if thing is None:
        return False
    named = literal_names(index, "transition") & scoped
    if not named:
        return False
    things = forms(thing, index.options.synonyms)
    titles = index.titles
    for doc in named:
        if name_head(index.documents[doc].name).head in things:
            return True
        title = titles[doc] if titles else ()
        if title and title[0] == "transition" and title_head(title) in things:
            return True
    return False


def changed_field(
    index: SearchIndex,
    analysis: QueryAnalysis,
    kept: tuple[str, ...],
    scoped: frozenset[int],
    app_words: frozenset[str],
) -> tuple[frozenset[str], tuple[str, ...], str]:
    """The words of the field a request changes (``field_phrases``: "update the title of notion
    page 7a") that leave the mass, ``kept`` with "set" read as "update" then, and the thing
    (the request's head noun, unless a name carries the field with it). The field
    leaves only where the thing (the first word after "of" that is not the app's name or a
    value) is a name word of the app, no name carrying the thing carries the field (Slack's
    ``conversations_set_topic`` is that field's own tool), and no tool whose name updates the
    thing says the field (a description saying it, "Edits an issue's ... description", is the
    tool that changes it: the word then finds it)."""
    phrase = analysis.field
    assert phrase is not None
    thing = next((w for w in phrase.after if w not in app_words and w not in analysis.values), None)
    things = name_reach(index, thing) & scoped if thing is not None else EMPTY
    updating = _updating(index, things, phrase.action)
    carrying = union_of(literal_names(index, w) for w in phrase.field) & things
    if phrase.reads and index.options.kind_fields:  # (a name setting it reads none: "get the topic of a slack channel")
        carrying -= _updating(index, carrying, "update") | literal_names(index, "set")
    if not phrase.reads and index.options.read_carriers:  # ... and one reading it sets none (``list_ticket_states``)
        carrying -= union_of(literal_names(index, w) for w in _READING_NAMES)
    # (... or any thing of its kind's, read: "the status of a droplet", ``kind_fields``)
    one = any(w in analysis.values for w in phrase.after) or (phrase.reads and _kind_field(index, phrase))
    if index.options.own_fields and thing is not None and one:
        # one thing's field ("of droplet 77"), which a name saying another thing between the two
        # does not carry ("droplets_get_*destroy_associated_resources*_status")
        documents = index.documents
        ids = index.options.id_segments  # ("folders_*id*_update_shared_link": a path's id, no other thing)
        kind = kind_words(phrase.after, thing, analysis.values) if index.options.two_word_kinds else ()
        carrying = frozenset(
            d for d in carrying if says_own_field(documents[d].name, thing, phrase.field, ids=ids, kind=kind)
        )
    if not things or carrying:
        return frozenset(), kept, ""
    # where no name updates the thing, a name updating the field, every word of it, is its own tool
    # (``field_updates``): "set the sql mode of ... mysql cluster", ``databases_update_sql_mode``
    own = index.options.field_updates and not phrase.reads and not updating
    if own and names_saying(index, phrase.field, scoped & name_reach(index, phrase.action)):
        return frozenset(), tuple(dict.fromkeys(phrase.action if t == phrase.verb else t for t in kept)), ""
    if phrase.adds and not (updating and _added_by_update(index, phrase.field, scoped)):
        return frozenset(), kept, ""
    if phrase.reads:
        # a question's head is the thing: "what is the status of jira issue OPS-12" gets an issue
        # ... and so are fields listed: "get the *amount and currency* of stripe charge ch_1"
        item = index.options.item_fields and any(w in analysis.values for w in phrase.after)
        fields = _read_field(index, phrase, scoped, things, app_words, item=item)
        # ... and where the field read leaves (``field_nouns``): "get the *owner* of box file 9931"
        heads = phrase.verb in ASKING_WORDS or phrase.listed or (index.options.field_nouns and bool(fields))
        asked = (thing or "") if heads else ""
        # "asana task 123 *due date*", naming no action, reads the thing (``trailing_fields``)
        unsaid = fields and phrase.verb not in ASKING_WORDS and not any(is_action_word(t) for t in kept)
        return fields, (phrase.verb, *kept) if unsaid else kept, asked
    if any(index.postings(w).every & updating for w in phrase.field):
        return frozenset(), kept, thing or ""  # a word of the tool, and still the thing's field
    fields = frozenset(phrase.field) - app_words
    action = phrase.action
    if index.options.status_transitions and _is_status(phrase.field) and _transitions(index, thing, scoped):
        action = "transition"  # "change the status of jira ticket WEB-42 to Done": a workflow's move
    kept = tuple(dict.fromkeys(action if t == phrase.verb else t for t in kept))
    return fields, kept, thing or ""


_READING_NAMES = ("get", "list", "retrieve", "fetch", "read")


def _updating(index: SearchIndex, things: frozenset[int], action: str) -> frozenset[int]:
    """Of ``things``, the tools whose names do ``action`` (an update) and never read: a name that
    reads is no update of the thing, whatever else it says (``get_edit_issue_meta``)."""
    return things & name_reach(index, action) - union_of(literal_names(index, w) for w in _READING_NAMES)


_STATUS = frozenset(inflection_key(w) for w in ("status", "state"))


def _is_status(field: tuple[str, ...]) -> bool:
    """The field is the thing's status ("the status of", "the state of")."""
    return len(field) == 1 and inflection_key(field[0]) in _STATUS


def _added_by_update(index: SearchIndex, field: tuple[str, ...], scoped: frozenset[int]) -> bool:
    """A value is added to ``field`` by its thing's update: some name of the app carries the
    field (Jira's ``get_all_labels``), none with a verb adding it in its name (``add_watcher``,
    ``create_subtask_for_task``) or its title (Notion's ``patch_block_children``, "Append block
    children"): "add label X to jira issue" is ``edit_issue``."""
    carrying = union_of(literal_names(index, w) for w in field) & scoped
    if not carrying or carrying & verb_names(index, "add"):
        return False
    adding = group_keys(frozenset({"create"})) | {inflection_key(w) for w in ADDING_VERBS}
    titles = index.titles
    return not any(titles and titles[d] and inflection_key(titles[d][0]) in adding for d in carrying)


def _read_field(
    index: SearchIndex,
    phrase: FieldPhrase,
    scoped: frozenset[int],
    things: frozenset[int],
    app_words: frozenset[str],
    *,
    item: bool = False,
) -> frozenset[str]:
    """The words of the field a request reads ("get the title of notion page 9a") that leave the
    mass: only a field no name of the app carries, even joined ("changelog": Jira's
    ``get_change_logs``) or through a synonym, so it is no resource of its own (Jira's
    ``get_comments``), and that no tool getting the thing describes (Notion's
    ``retrieve_page_markdown`` is the page's "content"). With ``item`` (the request names one
    thing by its id, "of jira issue PAY-9"), a one-word singular field, or fields listed, are
    that thing's even where names carry them: Jira's ``get_status`` reads a workflow status,
    not an issue's."""
    documents = index.documents
    # (so is a two-word field ending in a field's word: "the *due date* of jira issue ENG-5")
    one = len(phrase.field) == 1 or phrase.listed or phrase.field[-1] in THING_FIELDS
    # (... and so is a field every thing has, of any thing of the kind, where only names of other
    # things say it: "get the *status* of a twilio message" is no ``fetch_build_status``, "the
    # *balance* of my stripe account" Stripe's ``get_balance``)
    kinds = _kind_field(index, phrase)
    attribute = (item or kinds) and one and not any(map(is_plural, phrase.field))
    named = False
    for word in phrase.field:
        if any(_joins(documents[d].name, word) for d in scoped):
            return frozenset()
        if carriers := name_reach(index, word) & scoped:
            if not attribute or (not item and any(_alone(documents[d].name, word) for d in carriers)):
                return frozenset()
            named = True
    if named:
        # the names' own resource ("Get status"), not the thing's field: the tools getting
        # the thing that describe the word ("... the status ...") do not keep it
        return frozenset(phrase.field) - app_words
    getting = things & name_reach(index, phrase.action)
    # (every word of it: Jira's ``get_issue_worklog`` describes a "date", no "due date"; a field
    # every thing has is no tool's of its own for being described: Box's ``get_folder_locks``
    # describes an "owner")
    if not kinds and all(index.postings(w).every & getting for w in phrase.field):
        return frozenset()
    return frozenset(phrase.field) - app_words


def _kind_field(index: SearchIndex, phrase: FieldPhrase) -> bool:
    """The phrase's field is one every thing has, read of any thing of its kind (``kind_fields``)."""
    return index.options.kind_fields and phrase.field[-1] in THING_FIELDS


def _alone(name: str, word: str) -> bool:
    """The tool's name says ``word``, inflected or not, as its only thing ("get_balance")."""
    return {inflection_key(w) for w in own_name_words(name) if not is_action_word(w)} == {inflection_key(word)}


def _joins(name: str, word: str) -> bool:
    """Two adjacent words of the tool's name say ``word`` joined ("change_logs": "changelog")."""
    key = inflection_key(word)
    parts = name.split("_")
    return any(inflection_key(a + b) == key for a, b in pairwise(parts))


# Verbs that look for a thing, which an app without a search operation does by listing or
# getting: Xero finds invoices with ``get_invoices`` (its ``where`` filter).
SEARCH_VERBS = frozenset({"find", "search", "lookup", "locate"})
# Verbs that take a thing out of the app, which an app without an export or download operation
# does by getting it: Notion exports a page as Markdown with ``retrieve_page_markdown``.
EXPORT_VERBS = frozenset({"export", "download"})
_GETTING_VERBS = SEARCH_VERBS | EXPORT_VERBS


def search_as_get(
    index: SearchIndex, kept: tuple[str, ...], scoped: frozenset[int], values: frozenset[str]
) -> tuple[str, ...]:
    """A request whose first word looks for a thing (``SEARCH_VERBS``) or takes it out
    (``EXPORT_VERBS``) in an app no tool name of which does so, even through a synonym, read as
    "get" ("find xero invoices": ``get_invoices``; "export a notion page as markdown":
    ``retrieve_page_markdown``). An app that searches at all searches for this thing too
    (Notion's ``post_search``), and only a thing some name of the app carries is got instead
    (Xero has no "customers"; "get customers" would answer from descriptions). Where each of the
    app's searching names searches a thing of its own, none the request's (Asana's
    ``search_tasks_for_workspace`` for "find a user by email"), the app does not search for this
    thing: it is got (``search_things``)."""
    if len(kept) < 2 or kept[0] not in _GETTING_VERBS:
        return kept
    objects = object_tools(index, kept[1:], scoped, values)
    if not objects:
        return kept
    if kept[0] == "download":
        # a download is of one thing, which an app's export operation is not (Asana's
        # ``create_resource_export``), so only a name saying "download" itself keeps the word, or
        # a tool of the thing describing it (Jira's ``get_attachment_content``); "download
        # twilio recording RE123" is Twilio's ``fetch_recording``
        if (literal_names(index, kept[0]) & scoped) or (index.postings(kept[0]).every & objects):
            return kept
    else:
        searching = name_reach(index, kept[0]) & scoped
        # (or one says two of its words in their order, the object past a word of its own: "search the
        # intercom admin *activity logs*" is ``search_activity_logs``; ``searched_phrases``)
        phrased = index.options.searched_phrases
        if searching and (
            not index.options.search_things
            or kept[0] not in SEARCH_VERBS
            or searching & objects
            or any(not name_head(index.documents[d].name).head for d in searching)
            or (phrased and any(said_in_order(index, a, b, searching) for a, b in pairwise(kept[1:])))
        ):
            return kept
    return tuple(dict.fromkeys(("get", *kept[1:])))


def verb_names(index: SearchIndex, verb: str) -> frozenset[int]:
    """The tools whose names say ``verb`` as written or inflected, or through a synonym that is an
    action too, never a prefix ("add" of "address"): "post" is also a message's word
    (``search_messages``)."""
    actions = (w for w in synonyms_of(verb) if is_action_word(w))
    return union_of((literal_names(index, verb), *(literal_names(index, w) for w in actions)))


def object_tools(
    index: SearchIndex, rest: tuple[str, ...], scoped: frozenset[int], values: frozenset[str]
) -> frozenset[int]:
    """The tools of ``scoped`` whose names carry the request's object: the first word after its
    verb that is not an argument value."""
    thing = _object(rest, values)
    return name_reach(index, thing) & scoped if thing is not None else EMPTY
