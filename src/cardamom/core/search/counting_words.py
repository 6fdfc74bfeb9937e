"""A request that counts things or lists them, read as the app asks for them. One counting
things ("count the unread intercom conversations", "number of open github issues in acme/api",
"total of xero invoices this month") asks for their list: an API counts by listing, unless the
app names a count of its own (Asana's ``get_task_counts_for_project``, Xero's
``get_associations_count``), which answers it as written (``count_as_list``); so does one
summing or averaging a measure of things listed, the measure no name says their field's ("total
*revenue* from stripe invoices", "the average amount of stripe charges"). One listing
things an app lists only by searching asks for the search (``list_as_search``: "list jira
issues" is Jira's ``search_for_issues_using_jql``), as does one listing things the app names
only one at a time, where it has one tool for searching alone ("list notion pages": Notion's
``post_search``, ``general_searches``). One exporting things lists them, where the app exports
nothing (``exported_lists``). A question asking how many things there are counts them ("how many
tasks are in asana project 123": "count tasks in asana project 123", ``counted_questions``) or
lists them where no name says their count, and "the number of" things is their count where a name
says one.
"""

from __future__ import annotations

import itertools
import re

from cardamom.core.search.dated_words import participle_before_plural
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import own_name_words, union_of
from cardamom.core.search.synonyms import is_action_word, synonyms_of
from cardamom.core.search.tokens import inflection_key, is_plural, singular, tokenize
from cardamom.core.search.value_words import TALLYING
from cardamom.core.search.verb_readings import literal_names, name_reach, verb_names
from cardamom.core.search.word_forms import LISTING_VERBS, READING_VERBS

# what measures things as one, not their number ("the *average* amount of stripe charges")
_MEASURING = frozenset({"sum", "average", "mean", "median"})
# the measures of things a count sums ("total *revenue* from stripe invoices")
_MEASURES = frozenset({"revenue", "amount", "amounts", "value", "spend", "spending", "cost", "costs", "sales"})
_MEASURES |= {"income", "volume", "price", "duration", "size", "number", "count"}  # ("total *number* of ...")
_LISTING = LISTING_VERBS | READING_VERBS
# the words taking things out of an app as a file: a list where the app exports nothing (a
# download is a file's content: "download every attachment on jira issue ENG-5")
_EXPORTING = frozenset({"export", "dump"})
# the words for a count that names write "count" ("the *number* of tasks": ``get_task_counts_for_project``)
_COUNT_WORDS = frozenset({"number", "tally"})
# "how many <things> [are|were ...]", or "... do|does|did <owner> have": what is counted, and where
_HOW_MANY = re.compile(
    r"^\s*how\s+many\s+(?P<things>(?:[\w-]+\s+){0,3}?[a-z]{3,}s)\b"
    r"(?:\s+(?:(?:are|were|is|was)(?:\s+there)?|(?:do|does|did)\s+(?P<owner>\S+(?:\s+\S+)?)\s+ha(?:ve|s)))?(?=\s|$)"
    r"(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
# owners that are the asker: "how many customers *do we* have" counts the caller's own
_ASKERS = frozenset({"i", "we", "you", "they", "us"})


def counted_question(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` asking how many things there are written as counting them, where a name of
    ``tools`` says a count of them ("how many tasks are in asana project 123": "count tasks in
    asana project 123", Asana's ``get_task_counts_for_project``), as listing them otherwise ("how
    many open issues does acme/api have on github": "list open issues in acme/api on github");
    ``request`` as written where no plural is counted, or where it asks how many were done ("how
    many messages *did we send*", the action's own question)."""
    found = _HOW_MANY.match(request[:500])
    if found is None:
        return request
    owner = found.group("owner")
    rest = found.group("rest").strip()
    if owner is None and rest.split(" ", 1)[0].casefold() in ("do", "does", "did"):
        return request  # ("how many messages did we send today": its action asked of)
    things = found.group("things")
    counts = literal_names(index, "count") & tools
    verb = "count" if counts and any(counts & name_reach(index, w) for w in tokenize(things)) else "list"
    if owner is not None and owner.casefold() not in _ASKERS:
        place = "in" if "/" in owner else "of"  # (a repository holds its things: "in acme/api")
        return f"{verb} {things} {place} {owner} {rest}".rstrip()
    return f"{verb} {things} {rest}".rstrip()


def count_as_list(
    index: SearchIndex,
    kept: tuple[str, ...],
    scoped: frozenset[int],
    values: frozenset[str],
    *,
    things: bool = False,
    numbers: bool = False,
) -> tuple[str, ...]:
    """``kept`` with a first word that counts read as "list", where no tool name of the app
    (``scoped``) says it and some name carries the thing counted; ``kept`` otherwise.
    ``things`` (``counted_things``): a name saying the count of another thing asks nothing of
    this one ("count the open github issues": GitHub's ``activity_get_stargazer_count_for_repo``).
    ``numbers`` (``counted_questions``): "the number of" things is their count too."""
    if len(kept) < 2 or kept[0] not in TALLYING | (_EXPORTING if index.options.exported_lists else set()):
        return kept
    if kept[0] in _EXPORTING:
        # "export all xero contacts to csv": a list, where no name of the app exports or
        # downloads (Asana's ``create_resource_export`` exports its tasks)
        plural = next((w for w in kept[1:] if w not in values and is_plural(w)), None)  # "file 9931" is one
        carrying = name_reach(index, plural) & scoped if plural is not None else frozenset[int]()
        exporting = union_of(verb_names(index, w) for w in _EXPORTING) & scoped
        return ("list", *kept[1:]) if carrying and not exporting else kept
    counting = literal_names(index, "count" if numbers and kept[0] in _COUNT_WORDS else kept[0]) & scoped
    # the thing counted, past the adjectives saying which ("the *unread* conversations")
    reached = [name_reach(index, word) & scoped for word in kept[1:] if word not in values]
    if not any(reached) or (counting and (not things or any(counting & tools for tools in reached))):
        return ("count", *kept[1:]) if numbers and counting and kept[0] in _COUNT_WORDS else kept
    # a measure no name says, before the things measured, is their field ("total *revenue* from
    # stripe invoices"): the list's, no word of the tool
    named = [w not in values and bool(name_reach(index, w) & scoped) for w in kept[1:]]
    at = next((i for i, w in enumerate(kept[1:]) if named[i] and is_plural(w)), 0)
    if kept[0] in _MEASURING and not (named[at] and is_plural(kept[at + 1])):
        return kept  # ("the *average* payment amount for customer cus_5" measures no things listed)
    measures = {w for w in kept[1 : at + 1] if w in _MEASURES} if not any(named[:at]) else set()
    return ("list", *(w for w in kept[1:] if w not in measures))


def list_as_search(
    index: SearchIndex,
    kept: tuple[str, ...],
    scoped: frozenset[int],
    values: frozenset[str],
    *,
    verbless: bool = False,
    synonyms: bool = False,
    passing: frozenset[str] = frozenset(),
    lists: bool = False,
    general: bool = False,
) -> tuple[str, ...]:
    """``kept`` with a first word listing or reading things in the plural read as "search",
    where the app lists them only by searching: a name of the app searches that plural, and
    none reads it and nothing else ("list jira issues": Jira's ``search_for_issues_using_jql``,
    beside ``get_component_related_issues``; "list intercom tickets": ``search_tickets``) nor
    says it with another thing the request names ("the commits on PR 88": GitHub's
    ``pulls_list_commits``, beside ``search_commits``); ``kept`` otherwise ("list github
    issues": ``issues_list``). ``verbless``: a request opening with the things it names lists
    them ("jira issues assigned to me"). ``synonyms`` (``searched_synonyms``): a plural no name
    says is read by its synonym's plural the names say ("list jira *tickets*": issues).
    ``passing`` (``ordered_searches``): the words a verbless request may write before its things,
    besides values ("the *latest* jira issues", "*all open* jira issues"). ``lists``
    (``unsaid_lists``): a verbless request's things an app lists by a name saying "list" are
    listed ("github open issues": ``issues_list``, where ``issues_get`` reads one). ``general``
    (``general_searches``, never in a guessed name, whose number is a guess): things the app
    names one at a time are found by its one search (``_found_by_search``)."""
    lead = 0
    while verbless and lead < len(kept) - 1 and (kept[lead] in passing or (passing and kept[lead] in values)):
        lead += 1
    if verbless and passing and participle_before_plural(kept, lead):
        lead += 1  # "*resolved* jira issues": a participle before the things is their state
    if verbless and kept and is_plural(kept[lead]) and not is_action_word(kept[lead]):
        searched = list_as_search(index, ("list", *kept[lead:]), scoped, values, synonyms=synonyms, general=general)
        if searched[0] != "search":
            # ... naming nothing else but values ("intercom conversations *assigned to admin* 991" filters)
            alone = all(w in values or w in passing for w in kept if w != kept[lead])
            return ("list", *kept) if lists and alone and _plainly_listed(index, kept[lead], scoped) else kept
        return ("search", *kept[:lead], *searched[1:])
    if len(kept) < 2 or kept[0] not in _LISTING:
        return kept
    carried = ((w, w, index.postings(w).name & scoped) for w in kept[1:] if w not in values and is_plural(w))
    said, thing, carriers = next(((w, t, tools) for w, t, tools in carried if tools), ("", "", frozenset[int]()))
    if not thing and synonyms:
        # "list jira *tickets*": the plural of the synonym the app's names say ("issues")
        said, thing, carriers = _named_synonym(index, kept[1:], scoped, values)
    if not thing and general and _found_by_search(index, kept[1:], scoped, values):
        return ("search", *kept[1:])  # "list notion pages": Notion's ``post_search``
    if not thing or not carriers & literal_names(index, "search"):
        return kept
    listing = _LISTING | {"all", thing}
    documents = index.documents
    if any(listing.issuperset(own_name_words(documents[d].name)) for d in carriers):
        return kept
    if any(name_reach(index, w) & carriers for w in kept[1:] if w not in values and w not in (said, thing)):
        return kept
    return ("search", *kept[1:])


_SEARCH_ONLY = frozenset({"search", "post", "get", "all"})
_IRREGULAR = frozenset({"children", "people"})  # plurals in no -s


def _found_by_search(
    index: SearchIndex, words: tuple[str, ...], scoped: frozenset[int], values: frozenset[str]
) -> bool:
    """The first plural of ``words`` is a thing the app (``scoped``) names one at a time, never
    in the plural ("list notion *pages*": ``retrieve_a_page``), and the app has one tool named
    for searching alone (Notion's ``post_search``), which finds them."""
    plural = next((w for w in words if w not in values and is_plural(w)), None)
    if plural is None or is_action_word(plural):
        return False
    # the thing as the names say it, in the singular or through a synonym ("*docs*": a page)
    said = (singular(plural), *sorted(w for w in synonyms_of(singular(plural)) if not is_action_word(w)))
    one, naming = next(((w, n) for w in said if (n := literal_names(index, w) & scoped)), (said[0], frozenset()))
    if any(name_reach(index, w) & scoped for w in words if w not in values and w != plural):
        return False  # another thing of the app holds them ("the notion *database's* properties")
    documents = index.documents
    for doc_id in naming:  # ... and lists none of its parts ("blocks": ``get_block_children``)
        own = own_name_words(documents[doc_id].name)
        if any(w == one and (is_plural(after) or after in _IRREGULAR) for w, after in itertools.pairwise(own)):
            return False
    searching = [
        d for d in literal_names(index, "search") & scoped if _SEARCH_ONLY.issuperset(own_name_words(documents[d].name))
    ]
    return bool(naming) and len(searching) == 1


def _plainly_listed(index: SearchIndex, thing: str, scoped: frozenset[int]) -> bool:
    """A name of ``scoped`` saying "list" and ``thing``, as written or inflected, and nothing
    else (GitHub's ``issues_list``; not Asana's ``get_tasks_for_user_task_list``, whose list is
    a thing, beside ``get_tasks``)."""
    key = inflection_key(thing)
    documents = index.documents
    return any(
        {inflection_key(w) for w in own_name_words(documents[d].name)} == {"list", key}
        for d in literal_names(index, thing) & scoped
    )


def _named_synonym(
    index: SearchIndex, words: tuple[str, ...], scoped: frozenset[int], values: frozenset[str]
) -> tuple[str, str, frozenset[int]]:
    """The first plural of ``words`` that no name of ``scoped`` says but whose synonym some
    name says in the plural (``SearchIndex.name_forms``): the word, that plural, and the names
    saying it."""
    names = index.name_postings
    for word in words:
        if word in values or not is_plural(word):
            continue
        for synonym in synonyms_of(word):
            for form in sorted(index.name_forms.get(inflection_key(synonym), ())):
                carriers = names[form] & scoped if is_plural(form) and form in names else frozenset()
                if carriers:
                    return word, form, frozenset(carriers)
    return "", "", frozenset()
