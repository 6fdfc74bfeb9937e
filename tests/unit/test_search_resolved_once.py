"""What a search resolves once per index instead of once per request, and that it changes no
answer: a token's postings joined with its synonyms' (``SynonymPostings.joined``), one set for the
tokens that resolve to the same tools (``SearchIndex._shared``), and the words that may open an
app's name of two words or more (``app_scope.MentionKeys``)."""

from __future__ import annotations

import itertools

from cardamom.core.search import SearchIndex
from cardamom.core.search.app_scope import MentionKeys, find_mentions
from cardamom.core.search.postings import joined_sets, union_of
from cardamom.core.search.tokens import tokenize
from tests.unit.search_documents import app_doc

DOCS = [
    app_doc("jira__get_issue", "Jira", "Returns the details of an issue."),
    app_doc("jira__search_issues", "Jira", "Searches for issues. Lists them by JQL."),
    app_doc("jira__create_issue", "Jira", "Creates an issue or a subtask."),
    app_doc("google-calendar__list_events", "Google Calendar", "Lists the events of a calendar."),
    app_doc("google-calendar__insert_event", "Google Calendar", "Adds an event to a calendar."),
    app_doc("cal-com__cancel_booking", "Cal.com", "Cancel a booking."),
    app_doc("cal-com__fetch_bookings", "Cal.com", "Retrieve the bookings of a user."),
    app_doc("azure-devops__work_items_get", "Azure DevOps", "Show a work item."),
    app_doc("box__get_files_id", "Box", "Fetch a file's information."),
    app_doc("bitbucket__get_repositories", "Bitbucket", "List repositories."),
    app_doc("zendesk__list_tickets", "Zendesk", "List tickets."),
    app_doc("zendesk__get_ticket", "Zendesk", "Show a ticket."),
]


def test_joined_sets_are_the_unions_they_stand_for() -> None:
    index = SearchIndex.build(DOCS)
    tokens = ("get", "list", "fetch", "show", "retrieve", "create", "add", "events", "issue", "ticket", "tickets")
    assert any(index.postings(t).near != index.postings(t).prefixed for t in tokens if index.synonym_postings(t).every)
    for token in tokens:
        own, synonym = index.postings(token), index.synonym_postings(token)
        if not synonym.every:
            assert synonym.joined is None
            continue
        for prefixed in (False, True):
            near = own.prefixed if prefixed else own.near
            expected = (
                union_of((near, synonym.name)),
                union_of((own.description, synonym.description)),
                union_of((own.every, synonym.every)),
            )
            assert joined_sets(synonym, near, own.description, own.every, True, prefixed) == expected
            # sets a rule narrowed (a value's, an id's) are joined as they are
            narrowed = joined_sets(synonym, frozenset(), frozenset(), frozenset(), False, prefixed)
            assert narrowed == (synonym.name, synonym.description, synonym.every)


def test_a_group_joining_to_the_same_tools_holds_one_set() -> None:
    index = SearchIndex.build(DOCS)
    joined = [index.synonym_postings(t).joined for t in ("get", "fetch", "retrieve")]
    assert all(j is not None for j in joined)
    everies = [j.every for j in joined if j is not None]
    assert len({id(e) for e in everies if e == everies[0]}) == 1
    # and a word's forms resolving to the same tools hold one set too
    for forms in (("issue", "issues"), ("ticket", "tickets")):
        first, second = (index.postings(form) for form in forms)
        assert len(first.every) > 1 and first.every == second.every
        assert first.every is second.every


def test_openers_change_no_mention_found() -> None:
    index = SearchIndex.build(DOCS)
    assert isinstance(index.app_mentions, MentionKeys)
    assert {"google", "cal", "azure"} <= index.app_mentions.openers
    plain = dict(index.app_mentions)  # (a plain mapping reads every word as a possible opener)
    words = ["list", "google", "calendar", "cal", "com", "calcom", "azure", "dev", "ops", "devops", "jira", "the"]
    words += ["git", "hub", "github", "microsoft", "teams", "box", "bit", "bucket", "gitlab", "lab"]
    for size in (1, 2, 3, 4):
        for tokens in itertools.permutations(words, size):
            found = find_mentions(tokens, index.app_mentions, index.label_postings)
            assert found == find_mentions(tokens, plain, index.label_postings), tokens
    request = tokenize("move the azure dev ops item and the cal com booking to bit bucket, ask Microsoft Teams")
    names = [(m.name, m.connected) for m in find_mentions(request, index.app_mentions, index.label_postings)]
    assert names == [("Azure DevOps", True), ("Cal.com", True), ("Bitbucket", True), ("Microsoft Teams", False)]
