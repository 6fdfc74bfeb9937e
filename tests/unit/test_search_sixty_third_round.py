"""Issue 13's sixty-third round: a thing deactivated is written, never read (``destructive_actions``);
days as schedules shorten them are values ("Mon-Fri", ``dated_words``); a thing looked up "by id"
with no id given (``id_lookups``); ownership transferred is the owner changed (``slang_verbs``);
a "who" question about acts no doer's word names (``acted_lists``); an abbreviation's stop ends no
sentence ("e.g. mute them", ``request_parts``) and "i.e." opens an aside; a VAT number is a tax id."""

from __future__ import annotations

from cardamom.core.search.argument_values import read_values
from cardamom.core.search.aside_clauses import without_asides
from cardamom.core.search.dated_words import names_days
from cardamom.core.search.destructive_actions import contradicts, request_action
from cardamom.core.search.id_lookups import id_lookups
from cardamom.core.search.request_parts import task_part
from cardamom.core.search.slang_verbs import plain_verb
from tests.unit.search_documents import app_doc, shipped_names

STRIPE = [
    app_doc(
        "stripe__get_promotion_codes_promotion_code",
        "Stripe",
        "Retrieves the promotion code with the given ID. In order to retrieve a promotion code by the customer-facing "
        "code use list with the desired code.",
    ),
    app_doc(
        "stripe__post_promotion_codes_promotion_code",
        "Stripe",
        "Updates the specified promotion code by setting the values of the parameters passed. Most fields are, by "
        "design, not editable.",
    ),
    app_doc("stripe__get_promotion_codes", "Stripe", "Returns a list of your promotion codes."),
    app_doc("stripe__post_promotion_codes", "Stripe", "A promotion code points to a coupon."),
    app_doc("stripe__post_coupons_coupon", "Stripe", "Updates the metadata of a coupon."),
    app_doc(
        "stripe__post_linked_accounts_account_disconnect",
        "Stripe",
        "Disables your access to a Financial Connections Account. You will no longer be able to access data.",
    ),
    app_doc(
        "stripe__post_identity_verification_sessions_session_cancel",
        "Stripe",
        "A VerificationSession object can be canceled. Once canceled, future submission attempts are disabled.",
    ),
    app_doc("stripe__get_customers_customer_tax_ids", "Stripe", "Returns a list of tax IDs for a customer."),
    app_doc(
        "stripe__get_customers_customer_tax_ids_id", "Stripe", "Retrieves the tax_id object with the given identifier."
    ),
    app_doc("stripe__post_customers_customer_tax_ids", "Stripe", "Creates a new tax_id object for a customer."),
    app_doc("stripe__post_customers_customer", "Stripe", "Updates the specified customer."),
    app_doc("stripe__post_tax_rates", "Stripe", "Creates a new tax rate."),
]
XERO = [
    app_doc("xero__get_file", "Xero", "Retrieves a file by a unique file ID."),
    app_doc("xero__get_files", "Xero", "Retrieves files."),
    app_doc(
        "xero__get_account_attachment_by_id",
        "Xero",
        "Retrieves a specific attachment from a specific account using a unique attachment Id.",
    ),
    app_doc(
        "xero__get_invoice_attachment_by_id",
        "Xero",
        "Retrieves a specific attachment from a specific invoices or purchase bills by using a unique attachment Id.",
    ),
    app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices or purchase bills."),
]
INTERCOM = [
    app_doc(
        "intercom__retrieve_a_company_by_id", "Intercom", "Retrieve a company by ID. You can fetch a single company."
    ),
    app_doc(
        "intercom__retrieve_company",
        "Intercom",
        "Retrieve companies. You can fetch a single company by passing in `company_id` or `name`.",
    ),
    app_doc("intercom__list_all_companies", "Intercom", "List all companies."),
]
JIRA = [
    app_doc("jira__change_filter_owner", "Jira", "Change filter owner. Changes the owner of the filter."),
    app_doc("jira__get_filter", "Jira", "Get filter. Returns a filter."),
    app_doc("jira__move_version", "Jira", "Move version. Modifies the version's sequence within the project."),
    app_doc("jira__get_votes", "Jira", "Get votes. Returns details about the votes on an issue."),
    app_doc("jira__get_issue_watchers", "Jira", "Get issue watchers. Returns the watchers for an issue."),
    app_doc("jira__get_issue", "Jira", "Get issue. Returns the details for an issue."),
]
GITHUB = [
    app_doc("github__reactions_list_for_issue", "GitHub", "List reactions for an issue."),
    app_doc("github__reactions_create_for_issue", "GitHub", "Create reaction for an issue."),
    app_doc("github__issues_get", "GitHub", "Get an issue."),
    app_doc("github__issues_list_comments", "GitHub", "List issue comments."),
]
TWILIO = [
    app_doc("twilio__update_participant", "Twilio", "Update the properties of the participant."),
    app_doc("twilio__fetch_participant", "Twilio", "Fetch an instance of a participant."),
    app_doc("twilio__create_participant", "Twilio", "Create a participant."),
]
NOTION = [
    app_doc("notion__patch_page", "Notion", "Update page properties. Updates the properties of a page."),
    app_doc("notion__retrieve_a_page_property", "Notion", "Retrieve a page property item."),
    app_doc("notion__retrieve_a_page", "Notion", "Retrieve a page."),
]
CAL = [
    app_doc(
        "cal-com__schedules_controller_create_schedule",
        "Cal.com",
        "Create a schedule for the authenticated user. The point of creating schedules is for event types to be "
        "available at specific times.",
    ),
    app_doc("cal-com__schedules_controller_update_schedule", "Cal.com", "Update a schedule."),
    app_doc("cal-com__schedules_controller_get_schedules", "Cal.com", "Get all schedules of the authenticated user."),
]


def _nothing(word: str) -> bool:
    return False


class TestDeactivating:
    def test_deactivating_is_the_request_s_action(self) -> None:
        assert request_action(["deactivate", "promo", "code"], setting=True) == "deactivate"
        assert request_action(["deactivate", "promo", "code"]) is None

    def test_a_name_that_only_reads_contradicts_it(self) -> None:
        assert contradicts("deactivate", ["get", "promotion", "codes"], reads=True, writes=True)
        assert not contradicts("deactivate", ["post", "promotion", "codes"], reads=True, writes=True)

    def test_a_delete_may_still_answer_it(self) -> None:
        assert not contradicts("disable", ["delete", "webhook"], reads=True, writes=True)

    def test_the_request_finds_the_update(self) -> None:
        query = "Deactivate Stripe promo code promo_1MiM6K so it can no longer be used"
        assert shipped_names(STRIPE, query)[:1] == ["stripe__post_promotion_codes_promotion_code"]
        assert shipped_names(STRIPE, query, setting_actions=False)[:1] == ["stripe__get_promotion_codes_promotion_code"]


class TestDroppedVerbs:
    def test_a_verb_no_name_says_still_opens_the_request(self) -> None:
        # "set" is scaffolding where no name says it, and left the words the request's action is read from
        query = 'Set the Status property to "Done" on a Notion page'
        assert shipped_names(NOTION, query)[:1] == ["notion__patch_page"]
        assert shipped_names(NOTION, query, setting_actions=False)[:1] == ["notion__retrieve_a_page_property"]


class TestChangesMade:
    QUOTES = (
        app_doc("xero__get_quote", "Xero", "Retrieves a specific quote using a unique quote Id."),
        app_doc("xero__get_quote_history", "Xero", "Retrieves history records for a specific quote."),
        app_doc("xero__get_quote_attachments", "Xero", "Retrieves attachments for a specific quote."),
    )

    def test_the_changes_made_to_a_thing_are_its_history(self) -> None:
        for query in ("What changes have been made to Xero quote QU-0012?", "show changes to xero quote QU-0012"):
            assert shipped_names(list(self.QUOTES), query)[:1] == ["xero__get_quote_history"]
        unread = shipped_names(list(self.QUOTES), "show changes to xero quote QU-0012", changed_histories=False)
        assert unread[:1] == ["xero__get_quote"]


class TestDays:
    def test_days_as_schedules_write_them(self) -> None:
        assert names_days("Mon-Fri") and names_days("sat/sun") and names_days("Mon") and names_days("weekdays")
        assert names_days("jan-mar") and names_days("Friday")
        assert not names_days("sun") and not names_days("wed") and not names_days("sun-dried")

    def test_they_are_values(self) -> None:
        reading = read_values('create a schedule "Work hours" Mon-Fri 9:00-17:00 open weekdays')
        assert {"mon", "fri", "weekdays"} <= reading.values

    def test_the_request_finds_the_schedule(self) -> None:
        query = (
            'Set up a new availability schedule "Work hours" Mon-Fri 9:00-17:00 in Europe/Berlin timezone on Cal.com'
        )
        assert shipped_names(CAL, query)[:1] == ["cal-com__schedules_controller_create_schedule"]


class TestIdLookups:
    def test_the_lookup_s_words(self) -> None:
        assert id_lookups("xero get file by id") == {"id"}
        assert id_lookups("Look up a node by its ID") == {"id"}
        assert id_lookups("fetch the tasks by their ids") == {"ids"}
        assert id_lookups("get file 12") == frozenset() and id_lookups("sort the idea list by date") == frozenset()

    def test_the_thing_named_decides(self) -> None:
        assert shipped_names(XERO, "xero get file by id")[:1] == ["xero__get_file"]
        assert shipped_names(XERO, "xero get file by id", id_lookups=False)[:1] != ["xero__get_file"]

    def test_a_name_saying_by_id_still_comes_first(self) -> None:
        assert shipped_names(INTERCOM, "intercom get company by id")[:1] == ["intercom__retrieve_a_company_by_id"]


class TestOwnership:
    def test_ownership_transferred_is_the_owner_changed(self) -> None:
        request = "transfer ownership of Jira filter 10045 to maria@acme.com"
        assert plain_verb(request, _nothing) == "change the owner of Jira filter 10045 to maria@acme.com"
        assert plain_verb(request, lambda word: word == "transfer") == request  # (an app saying "transfer")

    def test_the_request_finds_the_change(self) -> None:
        query = "transfer ownership of Jira filter 10045 to maria@acme.com"
        assert shipped_names(JIRA, query)[:1] == ["jira__change_filter_owner"]


class TestTurnedOffRequirements:
    def test_a_required_thing_turned_off_is_its_requirement_removed(self) -> None:
        assert plain_verb("Turn off required status checks on main", _nothing) == (
            "remove the requirement for status checks on main"
        )
        assert plain_verb("disable the enforced branch protection for admins", _nothing) == (
            "remove the enforcement of branch protection for admins"
        )
        assert plain_verb("turn off the webhook", _nothing) == "turn off the webhook"


class TestActedLists:
    def test_who_voted_lists_the_votes(self) -> None:
        assert shipped_names(JIRA, "who voted on jira issue PROJ-231?")[:1] == ["jira__get_votes"]
        assert shipped_names(JIRA, "who voted on jira issue PROJ-231?", acted_lists=False)[:1] != ["jira__get_votes"]

    def test_who_reacted_lists_the_reactions(self) -> None:
        query = "who reacted with thumbs up on github issue #42 in octocat/hello-world?"
        assert shipped_names(GITHUB, query)[:1] == ["github__reactions_list_for_issue"]

    def test_the_doers_word_still_comes_first(self) -> None:
        assert shipped_names(JIRA, "who is watching jira issue PROJ-9")[:1] == ["jira__get_issue_watchers"]


class TestAbbreviations:
    def test_e_g_ends_no_step(self) -> None:
        request = "Update a participant's properties in Twilio, e.g. mute them"
        assert task_part(request, steps=True) == request
        assert task_part("Create a task in Asana. Assign it to me.", steps=True) == "Create a task in Asana"

    def test_i_e_opens_an_aside(self) -> None:
        assert without_asides("add a label to github issue 5, i.e. mark it as a bug") == "add a label to github issue 5"

    def test_the_request_finds_the_update(self) -> None:
        query = "Update a participant's properties in Twilio, e.g. mute them"
        assert shipped_names(TWILIO, query)[:1] == ["twilio__update_participant"]


class TestTaxIds:
    def test_a_vat_number_is_a_tax_id(self) -> None:
        query = "Add VAT number DE123456789 to Stripe customer cus_Q1"
        assert shipped_names(STRIPE, query)[:1] == ["stripe__post_customers_customer_tax_ids"]

    def test_tax_ids_stay_plural(self) -> None:
        query = "list tax IDs for stripe customer cus_9s6XKzkNRiz8i3"
        assert shipped_names(STRIPE, query)[:1] == ["stripe__get_customers_customer_tax_ids"]
