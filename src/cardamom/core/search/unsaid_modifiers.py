"""A word the named app never says, written before a thing its names say: "list all twilio *studio*
flows", "get the *npm* package cli-tools of the acme org on github", "add an *hourly* rate of $120
for user 1201 on asana project 77" (``unsaid_modifiers``).

Such a word says which of the things is meant, or names the product they belong to; the call finds
them by the thing. As written, it was the request's rarest word, no tool of the app carries it, and
the request found nothing. Where a request naming one of the org's apps finds nothing as written
(nor with its misspellings read), each such word is quoted, so it is a value, and the request ranked
again (``second_readings``). Never the request's first word past the apps' names (its verb; but a
question whose subject opens with the app's name has it later, ``asked_modifiers``: "what does
twilio *studio* flow FW1 look like"; nor has one opening with "which", "what" or "whose" and a word
of a thing: "which *cloud* firewalls are applied to droplet 31", ``which_modifiers``), an action or
state word, a word some tool of the app says (even inflected or by a prefix), a grammar or filler
word, a word naming an app, nor a word before one no name of the app says: "jira create a
*spreadsheet*" keeps its thing, and a connected app asked for an action it lacks still finds
nothing. Two words may be one modifier, the second said by no name of the app, where no single word
is: "add a $50 *union fee* deduction for xero employee E-7" (``modifier_phrases``). An acronym
in capitals may be one too, and one only the app's descriptions say is unsaid by its names, as a word
before a thing named by its id is: "what *SSL* certificates do I have on digitalocean"
(``acronym_modifiers``).
"""

from __future__ import annotations

import re

from cardamom.core.search.api_verbs import STATE_VERBS
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.synonyms import action_forms
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS, QUESTION_OPENERS, tokenize
from cardamom.core.search.verb_readings import literal_names
from cardamom.core.search.verbal_nouns import known_verb

# a plain lower-case word (or an acronym in capitals, ``acronym_modifiers``) and the word after it; not
# part of an address, a path, a quote or an id
_PAIR = re.compile(r"(?<![\w@./#:=\"'-])([a-z]{3,}|[A-Z]{2,5})(?=\s+([A-Za-z][a-z]+)(?![\w@/=\"'-]|\.\w))")
# ... or two words, the second said by no name, before a word their names say ("a $50 *union fee* deduction")
_TRIPLE = re.compile(r"(?<![\w@./#:=\"'-])([a-z]{3,})\s+([a-z]{3,})(?=\s+([A-Za-z][a-z]+)(?![\w@/=\"'-]|\.\w))")
_WORD = re.compile(r"\S+")
_MOST = 2  # words of a request read as modifiers
_DETERMINERS = frozenset({"which", "what", "whose"})  # a question's words a thing's follows ("which *cloud* ...")
_LONGEST = 200  # characters


def quoted_modifiers(index: SearchIndex, request: str) -> tuple[str, tuple[str, ...]]:
    """``request`` with each word no tool of the apps it names says, written before a word their
    names say, quoted; and the words so quoted."""
    if len(request) > _LONGEST:
        return request, ()  # a long request is seldom a modifier away from a tool (and is read once)
    tools = index.tools_of(index.apps_named(request))
    if not tools:
        return request, ()
    # a question whose subject opens with the app's name has its verb later ("what does twilio *studio* flow
    # FW1 look like"); elsewhere its first word past the question's is its verb ("who *owns* box folder 77")
    asked = index.options.asked_modifiers and _app_asked(index, request)
    # "*which* cloud firewalls are applied to droplet 31": a determiner's noun phrase, no verb, follows it
    asked = asked or (index.options.which_modifiers and _determined(request))
    opening = -1 if asked else _opening(index, request)
    found: list[re.Match[str]] = []
    for pair in _PAIR.finditer(request):
        word, thing = pair.group(1), pair.group(2).casefold()
        if pair.start() <= opening:
            continue  # the request's verb ("cal.com *rerun* booking": an action the app lacks)
        if thing in GRAMMAR_WORDS or thing in QUERY_FILLER_WORDS or not literal_names(index, thing) & tools:
            continue  # a modifier is written before its thing ("free *in* jira" is no thing)
        acronym = word.isupper()
        if acronym and not index.options.acronym_modifiers:
            continue
        # an acronym says which of the things as a word before an id does ("list *SSL* certificates")
        numbered = acronym or _numbered(request, pair.end(2))
        lowered = word.casefold()
        if _plain(index, lowered) and not _said(index, lowered, tools, numbered=numbered):
            found.append(pair)
    if not found and index.options.modifier_phrases:
        return _quoted_phrase(index, request, tools, opening)
    if not found or len(found) > _MOST:
        return request, ()
    for pair in reversed(found):
        request = f'{request[: pair.start(1)]}"{pair.group(1)}"{request[pair.end(1) :]}'
    return request, tuple(pair.group(1) for pair in found)


def _quoted_phrase(
    index: SearchIndex, request: str, tools: frozenset[int], opening: int
) -> tuple[str, tuple[str, ...]]:
    """``request`` with one phrase of two words quoted, the first said by no tool of ``tools``, the
    second by no name of them, before a word their names say ("add a $50 *union fee* deduction for
    xero employee E-7"), and the words so quoted (``modifier_phrases``); as written where it has none."""
    for triple in _TRIPLE.finditer(request):
        word, second, thing = triple.group(1), triple.group(2), triple.group(3).casefold()
        if triple.start() <= opening or thing in GRAMMAR_WORDS or thing in QUERY_FILLER_WORDS:
            continue
        if not literal_names(index, thing) & tools or literal_names(index, second) & tools:
            continue
        if _plain(index, word) and _plain(index, second) and not _said(index, word, tools):
            quoted = f'{request[: triple.start(1)]}"{word} {second}"{request[triple.end(2) :]}'
            return quoted, (word, second)
    return request, ()


def _determined(request: str) -> bool:
    """``request`` opens with "which", "what" or "whose" and a word of the thing asked for ("which *cloud*
    firewalls"), not with a question's auxiliary, whose subject a verb follows ("what *did* ana post")."""
    words = request.casefold().split(maxsplit=2)
    return len(words) > 1 and words[0] in _DETERMINERS and words[1] not in QUESTION_OPENERS | GRAMMAR_WORDS


def _app_asked(index: SearchIndex, request: str) -> bool:
    """``request`` is a question whose first word past its question words names an app ("what does
    *twilio* studio flow FW1 look like")."""
    words = [w.casefold() for w in request.split()]
    if not words or words[0] not in QUESTION_OPENERS:
        return False
    asked = (w for w in words if w not in QUESTION_OPENERS and w not in GRAMMAR_WORDS and w not in QUERY_FILLER_WORDS)
    subject = next(asked, "")
    return any(subject in mention.split() for mention in index.app_mentions)


def _opening(index: SearchIndex, request: str) -> int:
    """Where the request's first word past the apps' names and filler starts."""
    app_words = {word for mention in index.app_mentions for word in mention.split()}
    for found in _WORD.finditer(request):
        words = tokenize(found.group(0))
        if words and not all(w in app_words or w in QUERY_FILLER_WORDS or w in GRAMMAR_WORDS for w in words):
            return found.start()
    return len(request)


def _said(index: SearchIndex, word: str, tools: frozenset[int], *, numbered: bool = False) -> bool:
    """Some tool of ``tools`` says ``word``: in its name (as written, inflected or by a prefix), its
    label or its description; but before a thing named by its id (``numbered``: "twilio *regulatory*
    bundle BU123"), with ``described_modifiers``, a description's word says which of them only."""
    entry = index.postings(word)
    if not (numbered and index.options.described_modifiers):
        return bool(entry.every & tools)
    return bool((entry.name | entry.inflected | entry.prefixed | entry.label) & tools)


def _numbered(request: str, end: int) -> bool:
    """The word after ``end`` in ``request`` carries a digit: the thing before it is named by its id."""
    following = request[end:].split(maxsplit=1)
    return bool(following) and any(c.isdigit() for c in following[0])


def _plain(index: SearchIndex, word: str) -> bool:
    """``word`` may be a modifier: no action, state, grammar or filler word, no app's name."""
    if word in GRAMMAR_WORDS or word in QUERY_FILLER_WORDS or word in index.app_mentions:
        return False
    return word not in action_forms() and word not in STATE_VERBS and not known_verb(word)
