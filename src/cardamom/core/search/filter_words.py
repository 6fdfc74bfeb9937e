"""Words saying which of the things a request acts on, not which tool acts: adjectives of
time and state ("list *unpaid* invoices", "are there any *unread* conversations?"), read as
argument values inside a named app (``qualifiers``); the words a negation rules out ("github PRs
*not yet reviewed*", ``ruled_out``) and a thing's owner written as a possessive ("*acme's*
stripe subscriptions", ``owners_as_values``)."""

from __future__ import annotations

from collections.abc import Sequence

from cardamom.core.search.dated_words import ends_as_participle, participle_before_plural
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import own_name_words, union_of
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS, WH_WORDS, is_plural, looks_like_adverb
from cardamom.core.search.verb_readings import literal_names, name_reach, named_in, said_in
from cardamom.core.search.word_forms import LOOKING_VERBS

# Adjectives a request filters by (time and state), from general usage: "list *recent* calls",
# "list *unpaid* invoices". A closed list, not word endings: "-ent", "-ing" and "-al" end as
# many nouns ("appointment", "meeting", "approval") as adjectives, and a noun the app lacks is
# an action it lacks, not a filter. Past participles of six letters or more ("archived",
# "assigned", "starred") are adjectives in that place too.
_FILTER_ADJECTIVES = frozenset(
    {
        "recent",
        "latest",
        "last",
        "next",
        "newest",
        "oldest",
        "old",
        "upcoming",
        "past",
        "previous",
        "current",
        "pending",
    }
    | {"open", "closed", "active", "inactive", "unread", "unpaid", "paid", "done"}
    | {"overdue", "outstanding", "incomplete", "partial"}
    | {"draft", "favorite", "favourite", "successful", "private", "public", "important", "urgent", "empty"}
)
# words counting the things a request lists ("*all* open PRs") and ordering them ("the *latest*")
_QUANTIFIERS = frozenset({"all", "every", "any", "each"})
ORDERS = frozenset({"latest", "last", "newest", "oldest", "recent", "earliest"})
# ... and (``asked_states``) a state of running, a time due, a recurrence, and a currency, which
# a thing is set to as to its state ("a price of 20 *EUR* *monthly*")
_RECURRENCES = frozenset(
    {"hourly", "daily", "weekly", "biweekly", "monthly", "quarterly", "yearly", "annual", "annually"}
)
_STATE_WORDS = (
    frozenset({"running", "online", "offline", "live", "idle", "due", "available", "unavailable"})
    | _RECURRENCES
    | {"usd", "eur", "gbp", "jpy", "cad", "aud", "chf", "cny", "inr", "sek", "nok", "dkk", "nzd", "sgd"}
)


# the words opening a yes-no question ("*is* jira issue OPS-3 resolved", "*were* there any ...")
_YES_NO = frozenset((w,) for w in ("is", "are", "was", "were", "has", "have", "had", "do", "does", "did"))
# the words a request writes before the things it lists ("*all open* GitHub PRs")
BEFORE_THINGS = _FILTER_ADJECTIVES | _STATE_WORDS | _QUANTIFIERS


def _looks_like_adjective(word: str, states: bool) -> bool:
    return (
        word in _FILTER_ADJECTIVES
        or (states and word in _STATE_WORDS)
        or ends_as_participle(word)
        or looks_like_adverb(word)
    )


def qualifiers(
    index: SearchIndex,
    analysis: QueryAnalysis,
    kept: tuple[str, ...],
    scoped: frozenset[int],
    *,
    questions: bool,
    taken: frozenset[str] = frozenset(),
) -> frozenset[str]:
    """Adjectives after a request's action that no tool name of the named app carries, even
    through a synonym, when every other word after the action is a name word of the app:
    "list *recent* calls", "list *unpaid* invoices", "find xero invoices that are *overdue*".
    They say which of the things to act on, a filter's value, not which tool acts. A word no
    name carries that is not an adjective keeps the request from being read so ("list customer
    *group*": the object may be the word the app lacks), and an action no name carries
    ("archive a project") is never one. ``questions``: a question naming no action has them too
    ("what are my *open* asana tasks?"), where the request names its app (a question in an app
    only its words imply is often no request for a tool: "who is my *favorite* artist?").
    ``taken``: words already read as values ("a *draft* invoice for customer *Acme*")."""
    options = index.options
    words = [t for t in kept if t not in analysis.values and t not in taken]
    manner = words[:1] if words and looks_like_adverb(words[0]) else []  # "*permanently* delete a file"
    words = words[len(manner) :]
    # a question names no action: "what are my *open* asana tasks?"
    opened = analysis.asks if options.asked_states else bool(analysis.dropped) and analysis.dropped[0] in WH_WORDS
    asks = questions and opened and not manner
    # a request naming no action, opening with the things it lists, has them too ("stripe
    # invoices that are *open*", ``unsaid_filters``)
    # (a participle first may be the request's action: "twilio *archived* recent calls")
    # (``ordered_things``: past a quantifier, "*all open* GitHub PRs"; and one thing first or
    # last in an order, "the *latest* stripe invoice")
    passed = BEFORE_THINGS if options.ordered_things else _FILTER_ADJECTIVES | _STATE_WORDS
    # (``participle_states``: a participle right before its things, "any *failed* stripe payments")
    # (in a wh-question a participle is its verb: "who *reviewed* pull request 88")
    wh = bool(analysis.dropped) and analysis.dropped[0] in WH_WORDS
    states = options.participle_states and not wh
    # the participles right before their things: states, no actions ("*deleted* droplets")
    stating = {i for i in range(len(words)) if states and participle_before_plural(words, i)}
    at = next((i for i, w in enumerate(words) if w not in passed and i not in stating), len(words))
    thing = words[at] if at < len(words) else ""
    # (in a request naming its app: "what is the latest data from CCData.io?" asks no tool of ours)
    named = any(mention.connected for mention in analysis.mentions)
    ordered = options.ordered_things and named and not ORDERS.isdisjoint(words[:at])
    unsaid = (
        options.unsaid_filters
        and not manner
        and (is_plural(thing) or (ordered and bool(thing)))  # "*open* stripe invoices": after its adjectives
        and not any(is_action_word(w) for i, w in enumerate(words) if i not in stating)
    )
    # a guessed name says its state too where it names its app ("xero_list_*overdue*_invoices",
    # ``guessed_qualifiers``); one naming none is a name's words
    guessed = analysis.name_shaped and not (options.guessed_qualifiers and named)
    if guessed or len(words) < 2 + (not manner and not asks and not unsaid):
        return frozenset()
    # the action first: a verb, or a word naming the app's own action ("*pin* the last message")
    verb = is_action_word(words[0]) and not (unsaid and 0 in stating)
    if not verb and not asks and not unsaid and not (options.asked_states and named_in(index, words[0], scoped)):
        return frozenset()
    after = words if (asks or unsaid) and not verb else words[1:]
    # a state a question asks of a thing ("is jira issue OPS-3 *resolved*?"), or a participle before
    # the things a verbless request lists ("*failed* stripe payments"), is a value where no name
    # says the word as written ("resolved" reaches ``get_auto_complete`` through a synonym,
    # "failed" Stripe's test helper ``..._fail``); "is PR 12 *merged*" keeps the word
    # ``pulls_check_if_merged`` says (``questioned_states``, ``participle_states``)
    # (a yes-no question's: "*who* reviewed PR 88" asks who did it, "reviewed" is its verb)
    yes_no = asks and not wh and (analysis.tokens[:1] in _YES_NO or analysis.dropped[:1] in _YES_NO)
    # (and after a verb of looking: "list *archived* slack channels", "search *resolved* jira issues")
    looked = verb and words[0] in LOOKING_VERBS and 1 in stating
    as_written = (yes_no and options.questioned_states) or (unsaid and states) or looked
    adjectives = {
        w
        for w in after
        if _looks_like_adjective(w, options.asked_states)
        and not (index.postings(w).name & scoped if as_written else named_in(index, w, scoped))
        and not (looked and w == words[1] and _read_with(index, w, words[2], scoped))
    }
    # a recurrence before a noun names a kind of it ("the *weekly* availability", "a *monthly*
    # report"); after it, its setting ("a price of 20 EUR *monthly*")
    apps = {w for mention in analysis.mentions for w in mention.words}
    adjectives -= {
        w
        for w, following in analysis.after_words
        if w in _RECURRENCES and _is_content(following) and following not in apps
    }
    # an adverb is how, a parameter, where no tool of the app says it anywhere ("delete a folder
    # *recursively*"); "*permanently* delete" is Box's "Permanently remove file"
    # (said by a tool doing the request's verb: GitHub's ``issues_get`` says "permanently", no delete)
    adverbs = [w for w in (*manner, *adjectives) if looks_like_adverb(w)]
    doing = name_reach(index, words[0]) & scoped if verb and adverbs else scoped
    adjectives = {w for w in (*manner, *adjectives) if w not in adverbs or not said_in(index, w, doing)}
    others = [w for w in after if w not in adjectives and w not in GRAMMAR_WORDS]
    if not adjectives or not others or not all(named_in(index, w, scoped) for w in others):
        return frozenset()
    return frozenset(adjectives)


def _read_with(index: SearchIndex, word: str, thing: str, scoped: frozenset[int]) -> bool:
    """A name of ``scoped`` reading ``thing`` says ``word`` beside it, in any form: Box's
    ``get_folders_trash_items`` for "list the *trashed* items"."""
    documents = index.documents
    both = name_reach(index, word) & name_reach(index, thing) & scoped
    return any(not LOOKING_VERBS.isdisjoint(own_name_words(documents[d].name)) for d in both)


def _is_content(word: str) -> bool:
    return word.isalpha() and word not in GRAMMAR_WORDS and word not in QUERY_FILLER_WORDS


def ruled_out(
    index: SearchIndex,
    negated: Sequence[tuple[str, str]],
    kept: Sequence[str],
    scoped: frozenset[int],
    values: frozenset[str],
) -> frozenset[str]:
    """The ``negated`` words among ``kept`` that leave the request: all of them, where another kept
    word that is no value is a name word of ``scoped`` ("github PRs not yet reviewed"), but
    those whose negation a name says itself ("get issues *without* epic" is Jira Software's
    ``get_issues_without_epic``)."""
    ruled = frozenset(
        word
        for negation, w in negated
        if w in kept and not literal_names(index, negation) & scoped
        for word in (negation, w)  # "*never* replied": the negation too, where a content word ("never")
        if word in kept
    )
    rest = [w for w in kept if w not in ruled and w not in values]
    return ruled if ruled and any(named_in(index, w, scoped) for w in rest) else frozenset()


def owners_as_values(
    index: SearchIndex, owners: Sequence[tuple[str, tuple[str, ...]]], kept: Sequence[str], scoped: frozenset[int]
) -> frozenset[str]:
    """The owners among ``kept`` that are values: those no name of ``scoped`` carries with a
    word of their thing (the app's name aside: ``kept`` has none)."""
    if not owners:
        return frozenset()
    return frozenset(
        owner
        for owner, thing in owners
        if owner in kept
        and not name_reach(index, owner) & union_of(name_reach(index, w) for w in thing if w in kept) & scoped
    )
