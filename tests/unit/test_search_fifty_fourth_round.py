"""Issue 13's fifty-fourth round: a description's word before a thing named by its id may be an unsaid
modifier (``described_modifiers``); a plural opening a request is no verb (``plural_openings``); a kind of
two words reads as one (``two_word_kinds``); a question's auxiliary before a slug names a repository
(``asked_slugs``); an article names the thing added (``added_things``); who can be done a verb to are its
people (``possible_doers``); a question's predicate asks no write (``stated_predicates``); and the phrasal
verbs "look for", "hang up", "take away" and a leading "fix"."""

from __future__ import annotations

import pytest

from cardamom.core.search import SearchDocument, SearchIndex, rank
from cardamom.core.search.able_words import able_vocabulary, as_able
from cardamom.core.search.field_phrases import added_field
from cardamom.core.search.own_fields import kind_words, says_own_field
from cardamom.core.search.query import analyse_query
from cardamom.core.search.written_forms import as_words
from tests.unit.search_documents import app_doc, shipped_index, shipped_names, without

_THINGS = ("call", "message", "queue", "service", "recording", "conference", "participant", "key", "domain", "user")
TWILIO = [
    app_doc("twilio__delete_bundle", "Twilio", "Delete a specific Bundle."),
    app_doc("twilio__fetch_bundle", "Twilio", "Fetch a specific Bundle instance."),
    app_doc("twilio__list_bundle", "Twilio", "Retrieve a list of all Bundles for an account."),
    app_doc(
        "twilio__update_compliance_registration",
        "Twilio",
        "Resume a specific Regulatory Compliance Inquiry that has expired.",
    ),
    app_doc("twilio__create_message", "Twilio", "Send a message."),
    app_doc("twilio__list_call", "Twilio", "Retrieves a collection of calls."),
    # deletes are common in the app, its regulatory words rare
    *(app_doc(f"twilio__delete_{thing}", "Twilio", f"Delete a {thing}.") for thing in _THINGS),
]
GITHUB = [
    app_doc("github__activity_list_repos_watched_by_user", "GitHub", "List repositories watched by a user."),
    app_doc(
        "github__activity_list_watched_repos_for_authenticated_user",
        "GitHub",
        "List repositories watched by the authenticated user.",
    ),
    app_doc("github__activity_list_watchers_for_repo", "GitHub", "List watchers."),
    app_doc("github__repos_get", "GitHub", "Get a repository."),
    app_doc("github__repos_list_for_org", "GitHub", "List organization repositories."),
    app_doc("github__licenses_get_for_repo", "GitHub", "Get the license for a repository."),
    app_doc("github__licenses_get_all_commonly_used", "GitHub", "Get all commonly used licenses."),
    app_doc("github__licenses_get", "GitHub", "Get a license."),
    # (what repositories use is said often in the app's text)
    app_doc("github__repos_get_content", "GitHub", "Get repository content. Use this to read a file."),
    app_doc("github__actions_get_allowed_actions_repository", "GitHub", "Actions a repository may use."),
    app_doc("github__repos_list_languages", "GitHub", "List the languages a repository uses."),
    app_doc("github__issues_list_assignees", "GitHub", "List assignees. Lists the available assignees for issues."),
    app_doc(
        "github__issues_check_user_can_be_assigned",
        "GitHub",
        "Check if a user can be assigned. Checks if a user has permission to be assigned to an issue.",
    ),
    app_doc("github__issues_list_for_repo", "GitHub", "List repository issues."),
    app_doc("github__issues_set_labels", "GitHub", "Set labels for an issue."),
    app_doc("github__issues_list_labels_on_issue", "GitHub", "List labels for an issue."),
    app_doc("github__issues_add_labels", "GitHub", "Add labels to an issue."),
    app_doc("github__orgs_add_security_manager_team", "GitHub", "Add a security manager team."),
    app_doc("github__orgs_revoke_org_role_team", "GitHub", "Remove an organization role from a team."),
]
JIRA = [
    app_doc("jira__find_assignable_users", "Jira", "Find users assignable to issues."),
    app_doc("jira__get_issue", "Jira", "Get issue."),
]
XERO = [
    app_doc(
        "xero__create_manual_journal_history_record",
        "Xero",
        "Creates a history record for a specific manual journal.",
    ),
    app_doc("xero__get_manual_journals_history", "Xero", "Retrieves history for a specific manual journal."),
    app_doc("xero__get_manual_journal", "Xero", "Retrieves a specific manual journal."),
    app_doc("xero__create_manual_journals", "Xero", "Creates one or more manual journals."),
    app_doc("xero__create_credit_notes", "Xero", "Creates a new credit note."),
    app_doc("xero__create_credit_note_history", "Xero", "Creates a history record for a specific credit note."),
    app_doc("xero__get_receipt", "Xero", "Retrieves a specific draft expense claim receipt."),
    app_doc("xero__update_receipt", "Xero", "Updates a specific draft expense claim receipt."),
]
STRIPE = [
    app_doc("stripe__post_customers_customer_bank_accounts", "Stripe", "Create a bank account for a customer."),
    app_doc(
        "stripe__post_customers_customer_bank_accounts_id_verify",
        "Stripe",
        "Verify a specified bank account for a given customer.",
    ),
    app_doc("stripe__post_customers_customer_bank_accounts_id", "Stripe", "Updates a specified bank account."),
    app_doc("stripe__post_customers_customer", "Stripe", "Updates the specified customer."),
    app_doc("stripe__get_customers_customer", "Stripe", "Retrieves a Customer object."),
]
NOTION = [
    app_doc("notion__post_search", "Notion", "Search by title. Searches all pages and databases."),
    app_doc("notion__retrieve_a_page", "Notion", "Retrieve a page."),
]
SLACK = [
    app_doc("slack__calls_end", "Slack", "Ends a Call."),
    app_doc("slack__calls_add", "Slack", "Registers a new Call."),
    app_doc("slack__calls_info", "Slack", "Returns information about a Call."),
]


class TestDescribedModifiers:
    def test_a_descriptions_word_before_a_numbered_thing_is_a_modifier(self) -> None:
        query = "delete twilio regulatory bundle BU123"
        assert shipped_names(TWILIO, query)[:1] == ["twilio__delete_bundle"]
        assert shipped_names(TWILIO, query, described_modifiers=False) == []
        assert "regulatory" in rank(shipped_index(TWILIO), query).values

    def test_before_a_thing_no_id_names_it_still_weighs(self) -> None:
        # "the regulatory bundles": a word of the app's text, no id saying which one is meant
        assert shipped_names(TWILIO, "delete the twilio regulatory bundle") == []


class TestPluralOpenings:
    def test_a_plural_is_the_questions_thing(self) -> None:
        query = "which repos am I watching on github"
        tool = "github__activity_list_watched_repos_for_authenticated_user"
        assert shipped_names(GITHUB, query)[:1] == [tool]
        assert shipped_names(GITHUB, query, plural_openings=False)[:1] != [tool]

    def test_a_verb_a_name_opens_with_still_leads(self) -> None:
        # "repos" opens GitHub's names but is no verb; a singular first word a name opens with still is one
        assert shipped_names(GITHUB, "list the repos of the acme org on github")[:1] == ["github__repos_list_for_org"]


class TestTwoWordKinds:
    def test_a_note_to_the_history_of_a_two_word_kind(self) -> None:
        query = "add a note to the history of xero manual journal MJ-5"
        tool = "xero__create_manual_journal_history_record"
        assert shipped_names(XERO, query)[:1] == [tool]
        assert shipped_names(XERO, query, two_word_kinds=False)[:1] != [tool]

    def test_its_history_read(self) -> None:
        query = "show the history of xero manual journal MJ-5"
        assert "history" in rank(shipped_index(XERO), query).query_tokens
        assert shipped_names(XERO, query)[:1] == ["xero__get_manual_journals_history"]
        assert "history" in rank(SearchIndex.build(XERO, without(two_word_kinds=False)), query).values

    def test_the_words_read(self) -> None:
        assert kind_words(("xero", "manual", "journal", "mj"), "manual", {"mj", "5"}) == ("journal",)
        assert kind_words(("xero", "receipt", "r", "9"), "receipt", {"r", "9"}) == ()
        name = "xero__get_manual_journals_history"
        assert says_own_field(name, "manual", ("history",), kind=("journal",))
        assert not says_own_field(name, "manual", ("history",))


class TestAskedSlugs:
    def test_the_words_read(self) -> None:
        # (ranked in the written requests' workspace, where the slug implies GitHub: ``test_written_requests``)
        index = shipped_index(GITHUB)
        assert as_words(index, "what license does acme/api use") == "what license does repo acme/api use"
        # what a slug has is asked by ``had_things``, as written here
        assert as_words(index, "how many issues does acme/api have") == "how many issues does acme/api have"
        off = SearchIndex.build(GITHUB, without(asked_slugs=False))
        assert as_words(off, "what license does acme/api use") == "what license does acme/api use"


class TestAddedThings:
    def test_an_article_names_the_thing_added(self) -> None:
        query = "add a bank account to stripe customer cus_88"
        assert shipped_names(STRIPE, query)[:1] == ["stripe__post_customers_customer_bank_accounts"]
        # read as a field ("bank") and its value ("account"), the request was the customer's update
        assert analyse_query(query, without(added_things=False)).field is not None
        assert analyse_query(query, without()).field is None

    def test_the_words_read(self) -> None:
        words = ("add", "a", "bank", "account", "to", "stripe", "customer", "cus", "88")
        assert added_field(words, (), {"cus", "88"}) is None
        found = added_field(words)
        assert found is not None and found.field == ("bank",)
        # no article, or a value after it: a field and its value, as before
        labelled = ("add", "label", "regression", "to", "jira", "issue", "qa", "8")
        assert added_field(labelled, (), {"qa", "8"}) is not None
        quoted = ("add", "a", "label", "bug", "to", "jira", "issue", "qa", "8")
        assert added_field(quoted, (), {"bug", "qa", "8"}) is not None


class TestPossibleDoers:
    def test_who_can_be_assigned_is_the_assignees(self) -> None:
        query = "who can be assigned issues in github repo acme/api"
        assert shipped_names(GITHUB, query)[:1] == ["github__issues_list_assignees"]
        assert shipped_names(GITHUB, query, possible_doers=False)[:1] != ["github__issues_list_assignees"]

    def test_the_adjective_is_the_named_apps(self) -> None:
        both = SearchIndex.build([*GITHUB, *JIRA])
        github = both.tools_of(both.apps_named("github"))
        jira = both.tools_of(both.apps_named("jira"))
        asked = "who can be assigned jira issue KAN-4"
        assert as_able(asked, able_vocabulary(both, jira, True)) == "who assignable jira issue KAN-4"
        assert as_able(asked, able_vocabulary(both, github, True)) == asked
        assert as_able(asked, able_vocabulary(both, github, False)) == "who assignable jira issue KAN-4"


class TestStatedPredicates:
    def test_a_predicate_is_no_write(self) -> None:
        query = "which labels are set on github issue 42 in acme/api"
        assert shipped_names(GITHUB, query)[:1] == ["github__issues_list_labels_on_issue"]
        # (the sixty-fourth round's ``asked_writes`` keeps a question's writes out too)
        assert shipped_names(GITHUB, query, stated_predicates=False, set_states=False, asked_writes=False)[:1] == [
            "github__issues_set_labels"
        ]

    def test_a_request_to_set_still_sets(self) -> None:
        query = "set the labels on github issue 42 in acme/api to bug"
        assert shipped_names(GITHUB, query)[:1] == ["github__issues_set_labels"]


class TestPhrasalVerbs:
    @pytest.mark.parametrize(
        ("documents", "query", "tool"),
        [
            (NOTION, "look for notion pages about onboarding", "notion__post_search"),
            (SLACK, "hang up slack call R0E69JAMF", "slack__calls_end"),
            (
                GITHUB,
                "take the security manager role away from the platform team in the acme org on github",
                "github__orgs_revoke_org_role_team",
            ),
            (XERO, "fix the amount on draft xero receipt R-9", "xero__update_receipt"),
        ],
    )
    def test_the_pair_is_its_action(self, documents: list[SearchDocument], query: str, tool: str) -> None:
        assert shipped_names(documents, query)[:1] == [tool]

    def test_a_fix_that_is_a_noun_stays_one(self) -> None:
        tokens = rank(shipped_index(XERO), "add a note about the fix to xero receipt R-9").query_tokens
        assert "fix" in tokens and "update" not in tokens
