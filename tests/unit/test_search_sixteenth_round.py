"""Issue 13's sixteenth round: a word written in another form than the app's names say it, a
noun made from a verb or an adjective ("cal.com *availability*") or two name words run together
("github *rerun*"), reads in the names' form (``word_forms``); a keyword search whose last word
is its action ("xero contact *archival*") reads with that action first (``keyword_order``); the
thing a request lists, written in the singular, reads in the plural the names say ("list stripe
*payout*", ``listed_plural``); a request's opening frame written without its subject ("*want to*
buy a twilio number") is a frame still."""

from __future__ import annotations

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.keyword_order import verb_first
from cardamom.core.search.options import SearchOptions
from cardamom.core.search.request_frame import without_preamble
from cardamom.core.search.word_forms import base_forms, listed_plural, name_form
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    # Cal.com's slots say "available", never "availability"
    app_doc("cal_com__slots_get_available_slots", "Cal.com", "Get available slots for an event type."),
    app_doc("cal_com__slots_reserve_slot", "Cal.com", "Reserve a slot. Make a slot not available for others."),
    app_doc("cal_com__bookings_get_booking", "Cal.com", "Get a booking."),
    app_doc("cal_com__bookings_cancel_booking", "Cal.com", "Cancel a booking."),
    # GitHub re-runs a workflow; its names say "re" and "run" apart
    app_doc("github__actions_re_run_workflow", "GitHub", "Re-run a workflow. Re-runs your workflow run."),
    app_doc("github__actions_get_workflow_run", "GitHub", "Get a workflow run."),
    app_doc("github__actions_cancel_workflow_run", "GitHub", "Cancel a workflow run."),
    app_doc("github__actions_list_workflow_runs", "GitHub", "List workflow runs for a workflow."),
    # Stripe finalizes an invoice; a confirmation is a payment intent's
    app_doc("stripe__post_invoices_invoice_finalize", "Stripe", "Finalize an invoice."),
    app_doc("stripe__post_invoices_invoice", "Stripe", "Update an invoice."),
    app_doc("stripe__delete_invoices_invoice", "Stripe", "Delete a draft invoice."),
    app_doc("stripe__post_payment_intents_intent_confirm", "Stripe", "Confirm a PaymentIntent."),
    app_doc("stripe__post_payment_intents_intent_cancel", "Stripe", "Cancel a PaymentIntent."),
    # Xero archives a contact and approves an invoice by updating them; it approves timesheets
    app_doc("xero__update_contact", "Xero", "Updates a specific contact in a Xero organisation."),
    app_doc("xero__get_contact", "Xero", "Retrieves a specific contact."),
    app_doc("xero__create_contacts", "Xero", "Creates one or more contacts."),
    app_doc("xero__create_contact_group", "Xero", "Creates a contact group."),
    app_doc("xero__update_invoice", "Xero", "Updates a specific sales invoice or purchase bill."),
    app_doc("xero__get_invoice", "Xero", "Retrieves a specific sales invoice."),
    app_doc("xero__approve_timesheet", "Xero", "Approves a timesheet."),
    # Asana completes a task by updating it, and adds a dependency by its name
    app_doc("asana__update_task", "Asana", "Update a task."),
    app_doc("asana__get_task", "Asana", "Get a task."),
    app_doc("asana__delete_task", "Asana", "Delete a task."),
    app_doc("asana__add_dependencies_for_task", "Asana", "Set dependencies for a task."),
    app_doc("asana__get_dependencies_for_task", "Asana", "Get dependencies from a task."),
    app_doc("asana__get_tasks_for_user_task_list", "Asana", "Get tasks from a user task list."),
    app_doc("asana__get_user_task_list", "Asana", "Get a user task list."),
    # Stripe lists payouts in the plural and retrieves one as ``..._payouts_payout``
    app_doc("stripe__get_payouts", "Stripe", "List all payouts. Returns a list of existing payouts."),
    app_doc("stripe__get_payouts_payout", "Stripe", "Retrieve a payout."),
    app_doc("stripe__post_payouts_payout_cancel", "Stripe", "Cancel a payout."),
    app_doc("notion__get_users", "Notion", "List all users."),
    app_doc("notion__get_user", "Notion", "Retrieve a user."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


def _tools(app: str, **switches: bool) -> tuple[SearchIndex, frozenset[int]]:
    index = SearchIndex.build(DOCS, SearchOptions(**switches))
    return index, frozenset(i for i, d in enumerate(index.documents) if d.name.startswith(app + "__"))


class TestWordForms:
    def test_the_words_a_derived_word_is_made_from(self) -> None:
        assert base_forms("availability") == ("available",)
        assert base_forms("verification") == ("verify",)
        assert base_forms("cancellation") == ("cancel",)
        assert "invite" in base_forms("invitation") and "duplicate" in base_forms("duplication")
        assert base_forms("approval") == ("approve",) and base_forms("archival") == ("archive",)
        assert base_forms("assignment") == ("assign",) and base_forms("addition")[0] == "add"
        # too short a stem is a word of its own; no derivational ending, no base
        assert base_forms("comment") == () and base_forms("segment") == () and base_forms("issue") == ()

    def test_a_form_is_read_only_where_no_name_says_the_word(self) -> None:
        index, cal = _tools("cal_com")
        assert name_form(index, "availability", cal) == ("available",)
        assert name_form(index, "booking", cal) is None  # the names say it
        index, github = _tools("github", fused_names=False)  # (which reads "rerun" as a name's word already)
        assert name_form(index, "rerun", github) == ("re", "run")
        assert name_form(index, "workflow", github) is None
        assert name_form(index, "rerun", cal) is None  # no Cal.com name says "re" then "run"

    def test_beside_another_action_a_noun_made_from_a_verb_is_a_thing(self) -> None:
        # "edit the issue *attachment*": the attachment is what the request edits, no "attach"
        index, stripe = _tools("stripe")
        assert name_form(index, "finalization", stripe) == ("finalize",)
        assert name_form(index, "finalization", stripe, acted=True) is None
        index, cal = _tools("cal_com")
        assert name_form(index, "availability", cal, acted=True) == ("available",)  # an adjective's

    def test_the_request_finds_the_tool_in_the_names_form(self) -> None:
        for query, tool in (
            ("cal.com availability slots", "cal_com__slots_get_available_slots"),
            ("check my availability on cal.com next week", "cal_com__slots_get_available_slots"),
            ("github rerun workflow 991", "github__actions_re_run_workflow"),
            ("stripe invoice finalization for in_123", "stripe__post_invoices_invoice_finalize"),
        ):
            assert _names(query)[0] == tool, query
            # (the twenty-eighth round's ``verbal_nouns`` reads "finalization" as "finalize" too,
            # the fifty-eighth's ``fused_names`` "rerun" as ``re_run``)
            assert _names(query, word_forms=False, verbal_nouns=False, fused_names=False)[:1] != [tool], query

    def test_a_word_said_elsewhere_in_another_app_is_no_form(self) -> None:
        # no Cal.com tool re-runs anything: the request stays unanswered, not Cal.com's runs
        assert _names("cal.com rerun booking") == []


class TestKeywordOrder:
    def test_a_trailing_action_is_read_first(self) -> None:
        assert verb_first("xero contact archival") == "archive xero contact"
        assert verb_first("stripe payment intent confirmation") == "confirm stripe payment intent"
        assert verb_first("cal.com booking cancel") == "cancel cal.com booking"
        assert verb_first("xero invoice voiding") == "void xero invoice"
        assert verb_first("stripe coupon creation") == "create stripe coupon"

    def test_things_and_sentences_keep_their_order(self) -> None:
        for query in (
            "github workflow run",  # a thing ("run" is left out)
            "asana task list",
            "jira status update",
            "stripe customers deleted",  # an adjective in -ed
            "archive the xero contact",  # a sentence
            "slack message send channel",  # its action is not last
            "create stripe coupon",  # already first
            "jira archival",  # too short to be a bag of words
        ):
            assert verb_first(query) == query, query

    def test_a_verb_as_often_a_noun_is_the_action_where_no_name_says_the_thing(self) -> None:
        def names(first: str, second: str) -> bool:
            return (first, second) in {("task", "list"), ("workflow", "run")}

        assert verb_first("stripe payout list", names) == "list stripe payout"
        assert verb_first("cal.com schedule update", names) == "update cal.com schedule"
        assert verb_first("asana task list", names) == "asana task list"
        assert verb_first("github workflow run", names) == "github workflow run"
        assert verb_first("stripe payout list") == "stripe payout list"  # nothing to ask: a noun

    def test_the_request_finds_the_tool_its_action_asks_for(self) -> None:
        for query, tool in (
            ("xero contact archival", "xero__update_contact"),
            ("xero invoice approve", "xero__update_invoice"),
            ("asana task completion", "asana__update_task"),
            ("xero contact create", "xero__create_contacts"),
        ):
            assert _names(query)[0] == tool, query
            # (the twenty-eighth round's ``verbal_nouns`` reads "archival" as "archive" too)
            assert _names(query, keyword_order=False, verbal_nouns=False)[:1] != [tool], query

    def test_a_thing_named_by_an_action_word_is_still_found(self) -> None:
        assert _names("asana user task list")[0] == "asana__get_user_task_list"
        assert _names("asana task list")[0] == "asana__get_user_task_list"  # a name says "task list"
        assert _names("asana task dependency addition")[0] == "asana__add_dependencies_for_task"


class TestListedPlural:
    def test_the_plural_a_name_says(self) -> None:
        index, stripe = _tools("stripe")
        assert listed_plural(index, "list", "payout", stripe) == "payouts"
        assert listed_plural(index, "list", "payouts", stripe) is None  # plural already
        assert listed_plural(index, "get", "payout", stripe) is None  # one payout
        _, notion = _tools("notion")
        assert listed_plural(index, "list", "payout", notion) is None  # no Notion name says it

    def test_a_listing_request_finds_the_list(self) -> None:
        for query, tool in (
            ("list stripe payout", "stripe__get_payouts"),
            ("list notion user", "notion__get_users"),
            ("notion list all user", "notion__get_users"),
            ("stripe payout list", "stripe__get_payouts"),  # read as "list stripe payout" first
        ):
            assert _names(query)[0] == tool, query
            assert _names(query, listed_plural=False)[0] != tool, query

    def test_one_thing_is_still_one(self) -> None:
        assert _names("get stripe payout po_12")[0] == "stripe__get_payouts_payout"
        assert _names("retrieve the notion user")[0] == "notion__get_user"


class TestFrameWithoutItsSubject:
    def test_the_frame_is_read_off_without_its_subject(self) -> None:
        assert without_preamble("want to buy a twilio phone number") == "buy a twilio phone number"
        assert without_preamble("trying to delete a slack message") == "delete a slack message"
        assert without_preamble("would like to cancel a booking") == "cancel a booking"
        assert without_preamble("wanna list my github repos") == "list my github repos"
        assert without_preamble("I wanna archive the page") == "archive the page"

    def test_what_is_no_frame_stays(self) -> None:
        for request in ("need help", "like a post", "want list", "looking glass settings", "need to"):
            assert without_preamble(request) == request

    def test_the_request_after_it_finds_its_tool(self) -> None:
        assert _names("want to cancel my cal.com booking")[0] == "cal_com__bookings_cancel_booking"
