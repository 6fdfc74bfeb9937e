"""The ranker refinements of issue 13's fifth round, each against the ranker without it: an
unconnected app's name that tool names carry, adjectives between an action and its object,
new value shapes (codes, domains, short prefixed ids), the container placing a request by its
value, two compounds and one synonym group; and the measured, not shipped, values out of the
mass in a request naming no app."""

from __future__ import annotations

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.destructive_actions import contradicts, request_action
from cardamom.core.search.synonyms import is_action_word, join_compounds, synonyms_of
from tests.unit.search_documents import app_doc, snapshot_of, without

CLOUD = [
    app_doc("digitalocean__kubernetes_list_clusters", "DigitalOcean", "List all Kubernetes clusters."),
    app_doc("digitalocean__kubernetes_create_cluster", "DigitalOcean", "Create a new Kubernetes cluster."),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List all Droplets."),
    app_doc("digitalocean__droplets_destroy", "DigitalOcean", "Delete an existing Droplet."),
    app_doc("box__post_integration_mappings_slack", "Box", "Create a Slack integration mapping."),
    app_doc("box__get_integration_mappings_slack", "Box", "List Slack integration mappings."),
    app_doc("box__get_folders_id", "Box", "Get information about a folder."),
    app_doc("twilio__list_call", "Twilio", "Retrieves a collection of calls made to and from your account."),
    app_doc("twilio__create_call", "Twilio", "Create a new outgoing call."),
    app_doc("twilio__create_message", "Twilio", "Send a message."),
    app_doc("twilio__create_incoming_phone_number", "Twilio", "Purchase a phone-number for the account."),
    app_doc("twilio__list_recording", "Twilio", "Retrieve a list of recordings."),
    app_doc("jira__create_issue", "Jira", "Creates an issue or a subtask."),
    app_doc("jira__create_issue_type", "Jira", "Creates an issue type and adds it to the default scheme."),
    app_doc("jira__assign_issue_type_scheme_to_project", "Jira", "Assigns an issue type scheme to a project."),
    app_doc("jira__get_project", "Jira", "Returns the project details."),
]


class TestAppNamesToolNamesCarry:
    def test_a_product_an_app_works_on_is_ranked_among_those_tools(self) -> None:
        # Kubernetes is not connected, but DigitalOcean's tool names carry it
        ranking = rank(SearchIndex.build(CLOUD), "list kubernetes clusters")
        assert ranking.hits[0].name == "digitalocean__kubernetes_list_clusters"
        assert {h.name for h in ranking.hits} <= {d.name for d in CLOUD if "kubernetes" in d.name}
        before = rank(SearchIndex.build(CLOUD, without(product_names=False)), "list kubernetes clusters")
        assert before.empty and before.reason is not None and before.reason.kind == "app_not_connected"

    def test_the_name_alone_does_not_clear_the_floor(self) -> None:
        # Slack is not connected; Box's integration mappings carry "slack", not channels
        ranking = rank(SearchIndex.build(CLOUD), "list slack channels")
        assert ranking.empty and ranking.reason is not None
        assert (ranking.reason.kind, ranking.reason.apps) == ("app_not_connected", ("Slack",))
        assert rank(SearchIndex.build(CLOUD), "send a message on slack").empty

    def test_what_those_tools_do_is_found(self) -> None:
        ranking = rank(SearchIndex.build(CLOUD), "create a slack integration mapping")
        assert ranking.hits[0].name == "box__post_integration_mappings_slack"

    def test_tools_outside_the_callers_pool_do_not_count(self) -> None:
        index = SearchIndex.build(CLOUD)
        pool = [i for i, d in enumerate(CLOUD) if "kubernetes" not in d.name]
        ranking = rank(index, "list kubernetes clusters", pool=pool)
        assert ranking.empty and ranking.reason is not None and ranking.reason.kind == "app_not_connected"

    def test_an_app_no_tool_name_carries_is_not_connected(self) -> None:
        ranking = rank(SearchIndex.build(CLOUD), "create a trello card called Launch")
        assert ranking.empty and ranking.reason is not None
        assert (ranking.reason.kind, ranking.reason.apps) == ("app_not_connected", ("Trello",))


class TestQualifiers:
    def test_an_adjective_between_action_and_object_is_a_value(self) -> None:
        index = SearchIndex.build(CLOUD)
        ranking = rank(index, "list recent calls in twilio")
        assert ranking.hits[0].name == "twilio__list_call"
        assert "recent" in ranking.values and not ranking.values_weighed
        # "recent", which no tool of Twilio carries, weighed the most
        before = rank(
            SearchIndex.build(CLOUD, without(qualifiers=False, unsaid_modifiers=False)), "list recent calls in twilio"
        )
        assert [h.name for h in before.hits][:1] != ["twilio__list_call"]

    def test_a_negated_irregular_participle_is_an_adjective(self) -> None:
        index = SearchIndex.build(CLOUD)
        assert rank(index, "list unanswered calls in twilio").hits[0].name == "twilio__list_call"
        assert rank(index, "list unpaid calls in twilio").hits[0].name == "twilio__list_call"

    def test_a_noun_or_a_verb_in_the_middle_stays_a_word(self) -> None:
        # (as this rule reads them; where nothing is found, ``unsaid_modifiers`` reads again)
        index = SearchIndex.build(CLOUD, without(unsaid_modifiers=False))
        # "customer calls" may be another thing than calls; "unmute" is an action
        assert "customer" not in rank(index, "list customer calls in twilio").values
        assert "unmute" not in rank(index, "list unmute calls in twilio").values

    def test_only_after_an_action_and_among_name_words(self) -> None:
        index = SearchIndex.build(CLOUD, without(unsaid_modifiers=False))  # (this rule's reading alone)
        # the first word is no action: the request may be for a thing the app lacks
        assert "recent" not in rank(index, "twilio archived recent calls").values
        # a word no name carries besides it: the object may be the word the app lacks
        assert "recent" not in rank(index, "list recent calls and widgets in twilio").values
        # (seventh round) every other word a name word, wherever the adjective stands
        assert "recent" in rank(index, "list recent calls and recordings in twilio").values
        assert "recent" in rank(index, "list twilio calls that are recent").values
        # a guessed tool name kept its words; since the thirty-first round one naming its app says
        # a state too (``guessed_qualifiers``), one naming no app keeps them
        off = SearchIndex.build(CLOUD, without(guessed_qualifiers=False))
        assert rank(off, "twilio_list_recent_calls").values == ()
        assert rank(index, "twilio_list_recent_calls").values == ("recent",)
        assert rank(index, "list_recent_calls").values == ()

    def test_the_action_words(self) -> None:
        assert all(is_action_word(w) for w in ("list", "show", "fetch", "add", "remove", "buy", "purchases"))
        assert not any(is_action_word(w) for w in ("recent", "calls", "unmute", "customer"))


class TestValueShapes:
    def test_codes_of_three_parts_with_digits(self) -> None:
        assert {"2", "vcpu", "4", "gb"} <= read_values("resize a droplet to s-2vcpu-4gb").values
        assert {"us", "east", "1"} <= read_values("create a bucket in us-east-1").values
        assert read_values("get the read-only-token scopes").values == frozenset()

    def test_domain_names(self) -> None:
        assert read_values("list all DNS records for example.com").values == {"example", "com"}
        assert read_values("add api.acme.io to the allow list").values == {"api", "acme", "io"}

    def test_an_app_named_by_its_domain_is_not_a_value(self) -> None:
        index = SearchIndex.build([*CLOUD, app_doc("cal-com__get_bookings", "Cal.com", "Get all bookings.")])
        ranking = rank(index, "list my upcoming cal.com bookings")
        assert ranking.scope == ("Cal.com",)
        assert ranking.hits[0].name == "cal-com__get_bookings"

    def test_a_two_part_slug_where_the_request_is_placed(self) -> None:
        assert {"acme", "api"} <= read_values("show the comments on issue 1347 in acme/api").values
        assert read_values("set read/write access").values == frozenset()

    def test_short_prefixed_ids(self) -> None:
        assert {"sub", "1", "nx"} <= read_values("cancel stripe subscription sub_1Nx").values
        assert read_values("list the payment_methods").values == frozenset()


class TestContainers:
    QUERY = "create a jira issue of type Bug in project KAN with summary 'Login fails'"

    def test_the_container_placing_a_request_by_its_value_leaves_with_it(self) -> None:
        reading = read_values(self.QUERY)
        assert reading.containers == {"project"}
        assert {"type", "summary"} <= reading.markers
        ranking = rank(SearchIndex.build(CLOUD), self.QUERY)
        assert ranking.hits[0].name == "jira__create_issue"
        before = rank(SearchIndex.build(CLOUD, without(value_markers=False)), self.QUERY)
        assert [h.name for h in before.hits][:1] != ["jira__create_issue"]

    def test_a_container_asked_for_stays(self) -> None:
        assert read_values("get project KAN").containers == frozenset()
        assert rank(SearchIndex.build(CLOUD), "get jira project KAN").hits[0].name == "jira__get_project"


class TestWords:
    def test_a_text_message_is_an_sms_and_buying_is_purchasing(self) -> None:
        assert join_compounds(("list", "text", "messages")) == ("list", "sms")
        # a text one sends is a message (twenty-second round): Twilio's ``create_message``
        assert join_compounds(("send", "text", "message")) == ("send", "message")
        assert "purchase" in synonyms_of("buy")
        assert "create" in synonyms_of("generate")
        index = SearchIndex.build(CLOUD)
        assert rank(index, "twilio send text message").hits[0].name == "twilio__create_message"
        assert rank(index, "buy a phone number in twilio").hits[0].name == "twilio__create_incoming_phone_number"


class TestImpliedApp:
    def test_a_word_only_one_apps_names_carry_implies_that_app(self) -> None:
        ranking = rank(SearchIndex.build(CLOUD), "delete droplet 12345")
        # ranked inside DigitalOcean: the value out of the mass, "delete" reaching "destroy"
        assert ranking.hits[0].name == "digitalocean__droplets_destroy"
        assert ranking.scope == ("DigitalOcean",) and not ranking.values_weighed
        assert rank(SearchIndex.build(CLOUD, without(implied_app=False)), "delete droplet 12345").empty

    def test_words_implying_two_apps_imply_none(self) -> None:
        # "integration": Box's names only; "call": Twilio's only
        assert rank(SearchIndex.build(CLOUD), "create integration call 12345").empty

    def test_only_when_the_request_as_written_finds_nothing(self) -> None:
        index, before = SearchIndex.build(CLOUD), SearchIndex.build(CLOUD, without(implied_app=False))
        for query in ("list droplets", "list kubernetes clusters", "create call"):
            assert [h.name for h in rank(index, query).hits] == [h.name for h in rank(before, query).hits]
            assert rank(index, query).scope == rank(before, query).scope

    def test_a_capitalised_word_still_weighs_there(self) -> None:
        # it may be the app the request is for, which the org lacks
        ranking = rank(SearchIndex.build(CLOUD), "Please delete the Onsched droplet 12345 now")
        assert ranking.empty and ranking.reason is not None and ranking.reason.kind == "words_uncovered"

    def test_a_pool_of_one_app_implies_nothing(self) -> None:
        twilio = SearchIndex.build([d for d in CLOUD if d.label == "Twilio"])
        assert rank(twilio, "create call 12345").empty


class TestValueOrdersOnly:
    def test_a_value_a_name_carries_orders_equals_and_adds_no_score(self) -> None:
        docs = [
            app_doc("github__repos_create_release", "GitHub", "Create a release from a branch."),
            app_doc("github__git_create_branch", "GitHub", "Create a branch."),
            app_doc("github__list_widgets_07", "GitHub", "List widgets of shelf 07."),
            app_doc("github__list_widgets_08", "GitHub", "List widgets of shelf 08."),
        ]
        index = SearchIndex.build(docs)
        ranking = rank(index, "github create a new branch called release-2.0")
        assert ranking.hits[0].name == "github__git_create_branch"
        assert rank(index, "github list widgets shelf 07").hits[0].name == "github__list_widgets_07"


class TestDestructiveActions:
    DOCS = (
        app_doc("twilio__delete_call", "Twilio", "Delete a call record: you no longer get it in the logs."),
        app_doc("twilio__fetch_log", "Twilio", "Fetch a log."),
        app_doc("twilio__list_call", "Twilio", "List calls, the deleted ones too."),
        app_doc("twilio__create_call", "Twilio", "Create a call; it can be deleted later."),
        app_doc("stripe__delete_subscriptions_subscription", "Stripe", "Cancels a subscription."),
        app_doc("stripe__get_subscriptions", "Stripe", "List subscriptions."),
    )

    def test_a_request_to_read_never_gets_a_tool_that_deletes(self) -> None:
        query = "get call logs from twilio for yesterday"
        assert "twilio__delete_call" not in [h.name for h in rank(SearchIndex.build(self.DOCS), query).hits]
        before = rank(SearchIndex.build(self.DOCS, without(destructive_actions=False)), query)
        assert "twilio__delete_call" in [h.name for h in before.hits]

    def test_a_request_to_delete_never_gets_a_tool_that_writes(self) -> None:
        names = [h.name for h in rank(SearchIndex.build(self.DOCS), "delete a twilio call").hits]
        assert "twilio__create_call" not in names and names[0] == "twilio__delete_call"
        before = rank(SearchIndex.build(self.DOCS, without(destructive_actions=False)), "delete a twilio call")
        assert "twilio__create_call" in [h.name for h in before.hits]

    def test_cancel_may_mean_delete(self) -> None:
        ranking = rank(SearchIndex.build(self.DOCS), "cancel a stripe subscription")
        assert ranking.hits[0].name == "stripe__delete_subscriptions_subscription"

    def test_the_action_is_the_first_word(self) -> None:
        assert request_action(("get", "call")) == "get"
        assert request_action(("call", "logs")) is None
        assert request_action(("get", "playlist", "remove", "song")) is None
        assert contradicts("fetch", ("delete", "call")) and not contradicts("remove", ("delete", "call"))
        assert contradicts("remove", ("add", "call")) and not contradicts("remove", ("call", "logs"))
        assert not contradicts("remove", ("list", "call"))  # a delete may start by looking it up
        assert not contradicts("stop", ("delete", "run"))


class TestValuesOutsideANamedApp:
    """Measured, not shipped: a request naming no app whose values leave the mass."""

    ON = without(unscoped_values=True, implied_app=False)

    def test_values_leave_when_two_words_remain(self) -> None:
        assert rank(SearchIndex.build(CLOUD, without(implied_app=False)), "delete droplet 12345").empty
        ranking = rank(SearchIndex.build(CLOUD, self.ON), "delete droplet 12345")
        assert not ranking.values_weighed
        assert [h.name for h in ranking.hits] == ["digitalocean__droplets_destroy"]

    def test_one_word_beside_a_value_is_not_a_request(self) -> None:
        assert rank(SearchIndex.build(CLOUD, self.ON), "what is 17 times 23").values_weighed

    def test_a_capitalised_word_is_not_a_value_there(self) -> None:
        # it may be the app the request names, which the org lacks
        reading = read_values("Please delete service links 5770123 in Onsched Setup")
        assert "onsched" in reading.values and "onsched" not in reading.shaped
        assert "5770123" in reading.shaped


def test_search_tools_says_which_app_the_words_implied() -> None:
    from cardamom.mcp.results import search_payload
    from cardamom.service.search import SearchReport

    index = SearchIndex.build(CLOUD)
    snapshot = snapshot_of(index)
    query = "delete droplet 12345"
    payload = search_payload(SearchReport(query, snapshot, rank(index, query), (), 0, {}))  # type: ignore[arg-type]
    assert payload["scope_implied"] is True and payload["scope"] == ["DigitalOcean"]
    assert payload["message"].startswith("No app was named; the request's words are DigitalOcean's only")
    assert payload["results"][0]["name"] == "digitalocean__droplets_destroy"
    named = search_payload(
        SearchReport("list kubernetes clusters", snapshot, rank(index, "list kubernetes clusters"), (), 0, {})
    )  # type: ignore[arg-type]
    assert "scope_implied" not in named


class TestGuessedNumber:
    DOCS = (
        app_doc("cal-com__get_appointment", "Cal.com", "Get an appointment."),
        app_doc("cal-com__get_appointments_count", "Cal.com", "Count the appointments."),
        app_doc("notion__get_page", "Notion", "Get a page."),
    )

    def test_a_guessed_names_number_is_a_guess(self) -> None:
        guessed = "get_calcom_appointments"
        assert rank(SearchIndex.build(self.DOCS), guessed).hits[0].name == "cal-com__get_appointment"
        # the number alone (the head-noun order, which since the ninth round reads a guessed
        # name's one-noun object too, off)
        before = rank(SearchIndex.build(self.DOCS, without(guessed_number=False, head_nouns=False)), guessed)
        assert before.hits[0].name == "cal-com__get_appointments_count"

    def test_a_request_in_words_keeps_its_number(self) -> None:
        # the number alone (the head-noun rule, which reads "count" as what that tool acts on, off)
        ranking = rank(SearchIndex.build(self.DOCS, without(head_nouns=False)), "get cal.com appointments")
        assert ranking.hits[0].name == "cal-com__get_appointments_count"
