"""Issue 13's forty-seventh round: requests over the apps' whole catalogs again. A question asking
which things another is tied to (``relation_questions``) or whether one is a member of a thing, a
handle after its kind (``handle_ids``), the caller's tool placed first only where it covers as much
of the request (``placed_mine``), a head noun read as the verb (``nominal_verbs``), a container's
memberships saying its members (``ship_names``), names listed after their plural kind
(``listed_names``), a phrase the names shorten to its initials (``shortened_phrases``), how long
things are kept (``kept_questions``), a question's noun after "the" (``articled_acts``); slang words."""

from __future__ import annotations

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.abbreviations import spelled_out
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.caller_order import caller_first
from cardamom.core.search.head_nouns import RequestHead
from cardamom.core.search.kept_questions import retention_asked
from cardamom.core.search.relation_questions import related_things
from cardamom.core.search.slang_verbs import plain_verb
from cardamom.core.search.value_shapes import is_handle
from cardamom.core.search.value_words import listed_values
from tests.unit.search_documents import app_doc, ranked_names, without

DOCS = [
    app_doc("asana__get_teams_for_user", "Asana", "Get teams for a user."),
    app_doc("asana__get_users_for_team", "Asana", "Get users in a team."),
    app_doc("asana__get_projects_for_task", "Asana", "Get projects a task is in."),
    app_doc("asana__get_tasks_for_project", "Asana", "Get tasks from a project."),
    app_doc("asana__get_team_membership", "Asana", "Get a team membership."),
    app_doc("jira__get_locale", "Jira", "Get locale. Returns the locale for the user."),
    app_doc("jira__set_locale", "Jira", "Set locale. Sets the locale of the user."),
    app_doc("github__orgs_block_user", "GitHub", "Block a user from an organization."),
    app_doc("github__orgs_list_blocked_users", "GitHub", "List users blocked by an organization."),
    app_doc("github__meta_get_octocat", "GitHub", "Get Octocat."),
    app_doc("github__enterprise_team_memberships_get", "GitHub", "Get enterprise team membership."),
    app_doc("github__codespaces_list_for_authenticated_user", "GitHub", "List codespaces for the authenticated user."),
    app_doc(
        "github__codespaces_list_in_repository_for_authenticated_user",
        "GitHub",
        "List codespaces in a repository for the authenticated user.",
    ),
    app_doc("github__repos_get", "GitHub", "Get a repository."),
    app_doc("github__repos_list_for_org", "GitHub", "List organization repositories."),
    app_doc("github__issues_list_dependencies_blocking", "GitHub", "List dependencies an issue is blocking."),
    app_doc("github__issues_reprioritize_sub_issue", "GitHub", "Reprioritize sub-issue."),
    app_doc("github__actions_get_artifact_and_log_retention_settings_organization", "GitHub", "Get retention."),
    app_doc("box__get_groups_id", "Box", "Get group."),
    app_doc("box__get_groups_id_memberships", "Box", "List members of group."),
    app_doc("box__get_shield_information_barrier_segment_members", "Box", "List shield barrier segment members."),
    app_doc("box__post_metadata_templates_schema", "Box", "Create metadata template."),
    app_doc("box__delete_web_links_id", "Box", "Remove web link. Deletes a web link."),
    app_doc("box__get_web_links_id_trash", "Box", "Get trashed web link. Retrieves a web link moved to the trash."),
    app_doc("asana__remove_project_for_task", "Asana", "Remove a project from a task."),
    app_doc("asana__create_task", "Asana", "Create a task."),
    app_doc("asana__trigger_rule", "Asana", "Trigger a rule."),
    app_doc("calcom__organizations_users_ooo_controller_get_organization_user_ooo", "Cal.com", "Get ooo entries."),
    app_doc("calcom__organizations_users_controller_get_organization_users", "Cal.com", "Get all users."),
]
_INDEX = SearchIndex.build(DOCS)


def _first(query: str, **switches: bool) -> str | None:
    names = ranked_names(DOCS, query, **switches)
    return names[0] if names else None


class TestRelationQuestions:
    def test_read_as_the_things_for_the_other(self) -> None:
        assert related_things("which teams is user bob assigned to in asana") == "list teams for user bob in asana"
        assert related_things("which asana projects is task 1209 in?") == "list asana projects for task 1209"
        assert related_things("what teams is the user on in asana") == "list teams for the user in asana"
        assert related_things("what locale is my jira user set to") == "what locale is my jira user"
        assert related_things("which folder is box file 456 in") == "which folder is box file 456 in"  # its field

    def test_as_written_where_the_participle_says_more(self) -> None:
        for request in (
            "which repos is octocat subscribed to on github",  # more than a tie
            "what issues are assigned to me in jira",  # the things are the subject
            "which projects are there in asana",
            "what time is it in London",
        ):
            assert related_things(request) == request

    def test_whether_one_is_a_member(self) -> None:
        read = related_things('is octocat a member of the enterprise team "platform" on github')
        assert read == "get membership for user 'octocat' in the enterprise team \"platform\" on github"
        assert (
            related_things("check if bob is part of asana team 77?") == "get membership for user 'bob' in asana team 77"
        )
        assert related_things("is this a member of the list") == "is this a member of the list"
        assert related_things("is bob in asana team 77") == "get membership for user 'bob' in asana team 77"
        # "in" a place that is no team, group, org, channel or workspace: no membership
        assert related_things("is box web link 12345 in the trash?") == "is box web link 12345 in the trash?"

    def test_which_things_one_is_a_member_of(self) -> None:
        read = related_things("which teams is octocat a member of in the acme github org")
        assert read == "list teams for user 'octocat' in the acme github org"
        assert related_things("which projects is bob part of in asana") == "list projects for user 'bob' in asana"
        assert related_things("which groups is it a member of") == "which groups is it a member of"
        assert related_things("which teams is bob of") == "which teams is bob of"  # "of" after a member only

    def test_who_belongs_to_a_thing(self) -> None:
        assert _first("who belongs to box group 901") == "box__get_groups_id_memberships"
        assert _first("who is part of box group 901") == "box__get_groups_id_memberships"
        assert _first("who belongs to box group 901", relation_questions=False) != "box__get_groups_id_memberships"

    def test_ranked(self) -> None:
        assert _first("which teams is user bob assigned to in asana") == "asana__get_teams_for_user"
        assert _first("which asana projects is task 1209 added to") == "asana__get_projects_for_task"
        assert _first("what locale is my jira user set to") == "jira__get_locale"
        query = "is octocat a member of the enterprise team platform on github"
        assert _first(query) == "github__enterprise_team_memberships_get"
        assert "octocat" in rank(_INDEX, query).values  # a person, not the mascot's tool's word
        assert "octocat" not in rank(SearchIndex.build(DOCS, without(relation_questions=False)), query).values


class TestHandleIds:
    def test_a_handle_after_its_kind(self) -> None:
        assert is_handle("spammer99", "user")
        assert is_handle("jdoe42,", "member")
        assert not is_handle("spammer99", "the")  # no kind before it
        assert not is_handle("base64", "encode")
        assert not is_handle("s3", "bucket")  # a short name: the short ids' rule reads those
        assert is_handle("glowing-space-xyz", "codespace")  # a name of three dashed parts
        assert not is_handle("out-of-office", "user")  # a word of grammar inside: a word
        assert not is_handle("feature-x", "codespace")  # two parts: ``is_key``'s, after a container

    def test_ranked(self) -> None:
        query = "block user spammer99 from the acme github org"
        assert "99" in read_values(query).values
        assert "99" not in read_values(query, handles=False).values
        assert _first(query) == "github__orgs_block_user"
        assert "99" in rank(_INDEX, query).values
        assert "99" not in rank(SearchIndex.build(DOCS, without(handle_ids=False)), query).values


class TestPlacedMine:
    def test_the_callers_tool_covers_as_much(self) -> None:
        doc = {d.name: i for i, d in enumerate(DOCS)}
        mine, placed = (
            doc["github__codespaces_list_for_authenticated_user"],
            doc["github__codespaces_list_in_repository_for_authenticated_user"],
        )
        # the tool placed in the repository covers more of "list my codespaces in repo acme/api"
        passing = [(placed, 13, 3, 9.0, 0.0, 0, 1, 0), (mine, 10, 2, 6.0, 0.0, 0, 1, 0)]
        top = [(placed, 13, 9.0), (mine, 10, 6.0)]
        head = RequestHead("list", "codespaces")
        assert caller_first(_INDEX, head, passing, top)[0][0] == placed
        off = SearchIndex.build(DOCS, without(placed_mine=False))
        assert caller_first(off, head, passing, top)[0][0] == mine
        # covering as much, the caller's own goes first
        even = [(placed, 10, 2, 6.0, 0.0, 0, 1, 0), (mine, 10, 2, 6.0, 0.0, 0, 1, 0)]
        assert caller_first(_INDEX, head, even, [(placed, 10, 6.0), (mine, 10, 6.0)])[0][0] == mine

    def test_ranked(self) -> None:
        assert _first("list my codespaces in repo acme/api") == (
            "github__codespaces_list_in_repository_for_authenticated_user"
        )
        assert _first("list my codespaces") == "github__codespaces_list_for_authenticated_user"


class TestNominalVerbs:
    def test_a_head_noun_read_as_the_verb_moves_no_tool(self) -> None:
        query = "which issues is github issue acme/api#12 blocking"
        assert _first(query) == "github__issues_list_dependencies_blocking"
        # (and since the fifty-fourth round, a plural opening a request is no verb: ``plural_openings``)
        assert _first(query, nominal_verbs=False, plural_openings=False) == "github__issues_reprioritize_sub_issue"


class TestShipNames:
    def test_a_containers_memberships_are_its_members(self) -> None:
        assert _first("who is in box group 901?") == "box__get_groups_id_memberships"
        assert "group" in rank(_INDEX, "list members of box group 901").query_tokens
        off = SearchIndex.build(DOCS, without(ship_names=False))
        assert "group" not in rank(off, "list members of box group 901").query_tokens


class TestListedNames:
    def test_names_after_a_plural_kind(self) -> None:
        words = ["create", "a", "template", "with", "fields", "vendor", "and", "expiry"]
        assert listed_values(words) == frozenset({5, 7})
        words = ["create", "a", "jira", "issue", "with", "labels", "bug", "ui", "and", "urgent", "in", "project", "KAN"]
        assert [words[i] for i in sorted(listed_values(words))] == ["bug", "ui", "urgent"]
        assert listed_values(["update", "more", "fields", "course"]) == frozenset()  # no "with", no verb adding them
        assert listed_values(["list", "tags", "and", "labels", "of", "the", "repo"]) == frozenset()

    def test_ranked(self) -> None:
        query = 'create a box metadata template called "Contract" with fields vendor and expiry'
        assert {"vendor", "expiry"} <= read_values(query).values
        assert "expiry" not in read_values(query, lists=False).values
        assert _first(query) == "box__post_metadata_templates_schema"
        assert "expiry" in rank(_INDEX, query).values
        assert "expiry" not in rank(SearchIndex.build(DOCS, without(listed_names=False)), query).values


class TestShortenedPhrases:
    def test_read_as_the_short_form_a_name_carries(self) -> None:
        tokens = ("list", "out", "of", "office", "entries")
        assert spelled_out(tokens, {"ooo"}, phrases=True) == ("list", "ooo", "entries")
        assert spelled_out(tokens, set(), phrases=True) == tokens  # no name says "ooo"
        assert spelled_out(tokens, {"ooo"}) == tokens

    def test_ranked(self) -> None:
        query = "list out-of-office entries for user 17 in my cal.com org"
        assert _first(query) == "calcom__organizations_users_ooo_controller_get_organization_user_ooo"
        assert _first(query, shortened_phrases=False) != (
            "calcom__organizations_users_ooo_controller_get_organization_user_ooo"
        )


class TestKeptQuestions:
    def test_read_as_the_retention(self) -> None:
        query = "how long does the acme github org keep artifacts and logs"
        assert retention_asked(query, lambda word: True) == "get the acme github org retention artifacts and logs"
        assert retention_asked(query, lambda word: False) == query  # no name says "retention"
        assert retention_asked("how long is the stripe trial", lambda word: True) == "how long is the stripe trial"

    def test_ranked(self) -> None:
        query = "how long does the acme github org keep artifacts and logs"
        retention = "github__actions_get_artifact_and_log_retention_settings_organization"
        assert _first(query) == retention
        assert _first(query, kept_questions=False, unsaid_modifiers=False) != retention


class TestArticledActs:
    def test_a_questions_noun_is_no_action(self) -> None:
        query = "Is the Box web link 12345 in the trash?"
        assert _first(query) == "box__get_web_links_id_trash"
        assert _first(query, articled_acts=False) == "box__delete_web_links_id"


class TestSlangWords:
    def test_the_rounds_slang(self) -> None:
        assert plain_verb("Fire the Asana rule 1500", lambda word: False) == "trigger the Asana rule 1500"
        assert plain_verb("throw away the draft", lambda word: False) == "delete the draft"
        read = plain_verb("take asana task 1209 out of project 1201", lambda word: False)
        assert read == "remove asana task 1209 from project 1201"
        assert plain_verb("fire off an email to bob", lambda word: False) == "send an email to bob"
        assert plain_verb("hook up zoom to cal.com", lambda word: False) == "connect zoom to cal.com"

    def test_ranked(self) -> None:
        assert _first("Take Asana task 1209 out of project 1201") == "asana__remove_project_for_task"
        assert _first("Fire the Asana rule 1500") == "asana__trigger_rule"
