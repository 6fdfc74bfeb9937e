"""Issue 13's thirty-ninth round: a request told of anyone who wants it is the user's
(``told_by_anyone``), its source labelled before it left out; one thing wanted or had done is done
(``wanted_done``); the asker's own role stated first leaves the request (``own_roles``); a request
written as a tool's description is its verb's order (``described_requests``); a concession before
"but" leaves it (``conceded_clauses``); what a thing created is for is its content
(``purposed_things``), and so what it says after "that", "about" or a dash; a question whether a
thing described exists seeks it (``existence_questions``); and, without a switch: an address
opening a request before an order on "this", a GitHub owner and name, a Slack archive's path and
a query's key naming a thing by its id; someone of a kind, a capitalised name and a person needing
access moved in; an assignee set to a person as the thing assigned; orders shortened ("del",
"upd", "gimme"); "um", "hmm", "sorry" opening a request; a thing put on another as added; "write"
and "draft" as "create"; a paragraph as a block."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.existence_questions import sought_thing
from cardamom.core.search.passive_voice import wanted_done
from cardamom.core.search.purpose_clauses import quoted_purpose
from cardamom.core.search.request_frame import described_request, without_preamble
from cardamom.core.search.requesters import told_as_users, without_source
from cardamom.core.search.stated_situations import without_concession, without_role
from cardamom.core.search.thing_urls import read_urls
from cardamom.core.search.verbal_nouns import participle_verb
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    app_doc("jira__assign_issue", "Jira", "Assign issue. Assigns an issue to a user."),
    app_doc("jira__edit_issue", "Jira", "Edit issue. Edits an issue, its fields and their values."),
    app_doc("jira__create_issue", "Jira", "Create issue. Creates an issue or a subtask."),
    app_doc("jira__get_issue", "Jira", "Get issue."),
    app_doc("jira__get_comments", "Jira", "Get comments. Returns all comments for an issue."),
    app_doc("asana__get_projects", "Asana", "Get multiple projects."),
    app_doc("asana__add_followers_for_project", "Asana", "Add followers to a project."),
    app_doc("asana__create_task", "Asana", "Create a task."),
    app_doc("asana__update_task", "Asana", "Update a task. Its name, assignee, due date or completion."),
    app_doc("asana__add_task_for_section", "Asana", "Add task to section. Moves a task into a section."),
    app_doc("asana__insert_section_for_project", "Asana", "Move or insert sections."),
    app_doc("digitalocean__droplet_actions_post", "DigitalOcean", "Initiate a droplet action: reboot, resize."),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List all droplets."),
    app_doc("digitalocean__droplets_list_snapshots", "DigitalOcean", "List snapshots for a droplet."),
    app_doc("stripe__delete_subscriptions_subscription_exposed_id", "Stripe", "Cancel a subscription."),
    app_doc("stripe__get_subscription_items", "Stripe", "List all subscription items."),
    app_doc("stripe__get_charges_charge_refunds", "Stripe", "List all refunds of a charge."),
    app_doc("stripe__post_charges_charge_refund", "Stripe", "Create a refund of a charge."),
    app_doc("stripe__get_disputes", "Stripe", "List all disputes."),
    app_doc("github__pulls_merge", "GitHub", "Merge a pull request."),
    app_doc("github__pulls_check_if_merged", "GitHub", "Check if a pull request has been merged."),
    app_doc("github__pulls_get", "GitHub", "Get a pull request."),
    app_doc("github__issues_update", "GitHub", "Update an issue. Close or reopen it."),
    app_doc("github__issues_list_suggestions", "GitHub", "List suggestions on an issue."),
    app_doc("github__activity_star_repo_for_authenticated_user", "GitHub", "Star a repository."),
    app_doc("github__meta_get_octocat", "GitHub", "Get Octocat. Get the octocat as ASCII art."),
    app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices or purchase bills."),
    app_doc("xero__update_invoice", "Xero", "Updates a specific sales invoice, or voids it."),
    app_doc("xero__update_account", "Xero", "Updates a chart of accounts."),
    app_doc("xero__create_contacts", "Xero", "Creates multiple contacts."),
    app_doc("slack__conversations_invite", "Slack", "Invites users to a channel."),
    app_doc("slack__admin_usergroups_add_channels", "Slack", "Add up to one hundred default channels to an IDP group."),
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    app_doc("slack__conversations_info", "Slack", "Retrieve information about a conversation."),
    app_doc("slack__conversations_replies", "Slack", "Retrieve a thread of messages posted to a conversation."),
    app_doc("box__post_collaborations", "Box", "Create collaboration. Adds a collaboration for a user on a folder."),
    app_doc("box__get_shared_items_folders", "Box", "Find folder for shared link."),
    app_doc("box__get_folders_id_collaborations", "Box", "List folder collaborations."),
    app_doc("box__delete_files_id", "Box", "Delete file."),
    app_doc("box__delete_file_requests_id", "Box", "Delete file request."),
    app_doc("box__get_search", "Box", "Search for content."),
    app_doc("box__get_folders_id", "Box", "Get information about a folder."),
    app_doc("notion__post_search", "Notion", "Search by title."),
    app_doc("notion__retrieve_a_page", "Notion", "Retrieve a page."),
    app_doc("notion__post_page", "Notion", "Create a page."),
    app_doc("notion__patch_block_children", "Notion", "Append block children."),
    app_doc("jira__add_comment", "Jira", "Add comment. Adds a comment to an issue."),
    app_doc("jira__update_comment", "Jira", "Update comment. Updates a comment."),
    app_doc("github__issues_create", "GitHub", "Create an issue."),
    app_doc("github__repos_request_pages_build", "GitHub", "Request a GitHub Pages build."),
    app_doc("github__pulls_list", "GitHub", "List pull requests."),
    app_doc("github__pulls_list_review_comments_for_repo", "GitHub", "List review comments in a repository."),
]
_INDEX = SearchIndex.build(DOCS)
_APPS = frozenset({"jira", "asana", "digitalocean", "stripe", "github", "xero", "slack", "box", "notion"})


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


def _known(word: str) -> bool:
    return word in _INDEX.name_postings


class TestToldByAnyone:
    def test_a_person_or_a_role_wanting_it_is_the_user(self) -> None:
        assert told_as_users("my manager needs a list of all asana projects", _APPS, _known) == (
            "the user needs a list of all asana projects"
        )
        assert told_as_users("the team lead asked me to close github issue 44", _APPS, _known) == (
            "the user asked me to close github issue 44"
        )
        assert told_as_users("Priyanka wants a new page", _APPS, _known) == "the user wants a new page"
        assert told_as_users("our CTO just asked me to reboot droplet 5", _APPS, _known) == (
            "the user asked me to reboot droplet 5"
        )
        assert told_as_users("The client emailed asking us to void xero invoice INV-8", _APPS, _known) == (
            "the user asks us to void xero invoice INV-8"
        )
        assert _names("my manager needs a list of all asana projects")[:1] == ["asana__get_projects"]
        assert _names("the team lead asked me to close github issue 44")[:1] == ["github__issues_update"]
        assert _names("the team lead asked me to close github issue 44", told_by_anyone=False) == []

    def test_a_source_labelled_before_it_leaves(self) -> None:
        assert (
            without_source('bob wrote: "please close github issue 4"', _APPS, _known) == "please close github issue 4"
        )
        assert without_source("Request from finance: list xero invoices", _APPS, _known) == "list xero invoices"
        assert without_source("Message from the CEO - archive the slack channel #x", _APPS, _known) == (
            "archive the slack channel #x"
        )
        assert _names("Request from finance: list xero invoices due this week")[:1] == ["xero__get_invoices"]
        # (the fortieth round's ``message_labels`` reads a label away too)
        assert (
            _names("Request from finance: list xero invoices due this week", told_by_anyone=False, message_labels=False)
            == []
        )

    def test_no_teller_where_an_app_or_a_move_is_said(self) -> None:
        for kept in (
            "the jira admin wants a list of projects",  # (an app's words: kept)
            "Dana wants to be added to the slack channel #design",  # (Dana is moved)
            "bob needs access to box folder 12",
            "the invoice needs to be sent",
            "Invoices wants x",
            "I want to",
        ):
            assert told_as_users(kept, _APPS, _known) == kept
        for kept in (
            "Stripe says: refund it",
            "the refund says: done",
            "note: list stripe disputes",
            "from stripe: refund it",
        ):
            assert without_source(kept, _APPS, _known) == kept


class TestWantedDone:
    def test_one_thing_wanted_done_is_done(self) -> None:
        assert wanted_done("the user needs droplet 77 rebooted", participle_verb) == "reboot droplet 77"
        assert wanted_done("get the PR 3 in acme/api merged on github", participle_verb) == (
            "merge the PR 3 in acme/api on github"
        )
        assert wanted_done("we'd like asana task 8 assigned to priya", participle_verb) == (
            "assign asana task 8 to priya"
        )
        assert wanted_done("I need the cal.com booking 77 cancelled", participle_verb) == (
            "cancel the cal.com booking 77"
        )
        assert _names("the reviewer wants the PR 3 in acme/api merged on github")[:1] == ["github__pulls_merge"]
        assert _names("the reviewer wants the PR 3 in acme/api merged on github", wanted_done=False)[:1] == [
            "github__pulls_check_if_merged"
        ]
        assert _names("the PM wants asana task 901 moved to the Done section")[:1] == ["asana__add_task_for_section"]
        assert _names("the customer wants their stripe subscription sub_4 cancelled")[:1] == [
            "stripe__delete_subscriptions_subscription_exposed_id"
        ]
        assert _names("the customer wants their stripe subscription sub_4 cancelled", wanted_done=False) == []

    def test_several_things_a_time_or_an_agent_keep_a_lists_filter(self) -> None:
        for kept in (
            "I need the invoices sent last month",
            "I need all tasks assigned to me",
            "get issues created by bob",
            "get the PR 3 merged today",
            "I want to get it done",
        ):
            assert wanted_done(kept, participle_verb) == kept


class TestOwnRoles:
    def test_the_askers_role_leaves_the_request(self) -> None:
        assert _names("I run our digitalocean infra; list the droplets")[:1] == ["digitalocean__droplets_list"]
        assert _names("I run our digitalocean infra; list the droplets", own_roles=False) == []
        assert _names("I work in finance and need the list of xero invoices")[:1] == ["xero__get_invoices"]
        assert _names("I work in finance and need the list of xero invoices", own_roles=False) == []
        assert _names("Being the box admin, I need to delete file 99")[:1] == ["box__delete_files_id"]

    def test_no_role_where_the_asker_wishes_or_nothing_follows(self) -> None:
        for kept in ("I'm trying to archive it, list slack channels", "I run the deploy", "as a list; x"):
            assert without_role(kept, ()) == kept


class TestDescribedRequests:
    def test_a_description_is_its_verbs_order(self) -> None:
        assert described_request("Refunds a Stripe charge") == "refund a Stripe charge"
        assert described_request("Lists all Droplets in your account") == "list all Droplets in your account"
        assert described_request("refunds for customer cus_1") == "refunds for customer cus_1"
        assert described_request("news the thing") == "news the thing"
        assert _names("Refunds a Stripe charge")[:1] == ["stripe__post_charges_charge_refund"]
        assert _names("Refunds a Stripe charge", described_requests=False)[:1] == ["stripe__get_charges_charge_refunds"]


class TestConcededClauses:
    def test_a_concession_before_but_leaves(self) -> None:
        assert _names("could be wrong, but list the droplets in digitalocean")[:1] == ["digitalocean__droplets_list"]
        assert _names("could be wrong, but list the droplets in digitalocean", conceded_clauses=False) == []
        assert _names("not sure this is possible but can you list stripe disputes")[:1] == ["stripe__get_disputes"]

    def test_a_concession_naming_the_app_or_no_request_stays(self) -> None:
        assert without_concession("list jira issues but not closed ones", ()) == "list jira issues but not closed ones"
        assert without_concession("x but y", ()) == "x but y"


class TestPurposedThings:
    def test_what_a_created_thing_is_for_is_its_content(self) -> None:
        assert quoted_purpose("create an asana task to renew the domain", _APPS) == (
            'create an asana task "renew the domain"'
        )
        assert quoted_purpose("create a task to renew the domain in asana", _APPS) == (
            'create a task "renew the domain" in asana'
        )
        assert quoted_purpose("add a todo in asana to call bob", _APPS) == 'add a todo in asana "call bob"'
        assert _names("create an asana task to renew the domain")[:1] == ["asana__create_task"]
        assert _names("create an asana task to renew the domain", purposed_things=False) == []
        assert _names("create a jira issue to fix the login page")[:1] == ["jira__create_issue"]

    def test_a_place_after_to_stays(self) -> None:
        for kept in (
            "add bob to the asana project 5",
            "add a comment to issue 5",
            "add a task to project alpha",
            "move a task to the section done",
            'create a task to "x"',
            "write me an essay about the theories used in the management of stress",  # (no app named)
        ):
            assert quoted_purpose(kept, _APPS) == kept


class TestToldContent:
    def test_what_a_created_thing_says_is_its_content(self) -> None:
        assert quoted_purpose("log a bug in jira that the export button is broken", _APPS) == (
            'log a bug in jira "the export button is broken"'
        )
        assert quoted_purpose("new jira bug - checkout fails on safari", _APPS) == (
            'new jira bug "checkout fails on safari"'
        )
        assert quoted_purpose("write a notion page summarizing the Q3 results", _APPS) == (
            'write a notion page "the Q3 results"'
        )
        assert _names("log a bug in jira that the export button is broken")[:1] == ["jira__create_issue"]
        assert _names("log a bug in jira that the export button is broken", purposed_things=False) == []
        assert _names("new jira bug - checkout fails on safari")[:1] == ["jira__create_issue"]
        assert _names("write a notion page summarizing the Q3 results")[:1] == ["notion__post_page"]


class TestExistenceQuestions:
    def test_a_thing_described_is_sought(self) -> None:
        assert sought_thing("is there a box folder named Contracts?") == "find box folder named Contracts"
        assert sought_thing("does acme/api have any open pull requests on github") == (
            "list open pull requests of acme/api on github"
        )
        assert _names("is there a notion page about onboarding")[:1] == ["notion__post_search"]
        assert _names("is there a notion page about onboarding", existence_questions=False)[:1] == [
            "notion__retrieve_a_page"
        ]
        assert _names("is there a box folder named Contracts")[:1] == ["box__get_search"]
        assert _names("does acme/api have any open pull requests on github")[:1] == ["github__pulls_list"]

    def test_an_undescribed_thing_stays(self) -> None:
        for kept in ("are there any unpaid invoices in xero", "is there a way to list slack channels", "does it"):
            assert sought_thing(kept) == kept


class TestWithoutASwitch:
    def test_addresses(self) -> None:
        apps = _INDEX.app_mentions
        words = _INDEX.name_postings
        assert read_urls("https://github.com/acme/api/issues/12 close this", apps, words) == (
            "close github issue 12 in acme/api"
        )
        assert read_urls("star https://github.com/octocat/hello-world", apps, words) == (
            "star github repo octocat/hello-world"
        )
        assert read_urls("get https://github.com/orgs/acme", apps, words) != "get github repo orgs/acme"
        assert read_urls("reply to https://acme.slack.com/archives/C123/p1712345678", apps, words) == (
            "reply to slack message 1712345678 in channel C123"
        )
        assert read_urls("void https://go.xero.com/View.aspx?InvoiceID=abc", apps, words) == "void xero invoice abc"
        # an order with its own object is no order on the address ("add *label bug*")
        assert read_urls("https://github.com/acme/api/issues/3 add label bug", apps, words).endswith("add label bug")
        assert _names("https://github.com/acme/api/issues/12 close this")[:1] == ["github__issues_update"]
        assert _names("star https://github.com/octocat/hello-world")[:1] == [
            "github__activity_star_repo_for_authenticated_user"
        ]
        assert _names("void https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=abc")[:1] == [
            "xero__update_invoice"
        ]

    def test_people_moved_in(self) -> None:
        assert _names("add someone to a slack channel")[:1] == ["slack__conversations_invite"]
        assert _names("add Dana to the slack channel #design")[:1] == ["slack__conversations_invite"]
        assert _names("Dana wants to be added to the slack channel #design")[:1] == ["slack__conversations_invite"]
        assert _names("bob needs access to box folder 12")[:1] == ["box__post_collaborations"]
        assert _names("make sure bob can edit box folder 55")[:1] == ["box__post_collaborations"]
        assert _names("share a box folder with a colleague")[:1] == ["box__post_collaborations"]

    def test_an_assignee_set_is_the_thing_assigned(self) -> None:
        assert _names("change the assignee of jira issue ENG-4 to bob")[:1] == ["jira__assign_issue"]
        assert _names("change the assignee of jira issue ENG-4 to bob", handed_things=False)[:1] == ["jira__edit_issue"]

    def test_a_thing_put_on_another_is_added_and_a_paragraph_is_a_block(self) -> None:
        assert _names("put a comment on jira issue OPS-3 saying done")[:1] == ["jira__add_comment"]
        assert _names("append a paragraph to notion page 5c1e2f")[:1] == ["notion__patch_block_children"]

    def test_shortened_orders_and_spoken_openers(self) -> None:
        assert _names("del box file 123")[:1] == ["box__delete_files_id"]
        assert without_preamble("um list my asana tasks") == "list my asana tasks"
        assert without_preamble("hmm, maybe list the droplets", hedges=True) == "list the droplets"


def test_hostile_lengths() -> None:
    started = time.perf_counter()
    long = "the " * 20_000
    assert told_as_users(f"{long}manager wants x", _APPS, _known) == f"{long}manager wants x"
    without_source("from " + "x " * 20_000 + ": list", _APPS, _known)
    assert wanted_done("get " + "the " * 20_000 + "issue closed", participle_verb).endswith("closed")
    without_role("I run " + "our " * 20_000 + "; list x", ())
    without_concession("x " * 20_000 + " but list jira issues", ())
    quoted_purpose("create a task to " + "the " * 20_000, _APPS)
    quoted_purpose("create a task " + "x " * 20_000 + "- y", _APPS)
    sought_thing("is there a " + "x " * 20_000 + "about y")
    sought_thing("does " + "x " * 20_000 + "have any y")
    described_request("Lists " + "all " * 20_000)
    read_urls("https://github.com/" + "a/" * 20_000 + " close this", _INDEX.app_mentions, _INDEX.name_postings)
    rank(_INDEX, "my manager needs " + "the " * 5_000 + "droplet rebooted")
    assert time.perf_counter() - started < 2.0
