"""Issue 13's twenty-fifth round: the sentence an action opens after statements is the request
(``context_sentences``); an owner or a time written as a possessive is a value
(``possessive_values``); the words a negation rules out leave the request (``negated_states``);
a state a yes-no question asks is a value (``questioned_states``); a verbless list is headed by
its thing (``listed_heads``); a thing given by its address is read as its app, kind and id
(``thing_urls``); fields listed before their thing are its field (``field_lists``); a participle
before the things a verbless request lists is a value (``participle_states``); a request in
the passive is read in the active (``passive_actions``); the order a list is asked in leaves
the request (``sort_orders``); a count written in words is a value (``spelled_counts``); and,
without a switch of their own, a text sent with no thing named is a message, the text after a
note's colon is a value, "paid" and "done" are states, and a typographic hyphen inside a word
is "-"."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.field_phrases import field_phrase
from cardamom.core.search.negated_words import negated
from cardamom.core.search.output_formats import without_formats
from cardamom.core.search.owner_words import owned_as_of, possessors
from cardamom.core.search.passive_voice import active_voice
from cardamom.core.search.request_parts import task_part
from cardamom.core.search.thing_urls import read_urls
from cardamom.core.search.tokens import plain_hyphens, tokenize
from cardamom.core.search.value_words import spelled_counts
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    # GitHub's pull requests, their reviews and files; its issues
    app_doc("github__pulls_list", "GitHub", "List pull requests."),
    app_doc("github__pulls_get", "GitHub", "Get a pull request."),
    app_doc("github__pulls_get_review", "GitHub", "Get a review for a pull request."),
    app_doc("github__pulls_list_files", "GitHub", "Lists the files in a pull request."),
    app_doc("github__pulls_check_if_merged", "GitHub", "Checks if a pull request has been merged."),
    app_doc("github__issues_get", "GitHub", "Get an issue."),
    app_doc("github__issues_update", "GitHub", "Update an issue: its title, body, state."),
    app_doc("github__meta_get_octocat", "GitHub", "Get the octocat as ASCII art."),
    # Jira's issues and its autocomplete; Jira Software's issues without an epic
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
    app_doc("jira__search_for_issues_using_jql", "Jira", "Searches for issues using JQL."),
    app_doc("jira__get_auto_complete", "Jira", "Returns reference data for JQL searches."),
    app_doc("jira__get_all_issue_field_options", "Jira", "Returns the options of a custom field."),
    app_doc("jira-software__get_issues_without_epic", "Jira Software", "Returns issues not in an epic."),
    app_doc("jira-software__get_issues_for_epic", "Jira Software", "Returns the issues that belong to an epic."),
    # Stripe's payouts, subscriptions, customers, invoices and charges
    app_doc("stripe__get_payouts", "Stripe", "Returns a list of existing payouts."),
    app_doc("stripe__get_payouts_payout", "Stripe", "Retrieves the details of an existing payout."),
    app_doc("stripe__get_subscriptions", "Stripe", "By default, returns a list of subscriptions."),
    app_doc("stripe__get_customers", "Stripe", "Returns a list of your customers."),
    app_doc("stripe__get_customers_customer_payment_methods", "Stripe", "Lists a customer's payment methods."),
    app_doc("stripe__get_invoices", "Stripe", "You can list all invoices."),
    app_doc("stripe__get_invoices_invoice", "Stripe", "Retrieves the invoice with the given ID."),
    app_doc("stripe__post_invoices_invoice_pay", "Stripe", "Pay an invoice."),
    app_doc("stripe__get_charges_charge", "Stripe", "Retrieves the details of a charge."),
    app_doc("stripe__post_charges_charge_refund", "Stripe", "Refund a charge."),
    app_doc("stripe__get_charges_charge_refunds", "Stripe", "Lists the refunds of a charge."),
    app_doc("github__pulls_merge", "GitHub", "Merge a pull request."),
    app_doc("stripe__get_invoices_upcoming", "Stripe", "The upcoming invoice: its amount due and currency."),
    app_doc("stripe__get_charges", "Stripe", "Returns a list of charges you've previously created."),
    app_doc("stripe__post_issuing_authorizations_authorization_decline", "Stripe", "Declines a pending authorization."),
    # Asana's projects by team; Twilio's calls and its SIP mappings and yesterday's usage
    app_doc("asana__get_projects", "Asana", "Returns the compact project records."),
    app_doc("asana__get_projects_for_team", "Asana", "Returns the projects in the team."),
    app_doc("twilio__list_call", "Twilio", "Retrieves a collection of calls made to and from your account."),
    app_doc(
        "twilio__list_sip_auth_calls_credential_list_mapping", "Twilio", "Retrieve a list of credential list mappings."
    ),
    app_doc("twilio__list_usage_record_yesterday", "Twilio", "Usage records for yesterday."),
    # Slack's messages; Box's files; Intercom's contacts
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__chat_post_ephemeral", "Slack", "Sends an ephemeral message to a user in a channel."),
    app_doc("box__get_files_id", "Box", "Retrieves the details about a file."),
    app_doc("box__get_files_id_content", "Box", "Returns the contents of a file in binary format (download)."),
    app_doc("intercom__show_contact", "Intercom", "You can fetch the details of a single contact."),
    app_doc("intercom__search_contacts", "Intercom", "Search contacts by their name, email or phone."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


def ranked_index() -> SearchIndex:
    return SearchIndex.build(DOCS)


class TestContextSentences:
    def test_the_sentence_an_action_opens_after_statements_is_the_request(self) -> None:
        read = task_part("Our GitHub repo is acme/api. List its open pull requests.", sentences=True)
        assert read == "List its open pull requests."
        assert (
            task_part("We use Jira. Please create a bug for the crash.", sentences=True)
            == "create a bug for the crash."
        )

    def test_requests_of_their_own_and_one_sentence_are_kept(self) -> None:
        for kept in (
            "I need the invoices. Create a report.",  # the first asks too
            "Can you list my repos? Then create an issue.",
            "Create an issue. Assign it to me.",  # an action first
            "list stripe invoices from cal.com bookings",  # one sentence: "cal.com" goes on
            "We use Jira. It is slow.",  # no action
            "We are planning to move. Create a task.",  # a plan is asked for too
        ):
            assert task_part(kept, sentences=True) == kept
        assert task_part("We use Jira. Create a bug.", sentences=False) == "We use Jira. Create a bug."

    def test_a_word_opening_a_tools_name_acts(self) -> None:
        request = "We use Intercom for support. Reply to conversation 55 saying thanks."
        assert task_part(request, sentences=True) == request  # "reply" is no action word
        read = task_part(request, sentences=True, acts={"reply"}.__contains__)
        assert read == "Reply to conversation 55 saying thanks."

    def test_a_thing_named_like_a_wish_is_no_ask(self) -> None:
        read = task_part("My team uses Asana for planning. Create a task.", sentences=True)
        assert read == "Create a task."

    def test_ranked(self) -> None:
        query = "Our GitHub repo is acme/api. List its open pull requests."
        assert _names(query)[:1] == ["github__pulls_list"]
        assert _names(query, context_sentences=False)[:1] != ["github__pulls_list"]


class TestPossessiveValues:
    def test_possessors_are_read_with_the_words_after_them(self) -> None:
        assert possessors("today's stripe payouts") == (("today", ("stripe", "payouts")),)
        assert possessors("let's list stripe payouts") == ()  # a contraction
        assert possessors("it's the customer's") == ()  # nothing after it
        assert possessors("list stripe payouts") == ()

    def test_ranked(self) -> None:
        query = "today's stripe payouts"
        assert _names(query)[:1] == ["stripe__get_payouts"]
        assert _names(query, possessive_values=False) == []
        assert _names("acme's stripe subscriptions")[:1] == ["stripe__get_subscriptions"]

    def test_an_owner_a_name_carries_with_the_thing_stays(self) -> None:
        assert _names("the team's asana projects")[:1] == ["asana__get_projects_for_team"]

    def test_an_owner_named_by_kind_and_id_is_written_with_of(self) -> None:
        assert owned_as_of("stripe customer cus_123's invoices") == "stripe invoices of customer cus_123"
        assert owned_as_of("jira issue ENG-5\u2019s comments") == "jira comments of issue ENG-5"
        assert owned_as_of("acme's stripe subscriptions") == "acme's stripe subscriptions"  # no id
        assert _names("stripe customer cus_123's invoices")[:1] == ["stripe__get_invoices"]

    def test_an_owner_a_name_carries_without_the_thing_is_a_value(self) -> None:
        query = "yesterday's twilio calls"
        assert _names(query)[:1] == ["twilio__list_call"]
        assert _names(query, possessive_values=False)[:1] == ["twilio__list_usage_record_yesterday"]


class TestNegatedStates:
    def test_the_words_a_negation_rules_out(self) -> None:
        assert negated(tuple(tokenize("jira issues that are not done in project ENG"))) == (("not", "done"),)
        assert negated(tuple(tokenize("github PRs not yet reviewed in acme/web"))) == (("not", "reviewed"),)
        found = negated(tuple(tokenize("stripe customers without a default payment method")))
        assert [w for _, w in found] == ["default", "payment", "method"]
        assert negated(tuple(tokenize("close pull request 45 without merging"))) == ()  # an action ruled out
        assert negated(tuple(tokenize("list open pull requests"))) == ()
        # a prefix rules out the word it joins only
        assert negated(tuple(tokenize("non-archived asana projects"))) == (("non", "archived"),)

    def test_ranked(self) -> None:
        query = "github PRs not yet reviewed in acme/web"
        assert _names(query)[:1] == ["github__pulls_list"]
        # (the plural "PRs" opening it is no verb since the fifty-fourth round: ``plural_openings``)
        assert _names(query, negated_states=False, plural_openings=False)[:1] == ["github__pulls_get_review"]
        query = "stripe customers without a default payment method"
        assert _names(query)[:1] == ["stripe__get_customers"]
        assert _names(query, negated_states=False)[:1] == ["stripe__get_customers_customer_payment_methods"]

    def test_a_negation_a_name_says_stays(self) -> None:
        query = "jira software get issues without epic"
        assert "jira-software__get_issues_without_epic" in _names(query)
        assert _names(query) == _names(query, negated_states=False)

    def test_a_negation_that_is_a_word_of_its_own_leaves_too(self) -> None:
        query = "github PRs that were never reviewed"
        assert _names(query)[:1] == ["github__pulls_list"]
        assert "never" not in _names(query)

    def test_a_request_of_negated_words_only_keeps_them(self) -> None:
        query = "not reviewed in github"
        assert _names(query) == _names(query, negated_states=False)


class TestQuestionedStates:
    def test_a_state_asked_of_a_thing_is_a_value(self) -> None:
        query = "is jira issue OPS-3 resolved"
        assert _names(query)[:1] == ["jira__get_issue"]
        # (a yes/no question about one thing is its get as well, ``asked_things``)
        assert _names(query, questioned_states=False, asked_things=False)[:1] == ["jira__get_auto_complete"]

    def test_a_state_a_name_says_stays(self) -> None:
        assert _names("is github PR 12 in acme/api merged")[:1] == ["github__pulls_check_if_merged"]

    def test_a_wh_questions_participle_is_its_verb(self) -> None:
        query = "who reviewed pull request 88 in acme/api on github"
        assert _names(query)[:1] == ["github__pulls_get_review"]
        assert _names(query) == _names(query, questioned_states=False, participle_states=False)

    def test_paid_is_a_state(self) -> None:
        assert _names("is stripe invoice in_123 paid")[:1] == ["stripe__get_invoices_invoice"]


class TestParticipleStates:
    def test_a_participle_before_the_things_listed_is_a_value(self) -> None:
        query = "any declined stripe charges yesterday?"
        assert _names(query)[:1] == ["stripe__get_charges"]
        assert _names(query, participle_states=False)[:1] != ["stripe__get_charges"]

    def test_a_participle_a_name_says_as_written_stays(self) -> None:
        assert _names("merged github PRs in acme/api")[:1] == ["github__pulls_check_if_merged"]


class TestListedHeads:
    def test_a_verbless_list_is_headed_by_its_thing(self) -> None:
        assert _names("twilio calls")[:1] == ["twilio__list_call"]
        assert _names("twilio calls", listed_heads=False)[:1] != ["twilio__list_call"]
        assert _names("list twilio calls")[:1] == ["twilio__list_call"]


class TestThingUrls:
    APPS = frozenset({"github", "jira", "notion", "asana", "box", "slack", "stripe", "cal com"})
    VOCABULARY = frozenset({"issues", "pulls", "files", "file", "customers", "archive", "bookings"})

    def _read(self, request: str) -> str:
        return read_urls(request, self.APPS, self.VOCABULARY)

    def test_an_address_is_read_as_its_app_kind_and_id(self) -> None:
        assert self._read("close https://github.com/acme/web/issues/77") == "close github issue 77 in acme/web"
        assert self._read("https://github.com/acme/api/pull/12 files") == "github pull request 12 in acme/api files"
        assert self._read("list https://github.com/acme/api/issues.") == "list github issues in acme/api."
        assert self._read("get https://acme.atlassian.net/browse/ENG-5") == "get jira ENG-5"
        assert self._read("download https://app.box.com/file/998877") == "download box file 998877"
        assert self._read("get https://dashboard.stripe.com/customers/cus_1?x=1") == "get stripe customer cus_1"
        assert self._read("read https://www.notion.so/acme/Roadmap-9f2c1a") == "read notion page Roadmap-9f2c1a"
        assert self._read("see https://cal.com/bookings/upcoming") == "see cal.com bookings upcoming"

    def test_an_address_naming_no_app_of_the_org_stays(self) -> None:
        for kept in (
            "what is at https://example.com/issues/5",
            "curl https://api.github.com/repos/acme/api/issues",  # an endpoint (``endpoint_paths``)
            "list github issues",
        ):
            assert self._read(kept) == kept

    def test_an_action_in_the_path_is_no_kind(self) -> None:
        # (a Slack archive's path names its channel: the thirty-ninth round's reading, not an archiving)
        assert self._read("open https://acme.slack.com/archives/C0123") == "open slack channel C0123"
        assert self._read("open https://acme.slack.com/x/archives/C0123") == "open slack C0123"

    def test_ranked(self) -> None:
        query = "close https://github.com/acme/web/issues/77"
        assert _names(query)[:1] == ["github__issues_update"]
        assert _names(query, thing_urls=False) == []
        query = "https://github.com/acme/api/pull/12 list the changed files"
        assert _names(query)[:1] == ["github__pulls_list_files"]
        assert _names("download https://app.box.com/file/998877")[:1] == ["box__get_files_id_content"]

    def test_a_long_address_costs_its_length(self) -> None:
        started = time.perf_counter()
        self._read("get https://github.com/" + "a/" * 3000)
        self._read("https://" + "a." * 3000 + "com " * 100)
        _names("close https://github.com/acme/web/issues/77 " * 40)
        assert time.perf_counter() - started < 2.0


class TestFieldLists:
    def test_fields_listed_are_read(self) -> None:
        sequence = tuple(tokenize("get name, email and phone of intercom contact 55"))
        found = field_phrase(sequence, lists=True)
        assert found is not None and found.field == ("name", "email", "phone") and found.listed
        assert field_phrase(sequence) is None
        # the last field of two words; a participle after "and" opens no second action
        found = field_phrase(tuple(tokenize("show the size, owner and created date of box file 12")), lists=True)
        assert found is not None and found.field == ("size", "owner", "created", "date")
        # two words, no list: a field of two words, as before
        found = field_phrase(tuple(tokenize("get the due date of asana task 5")), lists=True)
        assert found is not None and found.field == ("due", "date") and not found.listed

    def test_ranked(self) -> None:
        query = "get name, email and phone of intercom contact 55"
        assert _names(query)[:1] == ["intercom__show_contact"]
        assert _names(query, field_lists=False)[:1] == ["intercom__search_contacts"]
        query = "get the amount and currency of stripe charge ch_1"
        assert _names(query)[:1] == ["stripe__get_charges_charge"]
        assert _names(query, field_lists=False)[:1] != ["stripe__get_charges_charge"]


_VERBS = {"refunded": "refund", "merged": "merge", "marked": "mark"}


class TestPassiveActions:
    def _active(self, request: str) -> str:
        return active_voice(request, _VERBS.get)

    def test_the_passive_is_read_in_the_active(self) -> None:
        assert self._active("the stripe charge ch_9 should be refunded") == "refund the stripe charge ch_9"
        assert self._active("github PR 44 needs to be merged today") == "merge github PR 44 today"
        assert self._active("a message needs to be sent to #eng on slack") == "send a message to #eng on slack"
        assert self._active("jira issue ENG-5 needs a comment saying fixed") == (
            "add a comment to jira issue ENG-5 saying fixed"
        )

    def test_what_names_no_thing_or_asks_a_list_stays(self) -> None:
        for kept in (
            "it should be possible to list stripe refunds",  # a pronoun
            "I need to be added to the channel",
            "list stripe disputes that need a response",  # an action first, a clause
            "list jira issues that should be closed",
            "the charge should be great",  # no participle
            "the charge should be frobbed",  # no verb the names write
        ):
            assert self._active(kept) == kept

    def test_ranked(self) -> None:
        query = "the stripe charge ch_9 should be refunded"
        assert _names(query)[:1] == ["stripe__post_charges_charge_refund"]
        assert _names(query, passive_actions=False)[:1] != ["stripe__post_charges_charge_refund"]
        query = "github PR 44 in acme/api should be merged"
        assert _names(query)[:1] == ["github__pulls_merge"]
        assert _names(query, passive_actions=False)[:1] != ["github__pulls_merge"]

    def test_a_long_request_costs_its_length(self) -> None:
        started = time.perf_counter()
        self._active("the charge " * 300 + "should be refunded")
        self._active("a " * 3000 + "needs")
        assert time.perf_counter() - started < 1.0


class TestSortOrders:
    def test_the_order_asked_for_leaves(self) -> None:
        index = ranked_index()
        for asked, bare in (
            ("list stripe customers newest first", "list stripe customers"),
            ("list stripe customers, sorted by created date desc", "list stripe customers"),
            ("github issues sorted by comments in acme/api", "github issues in acme/api"),
            ("xero invoices in descending order", "xero invoices"),
        ):
            assert without_formats(index, asked, ["Stripe"], orders=True) == bare
            assert without_formats(index, asked, ["Stripe"]) == asked
        assert without_formats(index, "newest first", ["Stripe"], orders=True) == "newest first"  # all it says

    def test_ranked(self) -> None:
        query = "list stripe customers newest first"
        assert _names(query)[:1] == ["stripe__get_customers"]
        assert _names(query, sort_orders=False) == []


class TestSpelledCounts:
    def test_a_count_in_words_before_things_is_a_value(self) -> None:
        assert spelled_counts(tuple(tokenize("the last five stripe charges"))) == {"five"}
        assert spelled_counts(tuple(tokenize("get the two factor requirement"))) == frozenset()
        assert spelled_counts(tuple(tokenize("one stripe charge"))) == frozenset()

    def test_ranked(self) -> None:
        query = "the last five stripe charges"
        assert _names(query)[:1] == ["stripe__get_charges"]
        assert _names(query, spelled_counts=False, unsaid_modifiers=False) == []


class TestPlainHyphens:
    def test_a_typographic_hyphen_inside_a_word_is_a_hyphen(self) -> None:
        assert plain_hyphens("get jira issue ENG\u20115") == "get jira issue ENG-5"
        assert plain_hyphens("ENG\u20135 \u2014 newest first") == "ENG-5 \u2014 newest first"
        assert _names("get jira issue ENG\u20115")[:1] == ["jira__get_issue"]


class TestSentTexts:
    def test_a_text_sent_with_no_thing_named_is_a_message(self) -> None:
        query = "post in slack #eng: build green"
        assert _names(query)[:1] == ["slack__chat_post_message"]
        assert _names(query, sent_messages=False)[:1] == ["slack__chat_post_ephemeral"]

    def test_the_words_after_a_lists_colon_are_values(self) -> None:
        assert {"amount", "currency", "status"} <= read_values("list stripe charges: amount, currency, status").values

    def test_the_text_after_a_notes_colon_is_a_value(self) -> None:
        assert {"deploy", "done"} <= read_values("slack msg to #eng: deploy done").values
        assert _names("slack msg to #eng: deploy done")[:1] == ["slack__chat_post_message"]
