"""Issue 13's fifty-second round: two words joined only as the named app joins them
(``scoped_compounds``); a question's gerund is a state (``progress_questions``); "ran" as the runs
(``past_runs``); who does a verb no list knows (``unknown_doers``); "set up" after listed things
(``listed_setups``); a named thing before its id is no field (``id_named_things``); "tell me about"
one thing (``told_about``); "who can I assign" (``chosen_people``); a question's modifier right past
the app (``asked_modifiers``); what changed in a thing (``changed_histories``); stopping a run
(``stopped_runs``); a field changed "on" a thing (``fields_on_things``); a name's id segment between a
thing and its field (``id_segments``); short ids with letters between digits; camel-case words whole in
descriptions."""

from __future__ import annotations

import pytest

from cardamom.core.search import SearchDocument, SearchIndex, rank
from cardamom.core.search.able_words import as_able
from cardamom.core.search.about_questions import about_thing
from cardamom.core.search.field_phrases import field_phrase
from cardamom.core.search.stopped_runs import cancelled
from cardamom.core.search.synonyms import join_compounds
from cardamom.core.search.thing_fields import field_of_thing
from cardamom.core.search.tokens import description_tokens, tokenize
from cardamom.core.search.value_shapes import has_value_digits
from tests.unit.search_documents import app_doc, shipped_index, shipped_names, without

TWILIO = [
    app_doc(
        "twilio__list_available_add_on", "Twilio", "Retrieve a list of Add-ons currently available to be installed."
    ),
    app_doc(
        "twilio__list_installed_add_on", "Twilio", "Retrieve a list of Add-ons currently installed on this Account."
    ),
    app_doc("twilio__fetch_flow", "Twilio", "Retrieve a specific Flow."),
    app_doc("twilio__delete_channels_sender", "Twilio", "Delete a Sender. (WhatsApp only) Delete a Sender."),
    app_doc("twilio__delete_alpha_sender", "Twilio", "Delete an Alphanumeric Sender ID."),
    # another app joins the two words in its names
    app_doc("atlassian__list_addons", "Atlassian", "List the apps installed on a site."),
]
ASANA = [
    app_doc("asana__get_task", "Asana", "Get a task."),
    app_doc("asana__get_audit_log_events", "Asana", "Get audit log events."),
    app_doc("asana__get_team", "Asana", "Get a team."),
    app_doc("asana__update_team", "Asana", "Update a team."),
    app_doc("asana__add_user_for_team", "Asana", "Add a user to a team."),
    app_doc("jira__get_worklog", "Jira", "Get worklog."),
]
DIGITALOCEAN = [
    app_doc(
        "digitalocean__droplets_destroy_with_associated_resources_selective",
        "DigitalOcean",
        "Selectively destroy a droplet and its associated resources: volumes, snapshots.",
    ),
    app_doc(
        "digitalocean__droplets_get_destroy_associated_resources_status",
        "DigitalOcean",
        "Check the status of a droplet destroy with associated resources (volumes, snapshots) request.",
    ),
    app_doc("digitalocean__vpcs_list", "DigitalOcean", "List all VPCs."),
    app_doc("digitalocean__vpcs_create", "DigitalOcean", "Create a new VPC."),
    app_doc("digitalocean__genai_get_knowledge_base", "DigitalOcean", "Retrieve information about a knowledge base."),
    app_doc(
        "digitalocean__genai_create_knowledge_base_data_source",
        "DigitalOcean",
        "Add a data source to a knowledge base.",
    ),
    app_doc("digitalocean__genai_create_model_evaluation_run", "DigitalOcean", "Run a model evaluation."),
    app_doc("digitalocean__genai_cancel_model_evaluation_run", "DigitalOcean", "Cancel a model evaluation run."),
    app_doc("digitalocean__droplet_actions_post", "DigitalOcean", "Initiate a droplet action: reboot or power off."),
    app_doc("digitalocean__apps_cancel_deployment", "DigitalOcean", "Cancel an app deployment."),
]
GITHUB = [
    app_doc("github__actions_list_workflow_runs_for_repo", "GitHub", "List workflow runs for a repository."),
    app_doc("github__actions_list_repo_workflows", "GitHub", "List repository workflows."),
    app_doc("github__repos_list_contributors", "GitHub", "List repository contributors."),
    app_doc("github__actions_list_repo_secrets", "GitHub", "List repository secrets."),
    app_doc("github__actions_cancel_workflow_run", "GitHub", "Cancel a workflow run."),
    app_doc("github__codespaces_stop_for_authenticated_user", "GitHub", "Stop a codespace for the authenticated user."),
]
INTERCOM = [
    app_doc("intercom__update_article", "Intercom", "Update an article."),
    app_doc("intercom__create_help_center_redirect", "Intercom", "Create a help center redirect."),
    app_doc("intercom__list_help_centers", "Intercom", "List all help centers."),
]
JIRA = [
    app_doc("jira__find_assignable_users", "Jira", "Find users assignable to issues."),
    app_doc("jira__assign_issue", "Jira", "Assign an issue to a user."),
    app_doc("jira__get_change_logs", "Jira", "Get changelogs. Returns all changelogs for an issue."),
    app_doc("jira__get_events", "Jira", "Get events. Returns all issue events."),
    app_doc("jira__get_issue", "Jira", "Get an issue."),
]


class TestScopedCompounds:
    @pytest.mark.parametrize("query", ["which twilio add-ons are installed", "which twilio add ons are installed"])
    def test_words_the_named_app_says_apart_stay_apart(self, query: str) -> None:
        assert shipped_names(TWILIO, query)[0] == "twilio__list_installed_add_on"
        assert shipped_names(TWILIO, query, scoped_compounds=False) == []

    def test_a_word_the_named_app_never_says_apart_stays_joined(self) -> None:
        # no Asana name says "work" then "log": Jira's joined word stays, a value there
        query = "get the work log of asana task 12"
        assert shipped_names(ASANA, query) == shipped_names(ASANA, query, scoped_compounds=False)
        assert "worklog" in rank(shipped_index(ASANA), query).values

    def test_a_request_naming_no_app_joins_as_any_name_does(self) -> None:
        ranking = rank(shipped_index(TWILIO), "list the installed add ons")
        assert "addons" in ranking.query_tokens


class TestProgressQuestions:
    def test_a_questions_gerund_is_a_state(self) -> None:
        query = "is digitalocean still destroying droplet 5512 and its volumes"
        status = "digitalocean__droplets_get_destroy_associated_resources_status"
        assert shipped_names(DIGITALOCEAN, query)[0] == status
        # (the sixty-fourth round's ``asked_writes`` keeps a question's writes out too)
        assert shipped_names(DIGITALOCEAN, query, progress_questions=False, asked_writes=False)[0] != status

    def test_an_order_keeps_its_gerund(self) -> None:
        # no question: "destroying" stays the request's word, and the destroy its answer
        query = "start destroying digitalocean droplet 5512 and its volumes"
        assert (
            shipped_names(DIGITALOCEAN, query)[0]
            == "digitalocean__droplets_destroy_with_associated_resources_selective"
        )


class TestPastRuns:
    def test_ran_is_the_runs(self) -> None:
        query = "which github workflows ran yesterday in acme/api"
        assert shipped_names(GITHUB, query)[0] == "github__actions_list_workflow_runs_for_repo"
        assert shipped_names(GITHUB, query, past_runs=False)[:1] != ["github__actions_list_workflow_runs_for_repo"]

    def test_a_name_is_a_value(self) -> None:
        ranking = rank(shipped_index(ASANA), "add user Ran Cohen to asana team 1209")
        assert "ran" in ranking.values
        assert "runs" not in ranking.query_tokens


class TestUnknownDoers:
    def test_who_contributed_asks_the_contributors(self) -> None:
        query = "who contributed to acme/api on github"
        assert shipped_names(GITHUB, query)[0] == "github__repos_list_contributors"
        assert shipped_names(GITHUB, query, unknown_doers=False)[:1] != ["github__repos_list_contributors"]

    def test_a_verb_the_names_say_is_read_as_written(self) -> None:
        # "run" is a word of the names: no people for it
        query = "who runs workflows in acme/api on github"
        assert shipped_names(GITHUB, query) == shipped_names(GITHUB, query, unknown_doers=False)


class TestListedSetups:
    def test_things_set_up_are_listed(self) -> None:
        assert shipped_names(DIGITALOCEAN, "what vpcs are set up on digitalocean")[0] == "digitalocean__vpcs_list"

    @pytest.mark.parametrize(
        ("tokens", "listed", "expected"),
        [
            (("list", "vpcs", "set", "up", "on", "digitalocean"), True, "created"),
            (("list", "vpcs", "set", "up", "on", "digitalocean"), False, "create"),
            # the request's verb, or after a thing in the singular: made, as before
            (("set", "up", "a", "vpc"), True, "create"),
            (("list", "vpc", "set", "up"), True, "create"),
        ],
    )
    def test_the_words_read(self, tokens: tuple[str, ...], listed: bool, expected: str) -> None:
        assert expected in join_compounds(tokens, stative=True, listed=listed)

    def test_setting_one_up_creates_it(self) -> None:
        assert shipped_names(DIGITALOCEAN, "set up a vpc on digitalocean")[0] == "digitalocean__vpcs_create"


class TestIdNamedThings:
    def test_a_named_thing_before_its_id_is_no_field(self) -> None:
        query = "edit intercom help article 8812"
        assert shipped_names(INTERCOM, query)[0] == "intercom__update_article"
        tools = frozenset(range(len(INTERCOM)))
        on, off = SearchIndex.build(INTERCOM), SearchIndex.build(INTERCOM, without(id_named_things=False))
        assert field_of_thing(on, query, tools, {"intercom"}) == query
        assert field_of_thing(off, query, tools, {"intercom"}) == "edit the article of intercom help 8812"

    def test_a_field_no_name_says_before_an_id_is_still_one(self) -> None:
        tools = frozenset(range(len(INTERCOM)))
        query = "update intercom help center due date 42"
        assert (
            field_of_thing(shipped_index(INTERCOM), query, tools, {"intercom"})
            == "update the due date of intercom help center 42"
        )


class TestToldAbout:
    @pytest.mark.parametrize(
        ("request_text", "expected"),
        [
            ("tell me about asana team 1209", "get asana team 1209"),
            ("what can you tell me about stripe customer cus_9?", "get stripe customer cus_9"),
            ("can you tell me a bit more about box file 123", "get box file 123"),
            # no one thing named by its id: as written
            ("tell me about asana teams", "tell me about asana teams"),
            ("tell me about asana team 1209 and task 7", "tell me about asana team 1209 and task 7"),
        ],
    )
    def test_the_request_read(self, request_text: str, expected: str) -> None:
        assert about_thing(request_text, told=True) == expected
        assert about_thing(request_text) == request_text

    def test_the_things_get_is_found(self) -> None:
        query = "tell me about knowledge base kb-3a1 on digitalocean genai"
        assert shipped_names(DIGITALOCEAN, query)[0] == "digitalocean__genai_get_knowledge_base"


class TestChosenPeople:
    def test_who_can_i_assign_asks_the_assignable_users(self) -> None:
        query = "who can I assign jira issue KAN-9 to"
        assert shipped_names(JIRA, query)[0] == "jira__find_assignable_users"
        assert shipped_names(JIRA, query, chosen_people=False)[0] == "jira__assign_issue"

    @pytest.mark.parametrize(
        ("request_text", "expected"),
        [
            ("who can I assign jira issue KAN-9 to", "who assignable jira issue KAN-9 to"),
            ("who could we assign it to", "who assignable it to"),
            # no name says the adjective; no "who"
            ("who can I invite to the channel", "who can I invite to the channel"),
            ("can I assign jira issue KAN-9 to bob", "can I assign jira issue KAN-9 to bob"),
        ],
    )
    def test_the_request_read(self, request_text: str, expected: str) -> None:
        assert as_able(request_text, frozenset({"assignable"}), chosen=True) == expected


class TestAskedModifiers:
    def test_a_questions_word_past_the_app_may_be_a_modifier(self) -> None:
        query = "what does twilio studio flow FW123 look like"
        assert shipped_names(TWILIO, query)[0] == "twilio__fetch_flow"
        assert shipped_names(TWILIO, query, asked_modifiers=False) == []

    def test_an_orders_word_past_the_app_is_its_verb(self) -> None:
        assert shipped_names(TWILIO, "twilio rerun flow FW123") == []


class TestChangedHistories:
    def test_what_changed_in_a_thing_is_its_history(self) -> None:
        query = "what changed on jira issue KAN-5"
        assert shipped_names(JIRA, query)[0] == "jira__get_change_logs"
        assert shipped_names(JIRA, query, changed_histories=False)[0] == "jira__get_events"

    def test_what_happened_lists_the_events(self) -> None:
        assert shipped_names(JIRA, "what happened on jira issue KAN-5")[0] == "jira__get_events"


class TestStoppedRuns:
    def test_stopping_a_run_cancels_it(self) -> None:
        query = "stop the digitalocean genai evaluation run er-12"
        assert shipped_names(DIGITALOCEAN, query)[0] == "digitalocean__genai_cancel_model_evaluation_run"
        off = SearchIndex.build(DIGITALOCEAN, without(stopped_runs=False))
        assert "cancel" in rank(shipped_index(DIGITALOCEAN), query).query_tokens
        assert "stop" in rank(off, query).query_tokens

    @pytest.mark.parametrize(
        ("documents", "request_text", "expected"),
        [
            (GITHUB, "stop workflow run 991 in acme/api", "cancel workflow run 991 in acme/api"),
            (DIGITALOCEAN, "abort the genai evaluation run er-12", "cancel the genai evaluation run er-12"),
            # a name stops the thing; no name cancels it (the app's own name is no thing)
            (GITHUB, "stop my codespace glowing-space", "stop my codespace glowing-space"),
            (DIGITALOCEAN, "stop droplet 5512 on digitalocean", "stop droplet 5512 on digitalocean"),
        ],
    )
    def test_the_request_read(self, documents: list[SearchDocument], request_text: str, expected: str) -> None:
        index = shipped_index(documents)
        tools = frozenset(range(len(index.documents)))
        assert cancelled(index, request_text, tools, frozenset({"github", "digitalocean"})) == expected


class TestFieldsOnThings:
    @pytest.mark.parametrize(
        ("request_text", "field", "thing"),
        [
            ("change the due date on asana task 1209 to friday", ("due", "date"), ("asana", "task", "1209")),
            ("set the priority on jira issue KAN-5 to high", ("priority",), ("jira", "issue", "kan", "5")),
            ("update the title for notion page 9f2a", ("title",), ("notion", "page")),
        ],
    )
    def test_a_field_changed_on_a_thing_is_its_field(
        self, request_text: str, field: tuple[str, ...], thing: tuple[str, ...]
    ) -> None:
        found = field_phrase(tuple(tokenize(request_text)), changed_on=True)
        assert found is not None and found.field == field and not found.reads
        assert set(thing) <= set(found.after)
        assert field_phrase(tuple(tokenize(request_text))) is None

    @pytest.mark.parametrize(
        "request_text",
        [
            "update the labels on github issue 7",  # a thing's things, no field of it
            "get the title on notion page 9f2a",  # a read asks "of" (or a question "on")
        ],
    )
    def test_what_stays_unread(self, request_text: str) -> None:
        assert field_phrase(tuple(tokenize(request_text)), changed_on=True) is None


class TestIdSegments:
    def test_a_names_id_between_a_thing_and_its_field(self) -> None:
        box = [
            app_doc("box__put_folders_id", "Box", "Update folder."),
            app_doc("box__put_folders_id_update_shared_link", "Box", "Update shared link on folder."),
            app_doc("box__put_folders_id_add_shared_link", "Box", "Add shared link to folder."),
        ]
        query = "change the shared link of box folder 8821"
        assert shipped_names(box, query)[0] == "box__put_folders_id_update_shared_link"
        assert shipped_names(box, query, id_segments=False)[0] != "box__put_folders_id_update_shared_link"


class TestSplitIds:
    @pytest.mark.parametrize("word", ["7d1", "8c2", "3a1", "fn-8c2", "kb-3a1", "12ab9"])
    def test_letters_between_digits_make_an_id(self, word: str) -> None:
        assert has_value_digits(word)

    @pytest.mark.parametrize("word", ["x86", "k8s", "b2b", "gpt-4o", "s3", "2fa", "a11y"])
    def test_names_with_digits_stay_words(self, word: str) -> None:
        assert not has_value_digits(word)

    def test_a_short_id_leaves_the_mass(self) -> None:
        ranking = rank(shipped_index(DIGITALOCEAN), "get the digitalocean knowledge base 7d1")
        assert {"7", "d", "1"} <= set(ranking.values)


class TestCamelWords:
    def test_a_camel_case_word_is_whole_too(self) -> None:
        tokens = description_tokens("Delete a Sender. (WhatsApp only) Pay with PayPal or OAuth by sessionId.")
        assert {"whatsapp", "whats", "app", "paypal", "oauth", "session", "id"} <= tokens
        assert "sessionid" not in tokens  # an identifier, no brand
        assert "geturlforuser" not in description_tokens("Call GetURLForUser.")  # four humps

    def test_a_request_writing_it_lower_case_finds_the_tool(self) -> None:
        assert (
            shipped_names(TWILIO, "remove the whatsapp sender XE12 from twilio")[0] == "twilio__delete_channels_sender"
        )
