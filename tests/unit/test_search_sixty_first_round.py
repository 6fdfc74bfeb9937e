"""Issue 13's sixty-first round: an id led by its kind's capitals and a digit is opaque with fewer
pieces (``capital_ids``); the plural head orders within an app, whose names may say their lists in
the singular (``app_plurals``); a separated "out of" joins its verb and opens the place left; one
deactivates as one disables; what a thing is set to or for reads it (``set_states``); a client's
method named with its module reads as the method."""

from __future__ import annotations

from cardamom.core.search import SearchIndex
from cardamom.core.search.about_questions import about_thing
from cardamom.core.search.call_forms import read_calls
from cardamom.core.search.opaque_ids import opaque_pieces
from cardamom.core.search.phrasal_verbs import PHRASAL_VERBS
from cardamom.core.search.query import analyse_query
from cardamom.core.search.separated_particles import particle_joined
from cardamom.core.search.tokens import tokenize
from tests.unit.search_documents import app_doc, shipped_names, without

# Twilio names its lists in the singular; DigitalOcean and GitHub in the plural
POOL = [
    app_doc("twilio__list_call_recording", "Twilio", "Retrieve a list of recordings belonging to the call."),
    app_doc("twilio__list_call_event", "Twilio", "Retrieve a list of all events for a call."),
    app_doc("twilio__fetch_call", "Twilio", "Fetch the call specified by the provided Call SID."),
    app_doc("twilio__list_sip_domain", "Twilio", "Retrieve a list of domains belonging to the account."),
    app_doc("digitalocean__apps_list_events", "DigitalOcean", "List all events for an app."),
    app_doc("digitalocean__domains_list", "DigitalOcean", "To retrieve a list of all of the domains in your account."),
    app_doc(
        "digitalocean__databases_get_ca", "DigitalOcean", "Retrieve the public certificate used to secure a cluster."
    ),
    app_doc("github__orgs_remove_membership_for_user", "GitHub", "Remove organization membership for a user."),
    app_doc("github__orgs_list_members", "GitHub", "List organization members."),
]


class TestCapitalIds:
    def test_an_id_led_by_capitals_and_a_digit_is_opaque(self) -> None:
        for request, id_ in (("list recordings for call CA123abc", "CA123abc"), ("get file F0123ABCD", "F0123ABCD")):
            assert opaque_pieces(request, capital=True) == frozenset(tokenize(id_))
            assert opaque_pieces(request) == frozenset()  # three pieces: short of five

    def test_names_with_a_digit_are_no_ids(self) -> None:
        for request in ("list S3 buckets", "get EC2 instances", "refresh the OAuth2 token", "register an A2P brand"):
            assert opaque_pieces(request, capital=True) == frozenset()
        # seven characters, or a lower-case start: a word or a name as much as an id
        assert opaque_pieces("get call CA123ab", capital=True) == frozenset()
        assert opaque_pieces("read the oauth2token docs", capital=True) == frozenset()

    def test_its_pieces_leave_the_mass_of_a_request_naming_no_app(self) -> None:
        query = "list recordings for call CA123abc"
        assert shipped_names(POOL, query)[:1] == ["twilio__list_call_recording"]
        for switch in (True, False):
            index = SearchIndex.build(POOL, without(capital_ids=switch))
            analysis = analyse_query(
                query, index.options, index.app_mentions, index.label_postings, index.name_postings
            )
            # (on, the pieces are out of the request's words wherever it reads them, as "txn_1MiN3g"'s are)
            assert analysis.opaque == (frozenset({"ca", "123", "abc"}) if switch else frozenset())


class TestAppPlurals:
    def test_a_plural_head_does_not_move_another_apps_list_before_one_said_in_the_singular(self) -> None:
        query = "list events for call CA123abc"
        assert shipped_names(POOL, query)[:1] == ["twilio__list_call_event"]
        assert shipped_names(POOL, query, app_plurals=False)[:1] == ["digitalocean__apps_list_events"]

    def test_within_an_app_the_plural_still_orders(self) -> None:
        pool = [
            app_doc("asana__get_projects", "Asana", "Returns the compact project records for some filtered set."),
            app_doc("asana__get_project", "Asana", "Returns the complete project record for a single project."),
        ]
        assert shipped_names(pool, "asana_get_projects")[:1] == ["asana__get_projects"]


class TestOutOf:
    def test_out_of_joins_its_verb_and_opens_the_place_left(self) -> None:
        words = tuple(tokenize("kick user mallory out of the github organization"))
        joined = particle_joined(words, 0, PHRASAL_VERBS)
        assert joined[:2] == ("kick", "out") and "of" not in joined and "from" in joined

    def test_the_request_finds_the_removal(self) -> None:
        query = 'Kick user "mallory" out of the GitHub organization acme-inc'
        assert shipped_names(POOL, query)[:1] == ["github__orgs_remove_membership_for_user"]


class TestDeactivating:
    def test_one_deactivates_as_one_disables_and_activates_as_one_enables(self) -> None:
        pool = [
            app_doc("slack__usergroups_disable", "Slack", "Disable an existing User Group."),
            app_doc("slack__usergroups_enable", "Slack", "Enable a User Group."),
            app_doc("slack__usergroups_list", "Slack", "List all User Groups for a team."),
        ]
        found = shipped_names(pool, "Deactivate the @oncall-team user group in Slack")
        assert found[:1] == ["slack__usergroups_disable"]
        assert shipped_names(pool, "activate the oncall user group in slack")[:1] == ["slack__usergroups_enable"]


class TestSetStates:
    def test_what_a_thing_is_set_to_or_for_reads_it(self) -> None:
        asked = {
            "Which columns are set for Jira filter 10042?": "get columns for Jira filter 10042?",
            "what eviction policy is set on my valkey cluster?": "get eviction policy on my valkey cluster?",
            "what is the retention period set to on repo acme/api?": "get the retention period on repo acme/api?",
        }
        for request, read in asked.items():
            assert about_thing(request, set_to=True) == read
            assert about_thing(request) == request

    def test_set_up_set_as_and_a_value_set_stay(self) -> None:
        for request in (
            "what custom fields are set up on the asana project 12",
            "Which video meeting app is set as my default in Cal.com?",
            "what is set for acme",
            "which value should I set for the priority field in jira",  # someone sets it: a write asked
            "set the price to 5",
        ):
            assert about_thing(request, set_to=True) == request

    def test_the_get_comes_before_the_set(self) -> None:
        pool = [
            app_doc(
                "jira__get_columns",
                "Jira",
                "Get columns. Returns the columns configured for a filter. The column configuration is used when "
                "the filter's results are viewed in List View with the Columns set to Filter.",
            ),
            app_doc(
                "jira__set_columns",
                "Jira",
                "Set columns. Sets the columns for a filter. Only navigable fields can be set as columns.",
            ),
            app_doc(
                "jira__reset_columns", "Jira", "Reset columns. Reset the user's column configuration for the filter."
            ),
            app_doc("jira__get_filter", "Jira", "Get filter. Returns a filter."),
        ]
        query = "Which columns are set for Jira filter 10042 in list view?"
        assert shipped_names(pool, query)[:1] == ["jira__get_columns"]
        # (off, the workspace's Jira finds ``set_columns`` first: tests/bench/test_written_requests.py)


class TestClientMethods:
    def test_a_clients_method_named_with_its_module_reads_as_the_method(self) -> None:
        assert read_calls("client.chat_postMessage(channel='#general', text='hi')") == (
            "chat_postMessage(channel='#general', text='hi')"
        )
        assert read_calls("client.users_list()") == "users_list()"
        # a call's arguments after it no longer hide it; a host, a file and an app's own object stay
        assert read_calls('stripe.customers.create(email="a@b.co")') == 'create stripe customers(email="a@b.co")'
        for request in ("see github.com for it", "open report.pdf", "slack.chat_postMessage(x)"):
            assert read_calls(request) == request

    def test_the_call_finds_the_method(self) -> None:
        pool = [
            app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
            app_doc("slack__chat_post_ephemeral", "Slack", "Sends an ephemeral message to a user in a channel."),
            app_doc("box__post_oauth2_token", "Box", "Request an access token for an OAuth 2.0 client."),
        ]
        found = shipped_names(pool, "client.chat_postMessage(channel='#general', text='hi')")
        assert found[:1] == ["slack__chat_post_message"]
