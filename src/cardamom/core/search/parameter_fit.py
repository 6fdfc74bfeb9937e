"""Among equal scores, the tool taking the things a request gives by their ids (``parameter_fit``).

A request that names a thing with its id ("list memberships of asana *team 77*", "get bank
account ba_1 of stripe *customer cus_9*", "make bob an admin of box group *membership 4410*")
gives the arguments of the tool that acts on that one thing: Asana's
``get_team_memberships_for_team`` takes ``team_gid``, where ``get_team_memberships`` and
``get_team_memberships_for_user`` score the same and take no team's id; Box's
``put_group_memberships_id`` takes the membership's id, where ``post_group_memberships``
makes one. A tool's things are read from its path's parameters (``/teams/{team_gid}``: a
team; ``/customers/{customer}/bank_accounts/{id}``: a customer and a bank account, an ``id``
naming the segment before it) and from the arguments its input schema requires
(``issue_number``: an issue), when its document is built (``parameter_paths``); the request's,
from the words before its ids (``given_ids``). Among tools of equal scores and masses, the tool
taking more of the request's things comes first; the score, and so the floor, never changes.
A thing's word the request gives an id for counts, in the tie order's description mass, as
said by the tools taking that id, as their paths say it (``taken_things_said``: "redeliver
webhook delivery 991 of *hook 12* in acme/api" is ``repos_redeliver_webhook_delivery``, though
only the organization's description says "hook", in a scope's name).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardamom.core.search.coverage import Covering, Weighed
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.tokens import inflection_key
from cardamom.core.search.value_words import TENANCIES

# A tenancy's parameter (Twilio's ``AccountSid``, an org) is the connection's own, no caller's.
_TENANCIES = frozenset(inflection_key(w) for w in TENANCIES)
# How far the things a tool takes of the request's weigh against those it takes beyond them.
_TAKEN_PLACE = 8


# A word of the request naming a thing it gives an id for: its weight, the thing (its words'
# inflection keys) and the tools whose own description says the word.
ThingWord = tuple[float, frozenset[str], frozenset[int]]


def thing_words(weighed: Weighed, things: tuple[frozenset[str], ...]) -> tuple[ThingWord, ...]:
    """The request's weighed words naming the ``things`` it gives ids for ("*hook* 12")."""
    found: list[ThingWord] = []
    for token, weight, sets in zip(weighed.tokens, weighed.weights, weighed.scoring, strict=True):
        key = inflection_key(token)
        thing = next((t for t in things if key in t), None)
        if thing is not None and weight > 0:
            *_, described = sets  # (the tools whose own description says the word)
            found.append((weight, thing, described))
    return tuple(found)


def fitted(
    index: SearchIndex,
    passing: Sequence[Covering],
    things: tuple[frozenset[str], ...],
    unnamed: bool = False,
    said: Sequence[ThingWord] = (),
) -> list[Covering]:
    """``passing`` with each tool's fit to ``things`` for its tie order (``tie_break.result_order_key``'s
    ``fit``): the more of them it takes first, then the fewer things it takes that the request
    gives no id for ("jira project role *10002*": ``get_project_role_by_id``, not
    ``get_project_role``, which takes a project too), where every thing given is one some tool
    takes and no id's thing goes unsaid (``unnamed``): else that id may be what another
    parameter takes. Only among tools that cover the same words, scoring alike with the same
    mass: "add a $25 *credit* to stripe customer cus_1" asks for no card, though
    ``post_customers_customer_cards`` takes the customer and scores as ``post_credit_notes``.
    ``said`` (``thing_words``): each such word adds its weight to the description mass of the
    tools taking its thing whose description does not say it."""
    taken = index.parameter_things
    if not things or len(taken) != len(index.documents):
        return list(passing)
    given = frozenset().union(*things)
    placed = not unnamed and all(any(thing & taken[c[0]] for c in passing) for thing in things)
    most = _TAKEN_PLACE - 1 if placed else 0
    masses: dict[int, set[float]] = {}
    for c in passing:
        masses.setdefault(c[1], set()).add(round(c[3], 9))
    paths_say: dict[int, float] = {}  # the weight of the things' words the tools' paths say
    for weight, thing, described in said:
        for c in passing:
            if c[0] not in described and thing & taken[c[0]]:
                paths_say[c[0]] = paths_say.get(c[0], 0.0) + weight
    return [
        (
            d,
            score,
            named,
            mass,
            described + paths_say.get(d, 0.0),
            valued,
            leads,
            _fit(taken[d], things, given, most) if len(masses[score]) == 1 else 0,
        )
        for d, score, named, mass, described, valued, leads, _ in passing
    ]


def _fit(taken: frozenset[str], things: tuple[frozenset[str], ...], given: frozenset[str], most: int) -> int:
    """The things a tool takes among ``things``, then (below) those it takes beyond them, fewer
    higher; not a tenancy's."""
    found = sum(1 for thing in things if thing & taken)
    return min(_TAKEN_PLACE - 1, found) * _TAKEN_PLACE + most - min(most, len(taken - given - _TENANCIES))
