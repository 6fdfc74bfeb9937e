"""Issue 13's twenty-second round: a thing created with a thing of another kind ("a refund *for
payment intent* pi_123") leaves the kind's word with its value (``valued_kinds``); an adjective
framing what a request asks for ("what transitions are *available*") weighs nothing where no
name carrying the thing says it (``frame_adjectives``); what a thing is tagged and a rate's
period are values (``tagged_values``); an owner/name slug before a repository's word, or beside
a branch, is a repository's (``repo_slugs``); a name after "called" goes on in lower case
(``sentence_titles``); a place's code before its kind is a value (``placed_codes``); a question
asks a field "on" a thing as "of" it (``field_prepositions``); a head phrase of framing nouns
goes on after its preposition (``framed_heads``); a question's action the asker did is a
filter (``asked_actions``); a request naming no action has filters' adjectives
(``unsaid_filters``); a container's word after a placed name places the request
(``placing_kinds``); "update" sets a field after the thing's id (``updated_fields``); a listed
plural no name says is searched by its synonym (``searched_synonyms``); a gerund's object is
in its topic (``gerund_topics``); what a request sends to a value is its content
(``sent_things``); an action it rules out leaves it (``negated_actions``); a comparison's word
before "than" is a filter's value (``compared_values``); and, without a switch, the words
read as others ("issue a refund", "shoot a text", "who is in"), "next" as a filter, and the
names that write where a request reads ("dismiss", "confirm", a cancel)."""

from __future__ import annotations

from cardamom.core.search import SearchIndex, SearchOptions, rank
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.destructive_actions import contradicts
from cardamom.core.search.field_phrases import field_phrase
from cardamom.core.search.filtering_things import list_filter
from cardamom.core.search.head_nouns import RequestHead, request_head
from cardamom.core.search.query import analyse_query
from cardamom.core.search.tokens import tokenize
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    # Stripe refunds a payment intent through its refunds; a payment intent has tools of its own
    app_doc("stripe__post_refunds", "Stripe", "Create a refund. You must specify a Charge or a PaymentIntent."),
    app_doc("stripe__post_payment_intents_intent_cancel", "Stripe", "Cancel a PaymentIntent; it is refunded."),
    app_doc("stripe__post_payment_intents_intent_capture", "Stripe", "Capture the funds of a PaymentIntent."),
    app_doc("stripe__post_charges_charge_refund", "Stripe", "Refund a charge."),
    app_doc("stripe__post_products", "Stripe", "Creates a new product object."),
    app_doc("stripe__post_prices", "Stripe", "Creates a new price for a product, one-time or recurring."),
    app_doc("stripe__get_customers_customer", "Stripe", "Retrieves a Customer object."),
    app_doc("stripe__get_customers_customer_cards_id", "Stripe", "Retrieves details about a card of a customer."),
    # Jira reads an issue's transitions and does one; some names say "available"
    app_doc("jira__get_transitions", "Jira", "Returns the transitions that can be performed on an issue."),
    app_doc("jira__do_transition", "Jira", "Performs an issue transition."),
    app_doc("jira__get_available_screen_fields", "Jira", "Returns the fields that can be added to a tab."),
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue, its assignee and status."),
    app_doc("jira__get_issue_security_level_members", "Jira", "Returns the members of issue security levels."),
    app_doc("jira__create_issue", "Jira", "Creates an issue or a subtask."),
    app_doc("jira__create_workflow", "Jira", "Creates a workflow; tests its rules."),
    app_doc("jira__search_for_issues_using_jql", "Jira", "Searches for issues using JQL."),
    # Asana creates tasks
    app_doc("asana__create_task", "Asana", "Creating a new task."),
    app_doc("asana__get_tasks", "Asana", "Get multiple tasks."),
    # Twilio lists the numbers one may buy, and sends messages
    app_doc("twilio__list_available_phone_number_local", "Twilio", "Available local phone numbers to buy."),
    app_doc("twilio__list_incoming_phone_number", "Twilio", "Phone numbers of the account."),
    app_doc("twilio__create_message", "Twilio", "Send a message to a phone number."),
    app_doc("twilio__create_content", "Twilio", "Create a content template, its text and media."),
    app_doc("twilio__list_message", "Twilio", "Retrieve a list of Message resources."),
    app_doc("twilio__list_sentence", "Twilio", "Get all transcript sentences."),
    # DigitalOcean lists droplets, regions and sizes
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List all droplets; filter by tag."),
    app_doc("digitalocean__regions_list", "DigitalOcean", "List all data center regions."),
    app_doc("digitalocean__sizes_list", "DigitalOcean", "List all of the droplet sizes."),
    app_doc(
        "digitalocean__monitoring_get_droplet_memory_available_metrics",
        "DigitalOcean",
        "Retrieve the available memory metrics of a droplet.",
    ),
    # GitHub's repository lists
    app_doc("github__repos_list_collaborators", "GitHub", "List repository collaborators."),
    app_doc("github__repos_list_commits", "GitHub", "List commits of a repository, by branch."),
    app_doc("github__issues_list_for_repo", "GitHub", "List issues in a repository."),
    app_doc("github__search_commits", "GitHub", "Search commits."),
    app_doc("github__issues_create", "GitHub", "Create an issue in a repository."),
    app_doc("github__users_get_by_id", "GitHub", "Get a user by id; lists the API."),
    app_doc("github__pulls_dismiss_review", "GitHub", "Dismiss a review of a pull request."),
    app_doc("github__pulls_list_reviews", "GitHub", "List the reviews of a pull request."),
    # Slack's channel members, and Xero's invoices and credit notes
    app_doc("slack__conversations_members", "Slack", "Retrieve members of a conversation."),
    app_doc("slack__conversations_list", "Slack", "Lists all channels in a Slack team."),
    app_doc("xero__create_invoices", "Xero", "Creates sales invoices or purchase bills."),
    app_doc("xero__create_credit_notes", "Xero", "Creates a credit note."),
    app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices or purchase bills."),
    app_doc("xero__update_invoice", "Xero", "Updates a specific sales invoice or purchase bill."),
    # Notion makes pages; Slack lists its users
    app_doc("notion__post_page", "Notion", "Create a page."),
    app_doc("notion__retrieve_a_page", "Notion", "Retrieve a page."),
    app_doc("slack__users_list", "Slack", "Lists all users in a Slack team."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("github__pulls_update", "GitHub", "Update a pull request: its title, body or state."),
    app_doc("github__pulls_merge", "GitHub", "Merge a pull request."),
    app_doc("github__pulls_update_branch", "GitHub", "Update a pull request branch by merging the base into it."),
    # Cal.com reads a booking and confirms or cancels one
    app_doc("cal-com__bookings_get_booking", "Cal.com", "Get a booking."),
    app_doc("cal-com__bookings_cancel_booking", "Cal.com", "Cancel a booking."),
    app_doc("cal-com__bookings_confirm_booking", "Cal.com", "Confirm a booking."),
    app_doc("cal-com__bookings_reassign_booking_to_user", "Cal.com", "Reassign a booking to a user."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


def _words(request: str) -> tuple[str, ...]:
    return tuple(tokenize(request))


class TestValuedKinds:
    def test_a_kind_a_thing_is_created_with_leaves_with_its_value(self) -> None:
        query = "create a refund for payment intent pi_123 in stripe"
        assert _names(query)[:1] == ["stripe__post_refunds"]
        # (the thirty-second round's ``elsewhere_heads`` finds it too: off, to see this rule alone)
        assert _names(query, valued_kinds=False, elsewhere_heads=False)[:1] != ["stripe__post_refunds"]

    def test_only_a_thing_created(self) -> None:
        head = RequestHead("create", "refund")
        words = _words("create refund for payment intent pi_123")
        found = list_filter(words, head, {"pi", "123"}, (), singular=True)
        assert found is not None and found.kinds == {"payment", "intent"}
        assert list_filter(words, head, {"pi", "123"}, ()) is None  # switched off: a list only
        # a thing read or changed "of" another is its field: "the status of message SM123"
        read = RequestHead("check", "status")
        assert list_filter(_words("check status of message sm123"), read, {"sm", "123"}, (), singular=True) is None


class TestFrameAdjectives:
    def test_an_adjective_no_name_of_the_thing_says_weighs_nothing(self) -> None:
        query = "what transitions are available for jira issue ENG-12"
        assert _names(query)[:1] == ["jira__get_transitions"]
        assert _names(query, frame_adjectives=False)[:1] != ["jira__get_transitions"]
        query = "what sizes are available for digitalocean droplets"
        assert _names(query)[:1] == ["digitalocean__sizes_list"]
        # (since the thirty-fourth round the question is read as their list too: ``asked_lists``)
        # (... and "sizes" opening it is no verb of DigitalOcean's ``sizes_list``: ``plural_openings``)
        off = {"frame_adjectives": False, "asked_lists": False, "plural_openings": False}
        assert _names(query, **off)[:1] != ["digitalocean__sizes_list"]

    def test_only_after_a_copula(self) -> None:
        # "the available sizes" names them; only "sizes are available" frames
        assert _names("list the available sizes on digitalocean droplets", frame_adjectives=True) == _names(
            "list the available sizes on digitalocean droplets", frame_adjectives=False
        )
        assert _names("what sizes are available for digitalocean droplets", asked_lists=False) != _names(
            "what sizes are available for digitalocean droplets", frame_adjectives=False, asked_lists=False
        )

    def test_a_name_saying_it_with_the_thing_keeps_it(self) -> None:
        assert _names("what phone numbers are available in twilio")[:1] == ["twilio__list_available_phone_number_local"]


class TestTaggedValues:
    def test_what_a_thing_is_tagged_is_a_value(self) -> None:
        query = "list digitalocean droplets tagged web"
        assert _names(query)[:1] == ["digitalocean__droplets_list"]
        assert _names(query, tagged_values=False)[:1] != ["digitalocean__droplets_list"]
        assert _names("list droplets tagged with production on digitalocean")[:1] == ["digitalocean__droplets_list"]
        reading = read_values("list droplets tagged with production")
        assert "production" in reading.values and {"tagged", "with"} <= reading.markers
        assert "production" not in read_values("list droplets tagged with production", tags=False).values

    def test_a_rates_period_is_a_value(self) -> None:
        assert "month" in read_values("create a price of $10 per month").values
        assert "month" not in read_values("create a price of $10 per month", tags=False).values
        assert "month" not in read_values("list the invoices of the month").values


class TestRepoSlugs:
    def test_a_slug_before_a_repositorys_word_is_a_value(self) -> None:
        query = "list the collaborators on the acme/api github repo"
        assert {"acme", "api"} <= read_values(query).values
        assert "api" not in read_values(query, slugs=False).values
        assert _names(query)[:1] == ["github__repos_list_collaborators"]

    def test_a_slug_beside_a_branch_is_a_repositorys(self) -> None:
        query = "list the commits on branch main of acme/api"
        # read "in repo acme/api" (a branch is no place of its own for the slug)
        assert "repo" in rank(SearchIndex.build(DOCS), query).query_tokens
        assert "repo" not in rank(SearchIndex.build(DOCS, SearchOptions(repo_slugs=False)), query).query_tokens


class TestSentenceTitles:
    def test_a_title_goes_on_in_lower_case(self) -> None:
        query = "create a github issue titled Login broken with label bug"
        assert {"login", "broken"} <= read_values(query).values
        assert "broken" not in read_values(query, titles=False).values
        assert _names(query)[:1] == ["github__issues_create"]
        assert {"write", "tests"} <= read_values("create a jira sub-task under ENG-14 called write tests").values

    def test_a_title_ends_at_a_grammar_word_a_date_word_or_a_kind(self) -> None:
        assert "project" not in read_values("create a task called review in project KAN").values
        assert "friday" in read_values("create a task called Quarterly review due friday").values
        assert "due" not in read_values("create a task called Quarterly review due friday").values


class TestPlacedCodes:
    def test_a_code_before_its_place_is_a_value(self) -> None:
        reading = read_values("list droplets in the fra1 region")
        assert {"fra", "1"} <= reading.values and "region" in reading.markers
        assert not {"fra", "1"} & read_values("list droplets in the fra1 region", codes=False).values
        query = "list droplets in the fra1 region on digitalocean"
        assert _names(query)[:1] == ["digitalocean__droplets_list"]
        assert _names(query, placed_codes=False)[:1] != ["digitalocean__droplets_list"]


class TestFieldPrepositions:
    def test_a_question_asks_a_field_on_a_thing_as_of_it(self) -> None:
        words = ("who", "is", "the", "assignee", "on", "jira", "ticket", "ops", "321")
        found = field_phrase(words, asked_on=True)
        assert found is not None and found.field == ("assignee",) and found.after[:1] == ("jira",)
        assert field_phrase(words) is None
        # a request to do something on a thing is no field's question
        assert field_phrase(("get", "the", "comments", "on", "issue", "eng", "1"), asked_on=True) is None
        query = "who is the assignee on jira ticket OPS-321?"
        assert _names(query)[:1] == ["jira__get_issue"]
        assert _names(query, field_prepositions=False)[:1] != ["jira__get_issue"]


class TestWordsReadAsOthers:
    def test_one_issues_a_thing_as_one_creates_it(self) -> None:
        assert _names("issue a credit note in xero")[:1] == ["xero__create_credit_notes"]
        assert _names("issue an invoice in xero to Acme Ltd")[:1] == ["xero__create_invoices"]
        # "issue" before a key names an issue
        assert analyse_query("issue PROJ-12 comments", SearchOptions()).tokens[0] == "issue"

    def test_a_text_one_sends_is_a_message(self) -> None:
        for query in ("shoot a text to +15550009999 via twilio", "send a text to +15550009999 on twilio"):
            assert _names(query)[:1] == ["twilio__create_message"], query

    def test_who_is_in_a_channel_are_its_members(self) -> None:
        assert _names("who is in the #design slack channel")[:1] == ["slack__conversations_members"]
        assert _names("who's in the #random channel on slack")[:1] == ["slack__conversations_members"]

    def test_next_is_a_filter(self) -> None:
        assert _names("what is my next cal.com booking")[:1] == ["cal-com__bookings_get_booking"]


class TestNamesThatWrite:
    def test_a_question_never_gets_a_name_that_dismisses_confirms_or_cancels(self) -> None:
        assert _names("who reviewed pull request 88 in acme/api on github")[:1] == ["github__pulls_list_reviews"]
        assert set(_names("what is my next cal.com booking")) == {"cal-com__bookings_get_booking"}

    def test_a_name_writing_only_by_a_word_the_request_says_is_kept(self) -> None:
        name = ("bookings", "reassign", "booking", "to", "user")
        assert contradicts("get", name, reads=True)
        assert not contradicts("get", name, reads=True, said=frozenset({"get", "reassign", "booking", "user"}))
        assert _names("get reassign booking user in Cal.com")[:1] == ["cal-com__bookings_reassign_booking_to_user"]


class TestFramedHeads:
    def test_a_frames_thing_is_the_head(self) -> None:
        words = ("get", "the", "details", "for", "customer", "cus", "9")
        found = request_head(words, {"cus", "9"}, (), framed=True)
        assert found is not None and found.head == "customer"
        assert request_head(words, {"cus", "9"}, ()) is None
        # "about" opens a topic: no head read through it
        assert request_head(("get", "details", "about", "codespace"), (), (), framed=True) is None
        query = "get the details for stripe customer cus_Q2a9"
        assert _names(query)[:1] == ["stripe__get_customers_customer"]
        assert _names(query, framed_heads=False, asked_pieces=False)[:1] != ["stripe__get_customers_customer"]


class TestNumberedParticiples:
    def test_a_number_a_thing_was_sent_to_is_a_value(self) -> None:
        assert {"15551112222"} <= read_values("list twilio messages sent to +15551112222").values
        assert "sent" in read_values("list twilio messages sent to +15551112222").values
        assert "sent" not in read_values("list twilio messages sent to +15551112222", tags=False).values
        assert _names("list twilio messages sent to +15551112222")[:1] == ["twilio__list_message"]

    def test_a_contracted_question_asks_a_field_for_a_thing(self) -> None:
        assert _names("what's the status for jira ticket WEB-12")[:1] == ["jira__get_issue"]


class TestAskedActions:
    def test_the_action_the_asker_did_is_a_filter(self) -> None:
        query = "how many twilio messages did we send today"
        assert "send" in read_values(query).values
        assert "send" not in read_values(query, acts=False).values
        assert _names(query)[:1] == ["twilio__list_message"]
        assert _names(query, asked_actions=False)[:1] == ["twilio__create_message"]

    def test_how_to_do_it_asks_for_the_action(self) -> None:
        assert "import" not in read_values("how do I import spreadsheets to lark").values
        assert "send" not in read_values("send a message, did we").values  # no question


class TestUnsaidFilters:
    def test_a_request_naming_no_action_has_filters(self) -> None:
        for query in ("xero invoices that are overdue", "overdue xero invoices"):
            assert _names(query)[:1] == ["xero__get_invoices"], query
            assert _names(query, unsaid_filters=False)[:1] != ["xero__get_invoices"], query

    def test_open_before_things_in_the_plural_says_which(self) -> None:
        assert analyse_query("open invoices in xero", SearchOptions()).tokens[0] == "open"
        assert analyse_query("open invoices in xero", SearchOptions(unsaid_filters=False)).tokens[0] == "create"
        assert analyse_query("open a jira ticket", SearchOptions()).tokens[0] == "create"


class TestPlacingKinds:
    def test_a_container_after_a_placed_name_places_the_request(self) -> None:
        reading = read_values("create a notion page in the Engineering space called Runbook")
        assert reading.placing == {"space"}
        assert read_values("create a page in the Engineering space", spaces=False).placing == set()
        # a purpose is no place; a kind the request acts on is no place either
        assert read_values("create a survey for my market research project").placing == set()
        assert read_values("archive the old-project slack channel").placing == set()
        query = "create a Notion page in the Engineering space called Runbook"
        assert _names(query)[:1] == ["notion__post_page"]
        assert _names(query, placing_kinds=False) == []
        # only in an app the request names: "pages in the Engineering space" implies Notion
        assert _names("create a page in the Engineering space called Runbook") == []


class TestUpdatedFields:
    def test_update_sets_a_field_after_the_things_id(self) -> None:
        words = ("update", "xero", "invoice", "inv", "7", "due", "date", "to", "friday")
        found = field_phrase(words, updated=True)
        assert found is not None and found.field == ("due", "date") and found.value == ("friday",)
        assert field_phrase(words) is None
        assert field_phrase(("update", "asana", "task", "44", "to", "done"), updated=True) is None
        query = "update xero invoice INV-7 due date to friday"
        assert _names(query)[:1] == ["xero__update_invoice"]
        # (since the thirty-fourth round the field after the thing's id is the thing's too: ``thing_fields``)
        assert _names(query, updated_fields=False, thing_fields=False)[:1] != ["xero__update_invoice"]


class TestMoreWords:
    def test_still_and_already_are_filler(self) -> None:
        assert {"still"} <= set(analyse_query("stripe invoices that are still open", SearchOptions()).dropped)
        assert _names("give me the xero invoices that are still overdue")[:1] == ["xero__get_invoices"]

    def test_everyone_in_a_workspace_are_its_users(self) -> None:
        assert _names("list everyone in my slack workspace")[:1] == ["slack__users_list"]

    def test_a_format_with_digits_is_a_value(self) -> None:
        assert {"mp", "3"} <= read_values("download the call recording RE88 as mp3").values
        assert not {"mp", "3"} & read_values("download the call recording RE88 as mp3", tags=False).values

    def test_a_participle_is_never_the_requests_own_word(self) -> None:
        # "created" says which things: a tool creating them is no answer to the question
        assert "xero__create_credit_notes" not in _names("which xero credit notes were created this week")


class TestSearchedSynonyms:
    def test_a_plural_no_name_says_is_searched_by_its_synonym(self) -> None:
        for query in ("list jira tickets", "list the open jira tickets"):
            assert _names(query)[:1] == ["jira__search_for_issues_using_jql"], query
            assert _names(query, searched_synonyms=False)[:1] != ["jira__search_for_issues_using_jql"], query
        ranking = rank(SearchIndex.build(DOCS), "list jira tickets")
        assert ("list", "search") in ranking.read_as


class TestGerundTopics:
    def test_a_gerunds_object_is_in_its_topic(self) -> None:
        query = "create a task in asana for reviewing the contract, due next Tuesday"
        assert {"reviewing", "contract"} <= read_values(query).topics
        assert "contract" not in read_values(query, gerunds=False).topics
        assert _names(query)[:1] == ["asana__create_task"]
        assert _names(query, gerund_topics=False) == []
        # a topic's phrase still ends after its words where no gerund opens it
        assert "contract" not in read_values("create a task for review, the contract").topics


class TestSentThings:
    def test_what_a_request_sends_to_a_value_is_its_content(self) -> None:
        query = "post the release notes to #announcements in slack"
        assert analyse_query(query, SearchOptions()).sent == {"release", "notes"}
        assert _names(query)[:1] == ["slack__chat_post_message"]
        assert _names(query, sent_things=False) == []

    def test_only_to_a_value(self) -> None:
        assert analyse_query("send the release notes to the team", SearchOptions()).sent == set()
        assert analyse_query("post release notes", SearchOptions()).sent == set()


class TestNegatedActions:
    def test_an_action_ruled_out_leaves(self) -> None:
        query = "close pull request 45 in acme/api on github without merging"
        assert "merging" in analyse_query(query, SearchOptions()).dropped
        assert "merging" in analyse_query(query, SearchOptions(negated_actions=False)).tokens
        assert _names(query)[:1] == ["github__pulls_update"]
        assert "github__pulls_merge" not in _names(query)
        assert "github__pulls_merge" in _names(query, negated_actions=False)


class TestTitlesToTheEnd:
    def test_a_title_in_sentence_case_runs_to_the_end(self) -> None:
        query = "create an intercom article titled How to reset your password"
        assert {"how", "reset", "password"} <= read_values(query).values
        assert "reset" not in read_values(query, titles=False).values
        # a kind's, a date's or a field's word after it ends it where it ends
        assert "label" not in read_values("create an issue titled Login broken with label bug").values
        assert "project" not in read_values("create a task called Review PR in the Web project").values


class TestComparedValues:
    def test_a_comparisons_word_is_a_filters_value(self) -> None:
        query = "close all intercom conversations older than 30 days"
        assert "older" in read_values(query).values
        assert "older" not in read_values(query, compares=False).values
        # an amount's unit is a value, as a time's is
        assert {"100", "dollars"} <= read_values("list charges larger than 100 dollars").values

    def test_free_frames_what_is_asked(self) -> None:
        assert _names("what phone numbers are free in twilio")[:1] == ["twilio__list_incoming_phone_number"]
        # (since the thirty-fourth round the question is read as their list too: ``asked_lists``)
        assert _names("what phone numbers are free in twilio", frame_adjectives=False, asked_lists=False) == []
