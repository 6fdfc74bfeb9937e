"""Issue 13's fifty-third round: a grouped name first only at the best score (``grouped_scores``); a
membership or a role asked is its check (``checked_members``); a measure a name says is no field of the
get (``named_measures``); how much is used is the usage (``used_amounts``); a searching name saying two
of the request's words searches (``searched_phrases``); the app's words no name pairs with a thing
(``unpaired_modifiers``); a person made a role (``made_roles``); a thing started that no name starts
(``started_things``); the things the caller is in (``own_relations``); a field with its own update
(``field_updates``); the things a subject does a verb to (``verbed_things``)."""

from __future__ import annotations

import pytest

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.measured_questions import usage_asked
from cardamom.core.search.person_names import person_as_field
from cardamom.core.search.relation_questions import related_things
from tests.unit.search_documents import app_doc, shipped_index, shipped_names, without

GITHUB = [
    app_doc("github__orgs_check_membership_for_user", "GitHub", "Check organization membership for a user."),
    app_doc(
        "github__orgs_check_public_membership_for_user",
        "GitHub",
        "Check public organization membership for a user.",
    ),
    app_doc("github__orgs_get_membership_for_user", "GitHub", "Get organization membership for a user."),
    app_doc("github__orgs_set_membership_for_user", "GitHub", "Set organization membership for a user."),
    app_doc(
        "github__teams_get_membership_for_user_in_org",
        "GitHub",
        "Get team membership for a user in an organization. Team members will include the members of child teams.",
    ),
    app_doc(
        "github__teams_add_or_update_membership_for_user_in_org",
        "GitHub",
        "Add or update team membership for a user in an organization.",
    ),
    app_doc("github__enterprise_team_memberships_get", "GitHub", "Get enterprise team membership for a user."),
    app_doc("github__repos_check_collaborator", "GitHub", "Check if a user is a repository collaborator."),
    app_doc("github__repos_add_collaborator", "GitHub", "Add a repository collaborator."),
    app_doc("github__repos_list_collaborators", "GitHub", "List repository collaborators."),
    app_doc("github__meta_get_octocat", "GitHub", "Get Octocat. Get the octocat as ASCII art."),
    app_doc("github__users_get_context_for_user", "GitHub", "Get contextual information for a user."),
    app_doc("github__actions_get_actions_cache_usage", "GitHub", "Get GitHub Actions cache usage for a repository."),
    app_doc("github__actions_get_actions_cache_list", "GitHub", "List GitHub Actions caches for a repository."),
    app_doc("github__packages_list_packages_for_organization", "GitHub", "List packages for an organization."),
    app_doc(
        "github__codespaces_publish_for_authenticated_user",
        "GitHub",
        "Create a repository from an unpublished codespace.",
    ),
    app_doc("github__migrations_start_for_org", "GitHub", "Start an organization migration."),
    app_doc("github__teams_list_for_authenticated_user", "GitHub", "List teams for the authenticated user."),
    app_doc("github__teams_list", "GitHub", "List teams in an organization."),
]
DIGITALOCEAN = [
    app_doc("digitalocean__databases_get_cluster", "DigitalOcean", "Retrieve an existing database cluster."),
    app_doc("digitalocean__databases_create_cluster", "DigitalOcean", "Create a new database cluster."),
    app_doc(
        "digitalocean__monitoring_get_database_mysql_disk_usage",
        "DigitalOcean",
        "Get Database MySQL Disk Usage Metrics. Retrieve disk usage (percent) for a MySQL cluster.",
    ),
    app_doc(
        "digitalocean__monitoring_get_database_mysql_cpu_usage",
        "DigitalOcean",
        "Get Database MySQL CPU Usage Metrics. Retrieve CPU usage (percent) for a MySQL cluster.",
    ),
    app_doc("digitalocean__databases_get_sql_mode", "DigitalOcean", "Retrieve the SQL modes for a MySQL cluster."),
    app_doc("digitalocean__databases_update_sql_mode", "DigitalOcean", "Update SQL Mode for a Cluster."),
    app_doc("digitalocean__apps_create_deployment", "DigitalOcean", "Create an app deployment."),
    app_doc("digitalocean__apps_get", "DigitalOcean", "Retrieve an existing app."),
]
INTERCOM = [
    app_doc("intercom__update_collection", "Intercom", "Update a collection."),
    app_doc("intercom__create_collection", "Intercom", "Create a collection."),
    app_doc("intercom__create_help_center_redirect", "Intercom", "Create a help center redirect."),
    app_doc("intercom__retrieve_help_center", "Intercom", "Retrieve a help center."),
    app_doc("intercom__list_activity_logs", "Intercom", "List all activity logs."),
    app_doc("intercom__search_activity_logs", "Intercom", "Search activity logs."),
    app_doc("intercom__search_contacts", "Intercom", "Search contacts."),
    app_doc("intercom__list_admins", "Intercom", "List all admins."),
    # collections and updates are common in the app; its help center's own names are few
    app_doc("intercom__list_all_collections", "Intercom", "List all collections."),
    app_doc("intercom__retrieve_collection", "Intercom", "Retrieve a collection."),
    app_doc("intercom__delete_collection", "Intercom", "Delete a collection."),
    app_doc("intercom__update_article", "Intercom", "Update an article."),
    app_doc("intercom__update_contact", "Intercom", "Update a contact."),
    app_doc("intercom__update_ticket", "Intercom", "Update a ticket."),
    app_doc("intercom__update_company", "Intercom", "Update a company."),
]
SLACK = [
    app_doc(
        "slack__admin_users_set_regular",
        "Slack",
        "Set an existing guest user, admin user, or owner to be a regular user.",
    ),
    app_doc("slack__admin_users_set_admin", "Slack", "Set an existing regular user or owner to be a workspace admin."),
    app_doc("slack__admin_users_list", "Slack", "List users on a workspace."),
    app_doc("slack__calls_add", "Slack", "Registers a new Call."),
    app_doc("slack__calls_end", "Slack", "Ends a Call."),
    app_doc("slack__users_conversations", "Slack", "List conversations the calling user may access."),
    app_doc("slack__conversations_list", "Slack", "Lists all channels in a Slack team."),
]
ASANA = [
    app_doc("asana__get_teams_for_user", "Asana", "Get teams for a user."),
    app_doc("asana__get_teams_for_workspace", "Asana", "Get teams in a workspace."),
    app_doc("asana__get_projects_for_team", "Asana", "Get a team's projects."),
    app_doc("asana__get_projects", "Asana", "Get multiple projects."),
]


class TestGroupedScores:
    def test_a_grouped_name_scoring_less_gives_way(self) -> None:
        # the membership "got" (``checked_members`` off): the enterprise team's name is grouped
        # under memberships, but leaves the org unsaid, and scores less than the team's
        query = "get membership for user 'octocat' in the acme org on github"
        grouped, team = "github__enterprise_team_memberships_get", "github__teams_get_membership_for_user_in_org"
        on, off = shipped_names(GITHUB, query), shipped_names(GITHUB, query, grouped_scores=False)
        assert on.index(team) < on.index(grouped)
        assert off.index(grouped) < off.index(team)


class TestCheckedMembers:
    @pytest.mark.parametrize(
        ("query", "tool"),
        [
            ("is octocat a member of the acme org on github", "github__orgs_check_membership_for_user"),
            ("is octocat a collaborator on github repo acme/api", "github__repos_check_collaborator"),
        ],
    )
    def test_a_membership_asked_is_checked(self, query: str, tool: str) -> None:
        assert shipped_names(GITHUB, query)[0] == tool
        assert shipped_names(GITHUB, query, checked_members=False)[:1] != [tool]

    def test_a_public_membership_is_checked_as_one(self) -> None:
        query = "is octocat a public member of the acme org on github"
        assert shipped_names(GITHUB, query)[0] == "github__orgs_check_public_membership_for_user"
        assert "check" in rank(shipped_index(GITHUB), query).query_tokens
        assert "check" not in rank(SearchIndex.build(GITHUB, without(checked_members=False)), query).query_tokens

    def test_the_words_read(self) -> None:
        checks = {"membership", "collaborator"}.__contains__
        asked = "is octocat a member of the acme org on github"
        assert related_things(asked, checked=checks) == "check membership for user 'octocat' in the acme org on github"
        assert related_things(asked) == "get membership for user 'octocat' in the acme org on github"
        # a role no name checks: as written, and no adjective read without the switch
        owner = "is octocat an owner of the acme org on github"
        assert related_things(owner, checked=checks) == owner
        public = "is octocat a public member of the acme org"
        assert related_things(public) == public
        # no person: as written
        assert related_things("is it a collaborator on acme/api", checked=checks) == "is it a collaborator on acme/api"


class TestNamedMeasures:
    @pytest.mark.parametrize("measure", ["disk", "cpu"])
    def test_a_measure_a_name_says_is_its_tool(self, measure: str) -> None:
        query = f"what's the {measure} usage of digitalocean mysql cluster 9cc1"
        tool = f"digitalocean__monitoring_get_database_mysql_{measure}_usage"
        assert shipped_names(DIGITALOCEAN, query)[0] == tool
        assert shipped_names(DIGITALOCEAN, query, named_measures=False)[:1] != [tool]

    def test_one_word_is_still_the_things_field(self) -> None:
        # "status": a field the cluster's get returns, however the names say it; the rule reads nothing
        query = "what's the status of digitalocean mysql cluster 9cc1"
        assert "get" in rank(shipped_index(DIGITALOCEAN), query).query_tokens
        assert shipped_names(DIGITALOCEAN, query) == shipped_names(DIGITALOCEAN, query, named_measures=False)


class TestUsedAmounts:
    def test_how_much_is_used_is_the_usage(self) -> None:
        query = "how much actions cache is acme/api using on github"
        assert shipped_names(GITHUB, query)[0] == "github__actions_get_actions_cache_usage"
        assert shipped_names(GITHUB, query, used_amounts=False)[:1] != ["github__actions_get_actions_cache_usage"]

    @pytest.mark.parametrize(
        ("request_text", "says", "expected"),
        [
            (
                "how much disk is digitalocean mysql cluster 9cc1 using",
                True,
                "get disk usage of digitalocean mysql cluster 9cc1",
            ),
            ("how much storage do we use in box", True, "get storage usage of we in box"),
            # no name says "usage", or no use asked: as written
            ("how much disk is droplet 5 using", False, "how much disk is droplet 5 using"),
            ("how much does stripe charge ch_1 cost", True, "how much does stripe charge ch_1 cost"),
        ],
    )
    def test_the_words_read(self, request_text: str, says: bool, expected: str) -> None:
        assert usage_asked(request_text, lambda: says) == expected


class TestSearchedPhrases:
    def test_a_searching_name_saying_two_words_searches(self) -> None:
        query = "search the intercom admin activity logs for deleted conversations"
        assert shipped_names(INTERCOM, query)[0] == "intercom__search_activity_logs"
        assert shipped_names(INTERCOM, query, searched_phrases=False)[0] == "intercom__list_activity_logs"

    def test_a_thing_no_searching_name_says_is_got(self) -> None:
        assert shipped_names(INTERCOM, "search intercom admins named bob")[0] == "intercom__list_admins"


class TestUnpairedModifiers:
    @pytest.mark.parametrize(
        "query",
        ["update intercom help center collection 55 to be called FAQ", "rename intercom help center collection 55"],
    )
    def test_words_no_name_pairs_with_the_thing_leave(self, query: str) -> None:
        assert shipped_names(INTERCOM, query)[0] == "intercom__update_collection"
        assert shipped_names(INTERCOM, query, unpaired_modifiers=False)[:1] != ["intercom__update_collection"]

    def test_a_first_tool_the_words_did_not_take_stands(self) -> None:
        # the sql mode's update says no "mysql": the request stays as found
        query = "change the sql mode of digitalocean mysql cluster 9cc1 to ANSI"
        assert shipped_names(DIGITALOCEAN, query) == shipped_names(DIGITALOCEAN, query, unpaired_modifiers=False)


class TestMadeRoles:
    @pytest.mark.parametrize(
        ("documents", "query", "tool"),
        [
            (SLACK, "make slack guest U0G1 a regular member", "slack__admin_users_set_regular"),
            (GITHUB, "make octocat an owner of the acme org on github", "github__orgs_set_membership_for_user"),
            (GITHUB, "make bob a collaborator on github repo acme/api", "github__repos_add_collaborator"),
        ],
    )
    def test_a_person_made_a_role(self, documents: list, query: str, tool: str) -> None:  # type: ignore[type-arg]
        assert shipped_names(documents, query)[0] == tool
        assert shipped_names(documents, query, made_roles=False)[:1] != [tool]

    def test_a_teams_membership_is_the_teams(self) -> None:
        # the names saying the place's kind ("team") set its membership by "update"
        query = "make bob a maintainer of github team platform in acme"
        assert shipped_names(GITHUB, query)[0] == "github__teams_add_or_update_membership_for_user_in_org"
        assert rank(shipped_index(GITHUB), query).query_tokens[:2] == ("update", "membership")
        assert "membership" not in rank(SearchIndex.build(GITHUB, without(made_roles=False)), query).query_tokens

    def test_made_the_role_of_a_thing_is_its_field(self) -> None:
        field = "make priya the owner of asana project 12"
        expected = "set the owner of asana project 12 to priya"
        assert person_as_field(field, roles={"owner"}) == expected
        # one of its admins ("an"): no field, left to ``made_roles``
        assert person_as_field("make priya an owner of asana project 12", roles={"owner"}).startswith("make")
        assert person_as_field("make priya an owner of asana project 12").startswith("set the owner")


class TestStartedThings:
    def test_a_thing_no_name_starts_is_created(self) -> None:
        query = "start a slack call for the standup"
        assert shipped_names(SLACK, query)[0] == "slack__calls_add"
        assert shipped_names(SLACK, query, started_things=False) == []

    def test_a_thing_a_name_starts_is_started(self) -> None:
        assert (
            shipped_names(GITHUB, "start a migration for the acme org on github")[0]
            == "github__migrations_start_for_org"
        )


class TestOwnRelations:
    @pytest.mark.parametrize(
        ("documents", "query", "tool"),
        [
            (GITHUB, "which github teams am I a member of", "github__teams_list_for_authenticated_user"),
            (ASANA, "what asana teams am i in", "asana__get_teams_for_user"),
        ],
    )
    def test_the_things_i_am_in_are_mine(self, documents: list, query: str, tool: str) -> None:  # type: ignore[type-arg]
        assert shipped_names(documents, query)[0] == tool
        assert "list" in rank(shipped_index(documents), query).query_tokens
        assert "list" not in rank(SearchIndex.build(documents, without(own_relations=False)), query).query_tokens

    def test_the_words_read(self) -> None:
        assert related_things("which slack channels am I in", own=True) == "list my slack channels"
        assert related_things("which slack channels am I in") == "which slack channels am I in"
        assert (
            related_things("which teams do I belong to in asana", belonged=True, own=True) == "list my teams in asana"
        )
        # one thing: the caller's field, as written
        assert related_things("which team am I in", own=True) == "which team am I in"


class TestFieldUpdates:
    def test_a_field_with_its_own_update(self) -> None:
        query = "set the sql mode of digitalocean mysql cluster 9cc1 to ANSI"
        assert shipped_names(DIGITALOCEAN, query)[0] == "digitalocean__databases_update_sql_mode"
        # its words stay the request's; without the rule, the field's words are a value of the cluster's update
        assert "sql" not in rank(shipped_index(DIGITALOCEAN), query).values
        assert "sql" in rank(SearchIndex.build(DIGITALOCEAN, without(field_updates=False)), query).values


class TestVerbedThings:
    def test_the_things_a_subject_publishes_are_its_list(self) -> None:
        query = "what packages does the acme org publish on github"
        tool = "github__packages_list_packages_for_organization"
        assert shipped_names(GITHUB, query)[0] == tool
        assert rank(shipped_index(GITHUB), query).query_tokens[:2] == ("list", "packages")
        assert "publish" in rank(SearchIndex.build(GITHUB, without(verbed_things=False)), query).query_tokens

    @pytest.mark.parametrize(
        ("request_text", "said", "expected"),
        [
            ("which projects does bob manage in asana", False, "list projects for user 'bob' in asana"),
            ("which repos do I maintain on github", False, "list my repos on github"),
            # a verb a name says with the things, one thing, a verb other readings take, a time: as written
            ("which repos does octocat star on github", True, "which repos does octocat star on github"),
            ("which project does bob manage in asana", False, "which project does bob manage in asana"),
            ("which teams does asana user 1201 belong to", False, "which teams does asana user 1201 belong to"),
            (
                "which invoices did customer cus_8 pay last month",
                False,
                "which invoices did customer cus_8 pay last month",
            ),
        ],
    )
    def test_the_words_read(self, request_text: str, said: bool, expected: str) -> None:
        assert related_things(request_text, verbed=lambda verb, thing: said) == expected

    def test_a_person_is_a_value(self) -> None:
        ranking = rank(shipped_index(ASANA), "which projects does bob manage in asana")
        assert "bob" in ranking.values


XERO = [
    app_doc("xero__create_deduction", "Xero", "Creates a new deduction for a specific employee."),
    app_doc("xero__get_deductions", "Xero", "Retrieves deductions for a specific employee."),
    app_doc("xero__get_employees", "Xero", "Retrieves employees."),
    app_doc("xero__create_invoice", "Xero", "Creates an invoice. Any fees apply."),
]
INTERCOM_CONTACTS = [
    app_doc("intercom__unarchive_contact", "Intercom", "Unarchive contact. You can unarchive a single contact."),
    app_doc("intercom__archive_contact", "Intercom", "Archive contact. You can archive a single contact."),
    app_doc("intercom__get_contact", "Intercom", "Get a contact."),
]


class TestArchivedRestores:
    @pytest.mark.parametrize(
        "query", ["restore archived intercom contact 55", "restore intercom contact 55 from the archive"]
    )
    def test_an_archived_thing_restored_is_unarchived(self, query: str) -> None:
        assert shipped_names(INTERCOM_CONTACTS, query)[0] == "intercom__unarchive_contact"
        assert shipped_names(INTERCOM_CONTACTS, query, archived_restores=False)[:1] != ["intercom__unarchive_contact"]

    def test_a_deleted_thing_restored_is_no_unarchive(self) -> None:
        ranking = rank(shipped_index(INTERCOM_CONTACTS), "restore the deleted intercom contact 55")
        assert "unarchive" not in ranking.query_tokens


class TestModifierPhrases:
    def test_two_words_one_modifier(self) -> None:
        query = "add a $50 union fee deduction for xero employee E-7"
        assert shipped_names(XERO, query)[0] == "xero__create_deduction"
        assert shipped_names(XERO, query, modifier_phrases=False) == []
        assert {"union", "fee"} <= set(rank(shipped_index(XERO), query).values)

    def test_a_word_a_name_says_stays(self) -> None:
        # "deduction" is a name's word: no phrase of modifiers before "employee"
        ranking = rank(shipped_index(XERO), "list the deductions of xero employee E-7")
        assert "deductions" in ranking.query_tokens
