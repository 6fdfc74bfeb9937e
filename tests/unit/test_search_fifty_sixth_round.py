"""Issue 13's fifty-sixth round: a file given by its name gives a file (``named_files``); several ids
listed go to the tool taking them together (``keyed_lists``); a thing turned on or off naming no app
is enabled or disabled (``unnamed_switches``); a read and a write of one thing are told apart by the
request's mood (``mood_twins``); more verbs read as the nouns their names make ("apply":
"application"); a thing that belongs to another is of it (``belonging_clauses``); and "decline",
"avatar", "bookmark", "chargeback", "widget" and "abort" reach their groups."""

from __future__ import annotations

import dataclasses

from cardamom.core.search.document import SearchDocument
from cardamom.core.search.given_ids import valued_things
from cardamom.core.search.keyed_lists import keyed_kinds
from cardamom.core.search.listed_ids import lists_ids
from cardamom.core.search.outcome_requests import switched
from cardamom.core.search.relative_clauses import described_by_clause
from cardamom.core.search.synonyms import synonyms_of
from cardamom.core.search.word_forms import made_nouns
from tests.unit.search_documents import app_doc, shipped_index, shipped_names


def _taking(doc: SearchDocument, *things: str) -> SearchDocument:
    return dataclasses.replace(doc, parameters=frozenset(things))


XERO = [
    _taking(
        app_doc("xero__get_purchase_order_attachment_by_id", "Xero", "Retrieves a specific attachment by its ID."),
        "order",
        "attachment",
    ),
    _taking(
        app_doc(
            "xero__get_purchase_order_attachment_by_file_name", "Xero", "Retrieves a specific attachment by file name."
        ),
        "order",
        "file",
    ),
    _taking(app_doc("xero__get_purchase_order_attachments", "Xero", "Retrieves attachments for an order."), "order"),
    _taking(app_doc("xero__get_purchase_order", "Xero", "Retrieves a specific purchase order."), "order"),
    _taking(app_doc("xero__create_leave_application", "Xero", "Creates a leave application."), "tenant"),
    _taking(app_doc("xero__get_leave_applications", "Xero", "Retrieves leave applications."), "tenant"),
    _taking(app_doc("xero__reject_leave_application", "Xero", "Rejects a leave application."), "leave"),
    _taking(app_doc("xero__approve_leave_application", "Xero", "Approves a leave application."), "leave"),
]
JIRA = [
    app_doc("jira__get_comments_by_ids", "Jira", "Get comments by IDs. Returns a paginated list of comments."),
    app_doc("jira__get_comments", "Jira", "Get comments. Returns all comments for an issue."),
    app_doc("jira__get_comment", "Jira", "Get comment. Returns a comment."),
    app_doc("jira__get_statuses_by_id", "Jira", "Bulk get statuses. Returns a list of the statuses specified by ID."),
    app_doc("jira__get_status", "Jira", "Get status. Returns a status."),
    app_doc("jira__get_project_role_by_id", "Jira", "Get project role by ID."),
    app_doc("jira__get_project_roles", "Jira", "Get all project roles."),
]
GITHUB = [
    app_doc("github__repos_enable_vulnerability_alerts", "GitHub", "Enable vulnerability alerts."),
    app_doc("github__repos_disable_vulnerability_alerts", "GitHub", "Disable vulnerability alerts."),
    app_doc("github__repos_check_vulnerability_alerts", "GitHub", "Check if vulnerability alerts are enabled."),
    app_doc(
        "github__actions_get_actions_cache_retention_limit_for_repository",
        "GitHub",
        "Get GitHub Actions cache retention limit for a repository.",
    ),
    app_doc(
        "github__actions_set_actions_cache_retention_limit_for_repository",
        "GitHub",
        "Set GitHub Actions cache retention limit for a repository.",
    ),
    app_doc("github__repos_get", "GitHub", "Get a repository."),
]
DIGITALOCEAN = [
    app_doc("digitalocean__droplet_actions_post", "DigitalOcean", "Initiate a Droplet Action: power off, power on."),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List All Droplets."),
]
STRIPE = [
    app_doc("stripe__post_terminal_readers_reader_cancel_action", "Stripe", "Cancels the current reader action."),
    app_doc("stripe__post_terminal_readers_reader", "Stripe", "Updates a Reader object."),
    app_doc("stripe__delete_terminal_readers_reader", "Stripe", "Deletes a Reader object."),
]


class TestNamedFiles:
    def test_a_files_name_gives_a_file(self) -> None:
        words = ["get", "attachment", "quote", "signed", "pdf", "purchase", "order", "po", "0057"]
        values = frozenset({"quote", "signed", "pdf", "po", "0057"})
        query = "download the attachment 'quote-signed.pdf' from xero purchase order PO-0057"
        things, _ = valued_things(words, values, query, files=True)
        assert frozenset({"file"}) in things and any("order" in t for t in things)
        assert frozenset({"file"}) not in valued_things(words, values, query)[0]
        assert frozenset({"file"}) not in valued_things(words, values, "purchase order PO-0057", files=True)[0]

    def test_the_tool_taking_the_files_name_comes_first(self) -> None:
        query = "Download the attachment 'quote-signed.pdf' from Xero purchase order PO-0057"
        by_name = "xero__get_purchase_order_attachment_by_file_name"
        assert shipped_names(XERO, query)[:1] == [by_name]
        assert shipped_names(XERO, query, named_files=False)[:1] == ["xero__get_purchase_order_attachment_by_id"]
        # an attachment given by its id keeps the tool taking its id
        by_id = "download attachment 5c1e2f from xero purchase order PO-0057"
        assert shipped_names(XERO, by_id)[:1] == ["xero__get_purchase_order_attachment_by_id"]


class TestKeyedLists:
    def test_the_kinds_names_take_together(self) -> None:
        index = shipped_index(JIRA)
        tools = frozenset(range(len(index.documents)))
        assert keyed_kinds(index, tools, "fetch comments 1, 2 and 3") == {"comments", "statuses"}
        assert keyed_kinds(index, tools, "fetch comment 1") == frozenset()  # no list: no name read
        assert lists_ids("get jira statuses 10000 and 10001") and lists_ids("SM1 & SM2, SM3")
        assert not lists_ids("get jira status 10000") and not lists_ids("tasks due between monday and friday")

    def test_several_ids_go_to_the_tool_taking_them_together(self) -> None:
        query = "fetch jira comments 10010, 10011 and 10012"
        assert shipped_names(JIRA, query)[:1] == ["jira__get_comments_by_ids"]
        assert shipped_names(JIRA, query, keyed_lists=False)[:1] == ["jira__get_comment"]
        assert shipped_names(JIRA, "get jira statuses 10000 and 10001")[:1] == ["jira__get_statuses_by_id"]

    def test_one_id_is_one_thing(self) -> None:
        assert shipped_names(JIRA, "fetch jira comment 10010")[:1] == ["jira__get_comment"]
        assert shipped_names(JIRA, "get jira status 10000")[:1] == ["jira__get_status"]
        # a name keyed by one id takes one thing ("role" is no plural)
        assert "roles" not in keyed_kinds(shipped_index(JIRA), frozenset(range(len(JIRA))), "roles 5 and 6")


class TestUnnamedSwitches:
    def test_a_thing_turned_on_naming_no_app_is_enabled(self) -> None:
        documents = [*GITHUB, *DIGITALOCEAN]
        query = "turn on vulnerability alerts for acme/api"
        assert shipped_names(documents, query)[:1] == ["github__repos_enable_vulnerability_alerts"]
        assert shipped_names(documents, query, unnamed_switches=False)[:1] != [
            "github__repos_enable_vulnerability_alerts"
        ]
        off = "turn off vulnerability alerts for acme/api"
        assert shipped_names(documents, off)[:1] == ["github__repos_disable_vulnerability_alerts"]

    def test_where_no_name_enables_the_thing_the_request_stands(self) -> None:
        index = shipped_index([*GITHUB, *DIGITALOCEAN])
        assert switched(index, "turn off droplet 55", None) == "turn off droplet 55"
        assert switched(index, "turn on vulnerability alerts for acme/api", None).startswith("enable vulnerability")


class TestMoodTwins:
    SET = "github__actions_set_actions_cache_retention_limit_for_repository"
    GET = "github__actions_get_actions_cache_retention_limit_for_repository"

    def test_a_verb_changing_the_thing_gets_the_write(self) -> None:
        query = "keep the actions cache retention limit at 30 days for acme/api on github"
        assert shipped_names(GITHUB, query)[:1] == [self.SET]
        assert shipped_names(GITHUB, query, mood_twins=False)[:1] == [self.GET]
        assert shipped_names(GITHUB, "please lower the actions cache retention limit for acme/api on github")[:1] == [
            self.SET
        ]

    def test_a_question_or_a_noun_phrase_gets_the_read(self) -> None:
        assert shipped_names(GITHUB, "what is the actions cache retention limit for acme/api on github")[:1] == [
            self.GET
        ]
        assert shipped_names(GITHUB, "actions cache retention limit for acme/api on github")[:1] == [self.GET]
        assert shipped_names(GITHUB, "show the actions cache retention limit of acme/api on github")[:1] == [self.GET]


class TestMadeNouns:
    def test_the_endings(self) -> None:
        assert "application" in made_nouns("apply")
        assert "registration" in made_nouns("register")
        assert "reversal" in made_nouns("reverse") and "approval" in made_nouns("approve")
        assert "deployment" in made_nouns("deploy")
        assert made_nouns("pay") == ()  # too short to tell

    def test_apply_for_leave(self) -> None:
        query = "apply for 3 days of annual leave in xero for employee 4e1c"
        assert shipped_names(XERO, query)[:1] == ["xero__create_leave_application"]


class TestBelongingClauses:
    def test_a_thing_that_belongs_to_another_is_of_it(self) -> None:
        documents = [
            app_doc("asana__get_projects_for_team", "Asana", "Get a team's projects."),
            app_doc("asana__get_projects", "Asana", "Get multiple projects."),
            app_doc("asana__get_teams_for_user", "Asana", "Get teams for a user."),
            app_doc("asana__search_tasks_for_workspace", "Asana", "Search tasks. Each task belongs to a project."),
        ]
        query = "in Asana, list every project that belongs to the Marketing team"
        assert shipped_names(documents, query)[:1] == ["asana__get_projects_for_team"]
        # (turned off, the request loses its tool among Asana's own: ``test_written_requests``)
        assert described_by_clause(query, belonging=True) == "in Asana, list every project of the Marketing team"
        assert described_by_clause(query) == query
        assert described_by_clause("who belongs to box group 901", belonging=True) == "who belongs to box group 901"
        belonging = "list asana projects belonging to the Marketing team"
        assert shipped_names(documents, belonging)[:1] == ["asana__get_projects_for_team"]


class TestNewSynonyms:
    def test_the_groups(self) -> None:
        assert {"reject", "deny"} <= set(synonyms_of("decline"))
        assert "photo" in synonyms_of("avatar") and "link" in synonyms_of("bookmark")
        assert "cancel" in synonyms_of("abort") and "abort" not in synonyms_of("cancel")
        assert "dispute" in synonyms_of("chargeback") and "gadget" in synonyms_of("widget")

    def test_the_requests(self) -> None:
        assert shipped_names(XERO, "decline the leave application in xero")[:1] == ["xero__reject_leave_application"]
        query = "abort whatever is currently running on stripe terminal reader tmr_FDOt2wlRZEdpd7"
        assert shipped_names(STRIPE, query)[:1] == ["stripe__post_terminal_readers_reader_cancel_action"]
