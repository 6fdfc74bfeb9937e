"""Synonym groups: words of general English and software vocabulary that name the same action
or the same kind of thing in tool names and descriptions.

Lexical search has no synonyms (seeds: "search 'calendar' against a connector whose tools all
say 'schedule'"): Jira's tools say "issue", never "ticket". A group lets a query word match a
tool carrying another word of its group, with the group's document frequency (so a common
group is cheap, and coverage cannot be bought through a rare synonym). The groups themselves
live in ``synonym_groups``; here, the words reaching a group one way, the two-word forms and
phrases a request writes for one word, and the lookups the ranking reads them by.
"""

from __future__ import annotations

from collections.abc import Container
from functools import cache

from cardamom.core.search.phrasal_verbs import PHRASAL_VERBS
from cardamom.core.search.separated_particles import particle_joined
from cardamom.core.search.synonym_groups import SYNONYM_GROUPS
from cardamom.core.search.tokens import ARTICLES, inflection_key, is_plural, places_before

# Words saying a group's action its words do not say: one detaches or revokes as one removes ("*unlink*
# tag frontend from firewall bb4b"), aborts as one cancels; "delete customer group 77" is no ``detach_...``
ONE_WAY = {"detach": "delete", "unlink": "delete", "revoke": "delete", "abort": "cancel"}
# one uninstalls an app as one deletes its installation, flushes a cache as one purges it, dismisses a
# chat or a banner as one closes it; a roster is its members (none of them is done by the reverse)
ONE_WAY |= {"uninstall": "delete", "flush": "delete", "dismiss": "close", "roster": "user"}

# Two-word forms a query writes for one word: "look up" is "lookup", "to-do" is "todo".
COMPOUNDS: dict[tuple[str, str], str] = {
    ("look", "up"): "lookup",
    ("pull", "up"): "show",
    ("check", "off"): "complete",
    ("tick", "off"): "complete",
    ("cross", "off"): "complete",
    ("kick", "off"): "start",
    ("spin", "up"): "create",
    ("set", "up"): "create",
    ("tear", "down"): "delete",
    ("wrap", "up"): "complete",
    ("close", "out"): "close",
    ("hand", "off"): "assign",
    ("hand", "over"): "assign",
    ("bring", "up"): "show",
    ("give", "me"): "please",  # a request's frame, as "please" is: "give me all jira projects"
    ("tell", "me"): "please",  # "can you tell me who is assigned to asana task 123"
    ("fire", "off"): "send",
    ("dig", "up"): "find",
    ("track", "down"): "find",
    ("hunt", "down"): "find",
    ("switch", "off"): "turn",  # "switch off droplet 88": turned off, as the power's actions say
    ("switch", "on"): "turn",
    ("pull", "down"): "download",
    ("to", "do"): "todo",
    ("to", "dos"): "todos",
    ("e", "mail"): "email",
    ("text", "message"): "sms",
    ("text", "messages"): "sms",
}

# Words that are an action only as a request's first word, and an adjective or a noun elsewhere: "*open* a
# ticket", "*record* a payment", "*write* a notion page", "*draft* an invoice" create one ("list *open* issues",
# "a DNS *record*", "*draft* invoices" filter or read); "*toss* the coupon" is slang, "*forward* it" sends
LEADING_VERBS = {"open": "create", "record": "create", "write": "create", "draft": "create"}
LEADING_VERBS |= {"toss": "delete", "bin": "delete", "zap": "delete", "shelve": "archive", "forward": "send"}
LEADING_VERBS |= {"fix": "update"}  # "*fix* the amount on xero receipt R-9"; "the fix is live" a noun


# The groups of actions (a request's verb): their first words.
_ACTION_HEADS = frozenset(
    {"get", "list", "create", "update", "delete", "search", "send", "upload", "download", "move", "copy"}
    | {"close", "start", "stop", "cancel", "buy", "assign"}
)


@cache
def group_keys(heads: frozenset[str]) -> frozenset[str]:
    """The inflection keys of every word of the groups whose first word is one of ``heads``, and
    of the words saying their action one way (``ONE_WAY``)."""
    grouped = (w for group in SYNONYM_GROUPS if group[0] in heads for w in group)
    return frozenset(inflection_key(w) for w in (*grouped, *(w for w, head in ONE_WAY.items() if head in heads)))


# The keys of the verbs creating a thing ("create", "add", "new", "make", "post" ...)
CREATING = group_keys(frozenset({"create"}))


def action_words() -> frozenset[str]:
    """Every word of an action group ("list", "show", "fetch", "add"...), by inflection key."""
    return group_keys(_ACTION_HEADS)


@cache
def action_forms() -> frozenset[str]:
    """The words of the action groups as the groups write them (``get``, ``create``, ``lookup``),
    not their inflected forms: "list" is an action, "listed" says which things."""
    return frozenset(w for group in SYNONYM_GROUPS if group[0] in _ACTION_HEADS for w in group)


def is_action_word(token: str) -> bool:
    return inflection_key(token) in action_words()


@cache
def _groups_by_key() -> dict[str, tuple[str, ...]]:
    found: dict[str, set[str]] = {}
    for group in SYNONYM_GROUPS:
        for word in group:
            found.setdefault(inflection_key(word), set()).update(group)
    for word, head in ONE_WAY.items():
        found.setdefault(inflection_key(word), {word}).update(*(g for g in SYNONYM_GROUPS if g[0] == head))
    return {key: tuple(sorted(words)) for key, words in found.items()}


def synonyms_of(token: str) -> tuple[str, ...]:
    """The other words of every group ``token`` (or an inflected form of it) belongs to."""
    key = inflection_key(token)
    return tuple(w for w in _groups_by_key().get(key, ()) if inflection_key(w) != key)


_TAX_IDS = ("number", "no", "id", "ids")
_FILED = ("ticket", "bug", "issue", "defect", "incident", "report", "request", "complaint")
_RENAMING = ("change", "update", "set", "edit", "modify")
_DROPPED_NOTES = ("comment", "note", "line", "message", "reply", "remark")
# Phrases read as the words tool names and titles say: a question about the caller, which an
# app answers with its current user ("Get current user", ``get_self``), as "get my user" ("my"
# says a title's "current"); "everything in" a container as its items ("List items in folder").
PHRASES: dict[tuple[str, ...], tuple[str, ...]] = {
    ("who", "am", "i"): ("get", "my", "user"),
    ("whoami",): ("get", "my", "user"),
    ("everything", "in"): ("items", "in"),
    # everyone in a workspace or a channel are its users ("list everyone in my slack workspace")
    ("everyone", "in"): ("users", "in"),
    ("everybody", "in"): ("users", "in"),
    # "what's inside" (the contraction's "is" gone): not "what's in", which asks what is "in
    # progress" as often as what a container holds
    ("everything", "inside"): ("items", "in"),
    ("what", "inside"): ("items", "in"),
    ("what", "is", "inside"): ("items", "in"),
    # slang no tool name says, read as the plain verb a name says: one jots down a new thing
    # ("jot down a task"), and jots a note on one ("jot a note on a ticket")
    ("jot", "down"): ("create",),
    ("jot",): ("add",),
    ("tack", "on"): ("add",),
    ("tack",): ("add",),
    ("stick",): ("add",),
    ("tweak",): ("update",),
    # a text one sends is a message ("send a text to +1555...", "shoot a text"); "add a text block" is none
    **{
        (verb, *a, "text", *said): ("send", *a, "message")
        for verb in ("send", "shoot")
        for a in ((), ("a",))
        for said in (("message",), ("messages",), ())  # the longest first
    },
    ("shoot",): ("send",),  # "shoot bob an email"
    # a thing's name changed is the thing renamed, which APIs do by their update ("change the
    # name of box folder 9 to X" is ``put_folders_id``, "rename box folder 9 to X")
    **{(verb, *the, "name", "of"): ("rename",) for verb in _RENAMING for the in ((), ("the",))},
    ("get", "rid", "of"): ("delete",),
    # someone added to a thing or taken from it is a member of it ("add someone to the asana project",
    # "remove *her* from asana project 12": a pronoun, no word of the request, had left "remove ...
    # project 12", which deletes it)
    **{
        (verb, who, to): (verb, "member", to)
        for verb in ("add", "invite", "remove", "kick")
        for who in ("someone", "somebody", "him", "her", "them")
        for to in ("to", "from", "into", "on")
    },
    # the mode a chat app shortens ("is bob in do not disturb mode": Slack's ``dnd_info``)
    ("do", "not", "disturb"): ("dnd",),
    # the kinds of a thing are its types ("what *kinds of* reports can I run in stripe":
    # ``get_reporting_report_types``); not "what kind of plan is X on", a property of one
    **{(kinds, "of"): ("types", "of") for kinds in ("kinds", "sorts")},
    # a VAT or GST number is a tax id ("add VAT number DE123 to stripe customer cus_1": the customer's
    # ``post_customers_customer_tax_ids``), and the VAT a tax, as APIs name them whatever the country's
    # tax ("VAT DE123", its number before an id read away, ``labelled_numbers``)
    **{(tax, said): ("tax", "ids" if said == "ids" else "id") for tax in ("vat", "gst", "tax") for said in _TAX_IDS},
    ("vat",): ("tax",),
    ("gst",): ("tax",),
    # the most recent is the latest ("my most recent stripe invoice")
    ("most", "recent"): ("latest",),
    # who holds a thing is its assignee: "who's working on jira ticket ENG-88" asks the field
    ("who", "is", "working", "on"): ("who", "is", "the", "assignee", "of"),
    ("who", "working", "on"): ("who", "is", "the", "assignee", "of"),  # "who's": the tail is cut
    ("who", "is", "assigned", "to"): ("who", "is", "the", "assignee", "of"),
    # who is in a channel or a team are its members ("who's in #design": the tail is cut)
    ("who", "is", "in"): ("list", "members", "of"),
    ("who", "in"): ("list", "members", "of"),
    # one logs a bug, or raises a ticket, as one creates it ("log a bug in jira")
    **{
        (verb, article, thing): ("create", article, thing)
        for verb in ("log", "raise")
        for article in ("a", "an", "new")
        for thing in _FILED
    },
    # "I need the details of asana task 12" asks for them; "the full details of" are its details, a read
    **{("i", wish, "the"): ("get", "the") for wish in ("need", "want")},
    **{(whole, "details"): ("details",) for whole in ("full", "complete")},
    # "drop" deletes ("drop a table"), but one drops a note to someone: it adds; and one
    # leaves a comment as one adds it ("leave the team" still says nothing)
    **{
        (verb, article, note): ("add", article, note)
        for verb in ("drop", "leave")
        for article in ("a", "an")
        for note in _DROPPED_NOTES
    },
}
_PHRASE_STARTS = frozenset(p[0] for p in PHRASES)
# Nouns that open a request as its verb: "DM @maria that ..." sends one ("dm" alone is a
# message, which every chat tool acts on; "send a dm" says its verb already); one files a
# ticket as one creates it ("file a jira ticket"; "delete box file a.txt" files nothing).
_OPENINGS: dict[tuple[str, ...], tuple[str, ...]] = {
    ("dm",): ("send", "dm"),
    **{("file", article): ("create", article) for article in ("a", "an", "new")},
    # one issues a refund, an invoice or a credit note as one creates it ("issue PROJ-12": an issue's)
    **{("issue", article): ("create", article) for article in ("a", "an", "new")},
    # one pulls data as one gets it ("pull the latest xero bank transactions"); GitHub's
    # "pull requests" and "pull 12" name one, so only before an owner's or an order's word
    **{("pull", word): ("get", word) for word in ("the", "all", "my", "our", "latest", "recent", "last")},
    # one kills a running thing as one deletes it ("kill the droplet named test-box"); a new thing started is
    # created ("start a new slack channel"; "start droplet 5" powers one on)
    ("kill",): ("delete",),
    **{("start", article, "new"): ("create", article, "new") for article in ("a", "the")},
    # one puts a thing on another as one adds it ("put a comment on ..."; "put file 5 in ..." moves it)
    **{("put", article): ("add", article) for article in ("a", "an", "another")},
}


# the pairs whose second word may follow the verb's object ("look bob *up*", ``separated_particles``)
_SEPARABLE = frozenset(COMPOUNDS) | frozenset((p[0], p[1]) for p in PHRASES if len(p) == 2)
_SEPARABLE_PHRASAL = _SEPARABLE | frozenset(PHRASAL_VERBS)


# A compound whose verb is its own participle ("set up"), after a copula or "have" ("which webhooks
# *are set up*", "what do I *have set up*"), says a state: the participle of its action, not an act
_OWN_PARTICIPLES = {("set", "up"): "created"}
_STATING = frozenset({"is", "are", "was", "were", "be", "been", "being", "have", "has", "had", "got"})


def join_compounds(
    tokens: tuple[str, ...],
    *,
    phrases: bool = True,
    opens: int = 0,
    phrasal: bool = False,
    separated: bool = False,
    stative: bool = False,
    listed: bool = False,
) -> tuple[str, ...]:
    """``look up`` -> ``lookup``, ``to do`` -> ``todo``, and with ``phrases`` "who am I" -> "get my
    user" (``PHRASES``; never in a tool's name: ``whoami_notes``) (query tokens in order, repeats
    kept: the sequence still says which words stand together, as in "calendar ... google calendar");
    ``opens``: where the request's verb may stand, past the app's name ("slack *dm* bob"); ``phrasal``:
    a phrasal verb as its action (``phrasal_verbs.PHRASAL_VERBS``); ``separated``
    (``separated_particles``): its particle after the object ("look bob *up*"); ``stative``
    (``stated_compounds``): "are set up" as "are created" (``_OWN_PARTICIPLES``), and with ``listed``
    (``listed_setups``) after things in the plural past the verb ("list vpcs *set up* on digitalocean")."""
    compounds = COMPOUNDS | PHRASAL_VERBS if phrasal else COMPOUNDS
    if separated and phrases:
        tokens = particle_joined(tokens, opens, _SEPARABLE_PHRASAL if phrasal else _SEPARABLE)
    joined: list[str] = []
    i = 0
    while i < len(tokens):
        phrase = None
        opening = next((p for p in _OPENINGS if tokens[i : i + len(p)] == p), None) if phrases and i == opens else None
        if opening is not None:
            joined.extend(_OPENINGS[opening])
            i += len(opening)
            continue
        if phrases and tokens[i] in _PHRASE_STARTS:
            phrase = next((p for p in PHRASES if tokens[i : i + len(p)] == p), None)
        if phrase is not None:
            joined.extend(PHRASES[phrase])
            i += len(phrase)
            continue
        pair = (tokens[i], tokens[i + 1]) if i + 1 < len(tokens) else None
        if pair is not None and pair in compounds:
            # ... or after the things it was done to, past the request's verb: "list vpcs *set up* on ..."
            after = listed and i > opens and is_plural(tokens[i - 1])
            stated = stative and pair in _OWN_PARTICIPLES and i > 0 and (tokens[i - 1] in _STATING or after)
            joined.append(_OWN_PARTICIPLES[pair] if stated else compounds[pair])
            i += 2
        else:
            joined.append(tokens[i])
            i += 1
    return tuple(joined)


# Phrases tool names shorten to one word the phrase does not spell: GitHub's REST operations
# say ``pulls`` for "pull requests" (``pulls_list``, ``pulls_merge``), while other names spell
# the phrase out (``repos_list_pull_requests_associated_with_commit``).
NAME_SHORTHANDS: dict[tuple[str, ...], str] = {
    ("pull", "request"): "pulls",
    ("pull", "requests"): "pulls",
    ("pr",): "pulls",
    ("prs",): "pulls",
}
_SHORTHAND_STARTS = frozenset(phrase[0] for phrase in NAME_SHORTHANDS)


def join_vocabulary_compounds(
    tokens: tuple[str, ...], vocabulary: Container[str], apart: Container[str] = ()
) -> tuple[str, ...]:
    """Two query words that tool names write as one (``work log`` where a name says
    ``worklog``, ``sub task`` for ``subtask``), read as that one word, and a phrase names
    shorten (``NAME_SHORTHANDS``: "pull request" where names say ``pulls``). ``vocabulary``:
    the name tokens of the index, so only a word some tool's name carries is ever made.
    ``apart``: words that name an app of the org on their own, never joined ("in box folder 0"
    is Box, not Xero's ``get_inbox``)."""
    joined: list[str] = []
    i = 0
    while i < len(tokens):
        short = (
            next(
                (
                    (word, len(phrase))
                    for phrase, word in NAME_SHORTHANDS.items()
                    if tokens[i : i + len(phrase)] == phrase and word in vocabulary
                ),
                None,
            )
            if tokens[i] in _SHORTHAND_STARTS  # (most words: none starts with them)
            else None
        )
        if short is not None:
            joined.append(short[0])
            i += short[1]
            continue
        if (
            i + 1 < len(tokens)
            and tokens[i].isalpha()
            and tokens[i + 1].isalpha()
            and tokens[i] not in apart
            and tokens[i + 1] not in apart
            and tokens[i] not in ARTICLES  # "is there *a way*" is no "away", "I'm *a*" no "ia"
            and tokens[i + 1] not in ARTICLES  # (but "YouTube" is "you tube", filler or not)
            and not places_before(tokens, i + 1, apart)  # "the audit log *in asana*" is no "login"
        ):
            whole = tokens[i] + tokens[i + 1]
            if whole in vocabulary:
                joined.append(whole)
                i += 2
                continue
        joined.append(tokens[i])
        i += 1
    return tuple(joined)
