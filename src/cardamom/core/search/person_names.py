"""People a request names by their given name (``person_names``).

A request acts for or on a person as often as on a thing: "message bob on slack", "add jane as
an editor to box folder 12", "make priya the owner of asana project 12", "send bob a slack dm".
The person is an argument value no tool's name or description carries, so, weighed as a word,
a given name sank the request below the floor ("no tool covers: bob"). A capitalised name in
the middle of a sentence was a value already (``argument_values``); one written in lower case,
or in a request of three words, or at a title-cased request's start ("Give Alice access ..."),
was not. A given name is now a value wherever it stands (``query.analyse_query``), unless some
tool's name says it (an app's own word is never a person), or it is all the request has beside
its action ("look up jane in intercom": without her, any tool that finds anything would do).

The list holds common given names of several languages that are not also English words: not
"will", "mark", "grant", "bill", "max", "may", "june", "rose", "jack", "chase", "hope",
"robin", nor a language's, a tool's or a month's name ("ruby", "julia", "hugo", "jan").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable

_NAMES = """
    aaron abby abigail adam adrian ahmed aisha alan albert alex alexander alexandra alexis alice
    alicia alison amanda amelia amir amit amy ana andrea andrew andy angela anita ankit anna anne
    annie anthony anton antonio anya arjun arthur ashley barbara ben benjamin beth betty bianca
    bob bobby brad brenda brian bruce bruno caleb carl carla carlos carmen carol caroline
    catherine charles charlie charlotte chen chloe chris christina christine christopher claire
    clara connor craig cynthia dan daniel daniela danielle dave david deborah debbie denise
    dennis derek diana diego dmitri donna doug douglas dylan edward elena eli elijah
    elizabeth ella ellen emily emma eric erica erin ethan eva evan fatima felix fernando fiona
    francesca francis freya gabriel gabriela gary george gerald gina greg gregory hana hannah
    hans harry heather helen henry hiroshi ian igor ingrid irene isaac isabel isabella
    ivan jacob jake james jamie jane janet jared jason javier jeff jeffrey jen jenna jennifer
    jenny jeremy jerry jess jessica jim jimmy joan joe joel johan john johnny jonathan jorge
    jose joseph josh joshua juan judy julie julian justin kai karen karim kate katherine kathy
    katie kavya kayla keith kelly ken kenji kevin kim kyle laura lauren leah lee leo leon
    liam lina linda lisa liz logan lorenzo louis lucas lucia lucy luis luke lydia maria mariana
    marie marco marcus margaret mario marta martin mary mateo matt matthew megan mei melissa
    mia michael michelle miguel mike mila mohamed mohammed monica nadia naomi natalia natalie
    nathan neha nicole nikhil nina noah nora olga oliver olivia omar owen pablo pamela
    paul paula pedro peter philip pierre priya rachel rahul raj rajesh ravi rebecca ricardo
    richard rick rita robert roberto rohan ryan sabrina sadie sahil sam samantha samuel sandra
    sanjay sara sarah scott sean sebastian sergei sharon simon sofia sophia sophie stefan
    stephanie stephen steve steven susan suresh tanya tara teresa thomas tim timothy tina tom
    tommy tony tyler valentina vanessa vera victor victoria vikram vincent wei wendy william
    xavier yasmin yuki yusuf zach zoe
"""
GIVEN_NAMES: frozenset[str] = frozenset(_NAMES.split())


# Given names that are English words too, a person only where the request's shape puts one
# ("find *frank* in slack", "ask *will* to review PR 12", "kick *max* off the repo")
_WORD_NAMES = frozenset({"will", "mark", "grant", "bill", "max", "may", "june", "rose", "jack", "chase", "hope"})
_WORD_NAMES |= {"robin", "frank", "grace", "dawn", "faith", "art", "pat", "ray"}


def names_a_person_placed(word: str) -> bool:
    """One word where a request's shape puts a person (``names_a_person``, or a given name that
    is an English word too: "find *frank* in slack")."""
    return names_a_person(word) or word.casefold() in _WORD_NAMES


def capitalised_stranger(word: str, known: Callable[[str], bool]) -> bool:
    """``word`` is a capitalised word of letters that ``known`` (a tool's name, and what else the
    caller knows) does not say, in lower case: a person's name where a request's shape puts one
    ("add *Dana* to slack #design", "*Priyanka* wants ...")."""
    return word[:1].isupper() and word.isalpha() and not known(word.casefold())


def person_as_value(word: str) -> str:
    """``word``, a person placed by a request's shape, written so it reads as a value: quoted
    where it is an English word too ("find *frank* in slack" reads 'find users "frank" ...')."""
    return word if names_a_person(word) else f'"{word}"'


def names_a_person(word: str) -> bool:
    """One word naming a person: a given name, an @mention or an e-mail address."""
    return (
        word.casefold() in GIVEN_NAMES
        or (word.startswith("@") and len(word) > 1)
        or ("@" in word[1:] and "." in word.rpartition("@")[2])
    )


def given_names(words: Iterable[str], named_by_tools: Container[str]) -> frozenset[str]:
    """The words of a request (tokens, lower case) that are given names of people, none of them
    a word some tool's name says (``named_by_tools``: the index's name vocabulary)."""
    return frozenset(w for w in words if w in GIVEN_NAMES and w not in named_by_tools)


# "set bob as the assignee of ...", "make priya the owner of ...": a person made a thing's
# field, as "set the assignee of ... to bob" says it, which the field phrases read
# (``field_phrases``): "set bob as the assignee of jira issue ENG-3" found
# ``bulk_set_issue_property``, and "make priya the owner of asana project 12" nothing.
_MADE = re.compile(
    r"^(?P<please>please\s+)?(?P<verb>set|make)\s+(?P<person>\S+)\s+(?:as\s+(?:(?:the|an?)\s+)?|(?P<one>the|an?)\s+)(?P<field>[A-Za-z]+)"
    r"\s+(?:of|on|for)\s+(?P<thing>.+)$",
    re.IGNORECASE | re.DOTALL,
)


def person_as_field(request: str, *, roles: Container[str] = ()) -> str:
    """``request`` with a person made a thing's field written as the field set to the person
    ("set bob as the assignee of X": "set the assignee of X to bob"); as written otherwise, and
    where the person is made one of ``roles`` by "a" or "an" ("make bob *an admin* of ...": one
    of its admins, no field of the thing; ``made_roles``)."""
    made = _MADE.match(request.strip())
    if made is None:
        return request
    one = (made["one"] or "").casefold()
    if made["verb"].casefold() == "make" and one in {"a", "an"} and made["field"].casefold() in roles:
        return request
    if not names_a_person(made["person"]):
        return request
    return f"{made['please'] or ''}set the {made['field']} of {made['thing']} to {made['person']}"
