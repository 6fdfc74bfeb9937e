"""Issue 13's fifteenth round: an action word after an article opens the head ("add *a new*
contact", ``article_heads``); a word no tool says, right after a thing a name carries, is the
thing's name ("archive notion page *abc*", ``thing_names``); a noun opening a request as its verb
adds that thing ("*comment* on github issue 12", ``noun_verbs``); what a thing to create is made
with is its fields ("create a droplet *with ubuntu*", ``created_fields``); removing a thing from
another gets the tool saying both ("remove asana task 19 from project Alpha", ``taken_out``)."""

from __future__ import annotations

from cardamom.core.search.destructive_actions import takes_out
from cardamom.core.search.head_nouns import request_head
from cardamom.core.search.options import SearchOptions
from cardamom.core.search.query import analyse_query
from cardamom.core.search.request_clauses import verb_opening
from cardamom.core.search.tokens import tokenize
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    # Xero creates contacts and purchase orders in the plural, and a history record of one
    app_doc("xero__create_contacts", "Xero", "Creates one or more contacts."),
    app_doc("xero__create_contact_history", "Xero", "Creates a history record for a specific contact."),
    app_doc("xero__create_contact_group", "Xero", "Creates a contact group."),
    app_doc("xero__create_purchase_orders", "Xero", "Creates one or more purchase orders."),
    app_doc("xero__create_purchase_order_history", "Xero", "Creates a history record for a specific purchase order."),
    # Notion: pages, comments; GitHub's milestones say a word Notion's tools never say
    app_doc("notion__retrieve_a_page", "Notion", "Retrieve a page. Retrieves a page's properties."),
    app_doc("notion__patch_page", "Notion", "Update page properties. Updates the properties of a page."),
    app_doc("notion__update_page_markdown", "Notion", "Update page content as markdown."),
    app_doc("notion__post_page", "Notion", "Create a page."),
    app_doc("notion__create_a_comment", "Notion", "Create comment. Creates a comment in a page."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    app_doc("slack__admin_usergroups_list_channels", "Slack", "List the channels linked to a user group."),
    app_doc("github__issues_list_milestones", "GitHub", "List milestones. Lists milestones for a repository."),
    # GitHub's names say "comment" and "fork" as nouns
    app_doc("github__issues_get_comment", "GitHub", "Get an issue comment."),
    app_doc("github__issues_create_comment", "GitHub", "Create an issue comment."),
    app_doc("github__issues_delete_comment", "GitHub", "Delete an issue comment."),
    app_doc("github__reactions_create_for_issue_comment", "GitHub", "Create reaction for an issue comment."),
    app_doc("github__repos_create_fork", "GitHub", "Create a fork. Creates a fork for the repository."),
    app_doc(
        "github__actions_set_fork_pr_contributor_approval_permissions_repository",
        "GitHub",
        "Set fork PR contributor approval permissions for a repository.",
    ),
    app_doc("jira__link_issues", "Jira", "Create issue link. Creates a link between two issues."),
    app_doc("jira__create_or_update_remote_issue_link", "Jira", "Create or update remote issue link for an issue."),
    app_doc("jira__get_all_users", "Jira", "Get all users."),
    app_doc("jira__add_actor_users", "Jira", "Add actors to project role. Adds users to a project role."),
    app_doc("box__put_files_id", "Box", "Update file. Updates a file: it can lock a file."),
    app_doc("box__post_folder_locks", "Box", "Create folder lock. Creates a lock on a folder."),
    app_doc("box__get_folder_locks", "Box", "List folder locks. Lists the locks on a folder."),
    # DigitalOcean: a volume's description says droplets and Ubuntu
    app_doc("digitalocean__droplets_create", "DigitalOcean", "Create a new droplet."),
    app_doc(
        "digitalocean__volumes_create",
        "DigitalOcean",
        "Create a new volume. A volume may be attached to droplets and formatted on Ubuntu.",
    ),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List all droplets."),
    # Asana removes a task from a project without deleting either
    app_doc("asana__delete_task", "Asana", "Delete a task."),
    app_doc("asana__remove_project_for_task", "Asana", "Remove a project from a task."),
    app_doc("asana__remove_follower_for_task", "Asana", "Remove followers from a task."),
    app_doc("asana__create_task", "Asana", "Create a task."),
    app_doc("asana__get_task", "Asana", "Get a task."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestArticleHeads:
    def test_an_action_word_after_an_article_opens_the_head(self) -> None:
        head = request_head(("add", "a", "new", "contact"), (), (), articles=True)
        assert head is not None and head.head == "contact"
        head = request_head(("create", "a", "purchase", "order", "in", "xero"), (), ("xero",), articles=True)
        assert head is not None and head.head == "order"
        assert request_head(("add", "a", "new", "contact"), (), ()) is None  # before: no object yet
        assert request_head(("create", "or", "update", "a", "page"), (), (), articles=True) is None

    def test_the_tool_creating_the_head_comes_first(self) -> None:
        for query, tool in (
            ("xero add a new contact named Bob's Plumbing", "xero__create_contacts"),
            ("create a purchase order in xero", "xero__create_purchase_orders"),
        ):
            assert _names(query)[0] == tool, query
            assert _names(query, article_heads=False)[0] != tool, query


class TestThingNames:
    def test_a_word_no_tool_says_after_a_thing_is_its_name(self) -> None:
        for query, tool in (
            ("get notion page abc", "notion__retrieve_a_page"),
            ("archive the slack channel ops", "slack__conversations_archive"),
        ):
            assert _names(query)[0] == tool, query
            assert _names(query, thing_names=False) == [], query

    def test_the_thing_is_the_head_its_name_is_not(self) -> None:
        # the head phrase "page abc" ends at the page: the tool updating pages, not their markdown
        assert _names("update notion page abc")[0] == "notion__patch_page"
        assert _names("update notion page abc", head_nouns=False)[0] == "notion__update_page_markdown"

    def test_a_word_another_apps_tools_say_is_a_thing_of_its_own(self) -> None:
        # Notion has no milestones; GitHub's tools say the word
        assert _names("get notion page milestone") == []

    def test_places_and_participles_name_no_thing(self) -> None:
        options = SearchOptions()
        after = analyse_query("get the account tier of the signed contract", options).after_words
        assert ("account", "tier") not in after and ("signed", "contract") not in after
        assert ("the", "account") in after
        assert analyse_query("get page abc", options).after_words == (("get", "page"), ("page", "abc"))
        assert analyse_query("get_page_abc", options).after_words == ()  # a guessed name


class TestNounVerbs:
    def test_the_opening_word_is_read_where_an_object_follows(self) -> None:
        assert verb_opening(tokenize("comment on github issue 12"), {"github"}) == ("comment", ("issue",))
        assert verb_opening(tokenize("github fork the repo"), {"github"}) == ("fork", ("repo",))
        assert verb_opening(tokenize("please attach a file to task 4"), ()) == ("attach", ("file",))
        assert verb_opening(tokenize("return the shipping rate object 71"), (), {"71"}) == (
            "return",
            ("shipping", "rate", "object"),
        )
        assert verb_opening(tokenize("jira users"), {"jira"}) == ("", ())
        assert verb_opening(tokenize("box folder 123 info"), {"box"}) == ("", ())

    def test_the_tool_adding_the_thing_comes_first(self) -> None:
        for query, tool in (
            ("comment on github issue 12", "github__issues_create_comment"),
            ("fork the github repository acme/web", "github__repos_create_fork"),
            ("lock the box folder 311", "box__post_folder_locks"),
        ):
            assert _names(query)[0] == tool, query
            assert _names(query, noun_verbs=False)[0] != tool, query

    def test_a_verb_the_names_say_keeps_its_tool(self) -> None:
        # ``link_issues`` opens with the verb: "link" is no noun here
        assert _names("link jira issue ABC-1 to ABC-2")[0] == "jira__link_issues"

    def test_without_an_object_or_one_the_tool_carries_nothing_moves(self) -> None:
        assert _names("jira users")[0] == "jira__get_all_users"
        # the folder lock carries no file
        assert _names("lock the box file 77")[0] == "box__put_files_id"


class TestCreatedFields:
    def test_the_fields_are_read(self) -> None:
        options = SearchOptions()
        analysis = analyse_query("digitalocean create a droplet in nyc3 with ubuntu", options, {"digitalocean": ()})
        assert analysis.with_fields == ("ubuntu",)
        fields = analyse_query("create a droplet with 2gb of memory in nyc3", options).with_fields
        assert fields == ("2", "gb", "memory")
        assert analyse_query("create_droplet_with_image", options).with_fields == ()

    def test_what_a_thing_is_made_with_is_its_fields(self) -> None:
        query = "digitalocean create a droplet in nyc3 with ubuntu"
        assert _names(query)[0] == "digitalocean__droplets_create"
        assert _names(query, created_fields=False)[:1] != ["digitalocean__droplets_create"]

    def test_only_where_a_tool_creates_the_thing(self) -> None:
        # no tool creates a firewall: what it is made with still weighs
        assert _names("digitalocean create a firewall with ubuntu") == []


class TestTakenOut:
    def test_a_name_taking_one_thing_out_of_another(self) -> None:
        assert takes_out(tokenize("remove_project_for_task"), "project", "task")
        assert not takes_out(tokenize("delete_task"), "project", "task")
        assert not takes_out(tokenize("add_project_for_task"), "project", "task")

    def test_the_tool_saying_both_comes_first(self) -> None:
        query = "remove asana task 19 from project Alpha"
        assert _names(query)[0] == "asana__remove_project_for_task"
        # (the container's word stays where a name says the task for it: ``named_containers``
        # off beside it)
        assert _names(query, taken_out=False, named_containers=False)[0] == "asana__delete_task"

    def test_without_a_source_the_thing_is_deleted(self) -> None:
        assert _names("delete asana task 19")[0] == "asana__delete_task"
