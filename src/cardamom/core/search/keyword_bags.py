"""A request written as a bag of keywords: "stripe customer create email", "asana task create
assign", "xero invoice create contact line items".

A model searching by keywords writes the thing, the verb and then what the call is made with,
no word linking them. Read as written, those last words weigh as the request's words ("email",
"line items"), which the tool creating the thing does not say, and the request finds the tool
some other name or description says them in, or nothing. Written as a sentence ("create a stripe
customer *with* an email", "create an asana task *and* assign it"), the words after "with" are
the fields the thing is made with and an action after "and" a second one: a bag of keywords
creating a thing is read so, and one moving a thing as its place ("jira issue transition status
done": "transition jira issue *to* status done") (``keyword_bags``).
"""

from __future__ import annotations

from collections.abc import Collection

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import own_name_words
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS, inflection_key, tokenize
from cardamom.core.search.verb_readings import literal_names, verb_names

_SHORTEST = 3  # words: a thing, a verb, something more
_LONGEST = 7
# the verbs creating a thing that are no nouns too ("issue", "record", "post" and "comment" are)
_CREATING = frozenset({"create", "add", "make", "generate", "insert"})
# ... and those moving it somewhere, whose other words are where it goes ("jira issue transition
# status done": "transition jira issue to status done")
_MOVING = frozenset({"transition", "move", "send", "upload", "transfer", "assign"})


def bag_read(request: str, app_words: Collection[str], index: SearchIndex, tools: frozenset[int]) -> str:
    """``request``, a bag of keywords creating a thing, written as a sentence ("stripe customer
    create email": "create stripe customer with email"; "asana task create assign": "create asana
    task and assign"); ``request`` as written otherwise, and where the verb opens it: what
    follows it may be one thing ("add issue comment"), and where a name of ``tools`` says the
    verb, the thing and the word after it alone ("asana project create team":
    ``create_project_for_team``)."""
    words = request.split()
    if not _SHORTEST <= len(words) <= _LONGEST:
        return request
    lowered = [w.casefold() for w in words]
    named = [w in app_words or (bool(tokenize(w)) and all(t in app_words for t in tokenize(w))) for w in lowered]
    apps = [w for w, app in zip(lowered, named, strict=True) if app]  # (an app's name in parts: "cal-com")
    own = [w for w, app in zip(lowered, named, strict=True) if not app]
    if not own or any(not w.isalpha() or w in GRAMMAR_WORDS or w in QUERY_FILLER_WORDS for w in own):
        return request  # (a sentence, or values: those have readings of their own)
    verb = next((i for i, w in enumerate(own) if w in _CREATING or w in _MOVING), None)
    if verb is None:
        return request
    thing, extras = own[:verb], own[verb + 1 :]
    if not thing or not extras or any(is_action_word(w) for w in thing):
        return request  # (the thing's words are nouns: "box *delete* envelope transfer rule" asks a delete)
    # (a name saying the verb, the thing and the next word is that thing's own: "asana project
    # create team" is ``create_project_for_team``, and the word is no field)
    linked = _linking_word(index, tools, own[verb], thing[-1], extras[0])
    if linked is not None:
        thing, extras = [*thing, *([linked] if linked else []), extras[0]], extras[1:]
        if not extras:
            return " ".join([own[verb], *apps, *thing])
    # a second action, where it goes, or what it is made with
    joint = "and" if is_action_word(extras[0]) else "to" if own[verb] in _MOVING else "with"
    return " ".join([own[verb], *apps, *thing, joint, *extras])


def _linking_word(index: SearchIndex, tools: frozenset[int], verb: str, thing: str, extra: str) -> str | None:
    """The grammar word a name of ``tools`` saying the verb (or its synonym), the thing and the
    word after it, and nothing else, links them with ("for": ``create_project_for_team``; ""
    where none); None where no name says them so."""
    keys = {inflection_key(thing), inflection_key(extra)}
    for document in sorted(literal_names(index, thing) & literal_names(index, extra) & verb_names(index, verb) & tools):
        words = own_name_words(index.documents[document].name)
        linking = [w for w in words if w in GRAMMAR_WORDS or w in QUERY_FILLER_WORDS]  # "for", "in"
        if all(inflection_key(w) in keys or w in linking or is_action_word(w) for w in words):
            return linking[0] if linking else ""
    return None
