"""What is written around an order, read before it is ranked: the forty-fourth round's readings.

Each reading leaves the request as written where its switch is off or it finds nothing of its
own: marks around the whole request (``enclosing_marks``), a to-do list's open item
(``checklist_items``), contractions without their apostrophe (``unmarked_contractions``), a
colleague addressed by name (``addressed_people``), another
language's courtesy (``foreign_courtesies``), a routine's habit (``habitual_phrases``), no hurry
given (``unhurried_phrases``), the ids an act over many spares (``excepted_values``), an act named
by its noun after a light verb (``light_verbs``), a thing made after another
(``modelled_things``), a precaution (``precaution_clauses``), a go-ahead (``go_ahead_phrases``), a
thing told again after its id (``thing_appositives``), the environment a thing lives in
(``environment_words``), and two verbs on one thing (``paired_verbs``).
"""

from __future__ import annotations

import re

from cardamom.core.search.addressed_people import unaddressed
from cardamom.core.search.app_scope import find_mentions
from cardamom.core.search.checklist_items import open_item
from cardamom.core.search.enclosing_marks import unenclosed
from cardamom.core.search.environment_words import without_environment
from cardamom.core.search.excepted_values import without_excepted
from cardamom.core.search.foreign_courtesies import without_foreign_courtesy
from cardamom.core.search.go_ahead_phrases import past_go_ahead
from cardamom.core.search.habitual_phrases import without_habit
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.light_verbs import act_of_noun
from cardamom.core.search.modelled_things import without_model
from cardamom.core.search.paired_verbs import act_after_look, first_alternative
from cardamom.core.search.postings import EMPTY
from cardamom.core.search.precaution_clauses import without_precaution
from cardamom.core.search.thing_appositives import without_appositive
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.unhurried_phrases import unhurried
from cardamom.core.search.unmarked_contractions import marked

# a word an environment's reading reads (``environment_words``), and the words joining two verbs
# (``paired_verbs``): a cheap test first
_ENVIRONMENT = re.compile(r"prod|stag|sandbox|live|test|dev|qa|uat", re.IGNORECASE)
_PAIRING = re.compile(r"\s(?:or|and|then)\s|[&+]", re.IGNORECASE)


def without_surroundings(index: SearchIndex, request: str) -> str:
    """``request`` read past what is written around its order, as the index's switches say (the
    module's readings, in its order)."""
    options, mentions = index.options, index.app_mentions
    request = unenclosed(request) if options.enclosing_marks else request  # '"delete asana task 12"'
    request = open_item(request) if options.checklist_items else request  # "[x] ... [ ] delete box file 123"
    request = marked(request) if options.unmarked_contractions else request  # "whats in ...": "what's in ..."
    if options.addressed_people:  # "Eve, could you delete box file 123?": "could you delete ..."
        request = unaddressed(request, lambda name: bool(find_mentions(tokenize(name), mentions, index.label_postings)))
    request = without_foreign_courtesy(request) if options.foreign_courtesies else request  # "por favor ..."
    request = without_habit(request) if options.habitual_phrases else request  # "send ... as usual"
    request = unhurried(request) if options.unhurried_phrases else request  # "at some point archive ..."
    request = without_excepted(request) if options.excepted_values else request  # "... except ENG-4"
    request = act_of_noun(request) if options.light_verbs else request  # "need a reboot on droplet 77"
    request = without_model(request) if options.modelled_things else request  # "create a jira issue like ENG-4"
    request = without_precaution(request) if options.precaution_clauses else request  # "... in case it fails"
    request = past_go_ahead(request) if options.go_ahead_phrases else request  # "proceed with the refund of ..."
    request = without_appositive(request) if options.thing_appositives else request  # "droplet 77, the web server"
    # (the readings below need the apps named, read only where a word they read is written: most
    # requests have none)
    environment = options.environment_words and _ENVIRONMENT.search(request) is not None
    paired = (options.alternative_verbs or options.inspected_acts) and _PAIRING.search(request) is not None
    if not (environment or paired):
        return request
    found = find_mentions(tokenize(request), mentions, index.label_postings)
    tools = index.tools_of([mention.name for mention in found if mention.connected])
    named = index.name_postings

    def a_name_says(*words: str) -> bool:
        """Some name of the named apps' tools (of any, where it names none) says each of ``words``."""
        said = named.get(words[0], EMPTY)
        for word in words[1:]:
            said = said & named.get(word, EMPTY)
        return bool(said & tools if tools else said)

    if environment:  # "reboot the prod droplet 77": "reboot the droplet 77"
        request = without_environment(request, a_name_says)
    if not paired or (not tools and not any(character.isdigit() for character in request)):
        return request  # (two verbs on a thing its app or its id names: "Move or insert sections." is a tool's words)
    # "close or resolve jira issue ENG-4": "close jira issue ENG-4" (not an upsert's: "create or update")
    request = first_alternative(request, a_name_says) if options.alternative_verbs else request
    return act_after_look(request) if options.inspected_acts else request  # "find and delete box file 123"
