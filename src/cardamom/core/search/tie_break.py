"""The order of search results: by score (seeds), then, among equal scores, a tool of the
app's administrators' API after one that is not (unless the request says so), then the tool whose name
carries an argument value, then the one whose own description says more of the query, then the
one whose name carries the request's first word, then the one taking the things the request
gives ids for, then the one whose own name the query covers most, then the shorter name, then the
codepoint order of the advertised name (seeds: never locale collation, so every server cuts the
same list at the limit).
"""

from __future__ import annotations


def codepoint_tie_break(name: str) -> str:
    """The last tie-break: the advertised name compared by code point. Python compares ``str``
    by code point whatever the process locale, so the name itself is the key."""
    return name


def result_order_key(
    score: int,
    described: float,
    name_share: float,
    own_name_size: int,
    name: str,
    values_named: int = 0,
    leads: int = 0,
    unagreeing: int = 0,
    unasked_admin: int = 0,
    fit: int = 0,
) -> tuple[int, int, int, float, int, int, float, int, int, str]:
    """Sort key (ascending) of one result: higher score first; then a tool of the app's
    administrators' API the request did not ask for after one that is not (``unasked_admin``,
    ``admin_tools``: Slack's ``admin_conversations_archive`` after ``conversations_archive``);
    then the more argument values
    (weighing nothing, inside a named app) its name carries exactly; then the more of the query's
    IDF mass the tool's own description says (whatever field scored each word); then the tool
    whose name carries the request's first word (``leads``: its verb, "*transition* issue" is
    ``do_transition`` before ``create_issue``); then the better fit of the things it takes by
    their ids to those the request gives ids for (``fit``, ``parameter_fit``: "asana team *77*"
    is ``get_team_memberships_for_team``, whose longer name the request covers less); then the
    larger share of the tool's own name words (its name without the account) that the query
    covers (a word reached only through a synonym does not cover it); then the fewer of the request's
    words its name says through a synonym in the other grammatical number (``unagreeing``:
    "members" reaches ``get_user`` and ``get_users``, the plural asks for the list); then fewer
    own name words; then ``codepoint_tie_break``. ``described`` is rounded so float noise never
    decides."""
    return (
        -score,
        unasked_admin,
        -values_named,
        -round(described, 9),
        -leads,
        -fit,
        -name_share,
        unagreeing,
        own_name_size,
        codepoint_tie_break(name),
    )


def seed_order_key(score: int, name: str) -> tuple[int, str]:
    """The seeds' order alone: score, then ``codepoint_tie_break`` (the ranker without ``tie_order``)."""
    return (-score, codepoint_tie_break(name))
