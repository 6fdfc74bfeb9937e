"""Issue 13's thirty-eighth round: a name in capitals is a guessed name (``constant_names``); a
question asking how many things there are counts them (``counted_questions``); a thing handed to a
person is assigned to them (``handed_things``); and, without a switch: an id's app named before it
("get stripe cus_1") and ids in mixed case ("pi_3MtwBw..."); "would you mind", "would you be able
to" and "are you able to" as a request's frame; "do not disturb" as "dnd"; "toss", "bin", "zap"
opening a request as "delete"; time told as spent logged as a worklog, only in an app keeping
worklogs; someone, anyone, asked to review; a statement of a state before a comma ("X has the wrong
name, ...", "my cal.com booking 55 clashes ...") and the one thing it names for its "it", its place
aside; a noun verb attaching its thing to the one the request names ("label issue 9"); "when does X
start" asking X's time; a second step on what the first names ("... and email it to bob"); what goes
before or after a request ("... after exporting its history"); "has X got" as
"does X have"."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.camel_words import lowered_constant
from cardamom.core.search.checked_states import as_question
from cardamom.core.search.counting_words import counted_question
from cardamom.core.search.outcome_requests import handed_to, switched
from cardamom.core.search.prefixed_ids import kinded_ids
from cardamom.core.search.quantities import without_counts
from cardamom.core.search.reason_clauses import without_reasons
from cardamom.core.search.request_frame import without_preamble
from cardamom.core.search.request_parts import task_part, without_tags
from cardamom.core.search.thing_questions import timed_question, with_thing
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    app_doc(
        "stripe__post_refunds", "Stripe", "Create a refund. When you create a new refund, you must specify a charge."
    ),
    app_doc(
        "stripe__post_test_helpers_issuing_transactions_create_unlinked_refund",
        "Stripe",
        "Create an unlinked refund. Allows the user to refund an arbitrary amount (test mode).",
    ),
    app_doc("stripe__get_payment_intents_intent", "Stripe", "Retrieve a PaymentIntent. Retrieves a PaymentIntent."),
    app_doc("stripe__post_payment_intents_intent", "Stripe", "Update a PaymentIntent."),
    app_doc("stripe__get_payment_intents", "Stripe", "List all PaymentIntents."),
    app_doc("stripe__get_invoices_upcoming", "Stripe", "Retrieve an upcoming invoice."),
    app_doc("stripe__get_customers_customer", "Stripe", "Retrieve a customer."),
    app_doc("stripe__get_customers", "Stripe", "List all customers."),
    app_doc("stripe__delete_coupons_coupon", "Stripe", "Delete a coupon."),
    app_doc("stripe__get_coupons_coupon", "Stripe", "Retrieve a coupon."),
    app_doc("xero__email_invoice", "Xero", "Sends a copy of a specific invoice to related contact via email."),
    app_doc("asana__get_tasks_for_project", "Asana", "Get tasks from a project."),
    app_doc("asana__get_projects_for_task", "Asana", "Get projects a task is in."),
    app_doc("asana__get_task_counts_for_project", "Asana", "Get task count of a project."),
    app_doc("asana__get_tasks", "Asana", "Get multiple tasks."),
    app_doc("github__issues_list", "GitHub", "List issues assigned to the authenticated user."),
    app_doc("github__issues_list_for_repo", "GitHub", "List repository issues."),
    app_doc("github__issues_add_assignees", "GitHub", "Add assignees to an issue."),
    app_doc("github__issues_create_label", "GitHub", "Create a label. Creates a label for the repository."),
    app_doc("github__issues_add_labels", "GitHub", "Add labels to an issue."),
    app_doc("github__issues_get_label", "GitHub", "Get a label."),
    app_doc("github__issues_list_labels_on_issue", "GitHub", "List labels for an issue."),
    app_doc("github__pulls_request_reviewers", "GitHub", "Request reviewers for a pull request."),
    app_doc("github__pulls_create_review", "GitHub", "Create a review for a pull request."),
    app_doc(
        "github__pulls_update", "GitHub", "Update a pull request. Change its title, body or state (open or closed)."
    ),
    app_doc("github__activity_get_stargazer_count_for_repo", "GitHub", "Get the stargazer count for a repository."),
    app_doc("github__activity_list_stargazers_for_repo", "GitHub", "List stargazers."),
    app_doc("github__repos_enable_vulnerability_alerts", "GitHub", "Enable vulnerability alerts for a repository."),
    app_doc("github__repos_disable_vulnerability_alerts", "GitHub", "Disable vulnerability alerts for a repository."),
    app_doc("github__repos_check_vulnerability_alerts", "GitHub", "Check if vulnerability alerts are enabled."),
    app_doc("github__pulls_list", "GitHub", "List pull requests."),
    app_doc("github__pulls_list_review_comments_for_repo", "GitHub", "List review comments in a repository."),
    app_doc("box__get_folders_id_items", "Box", "List items in folder."),
    app_doc("box__get_files_id_trash", "Box", "Get trashed file."),
    app_doc("jira__assign_issue", "Jira", "Assign issue. Assigns an issue to a user."),
    app_doc("jira__get_issue", "Jira", "Get issue."),
    app_doc("jira__do_transition", "Jira", "Transition issue. Performs an issue transition, closing or reopening it."),
    app_doc("jira__add_worklog", "Jira", "Add worklog. Adds a worklog to an issue."),
    app_doc("asana__create_time_tracking_entry", "Asana", "Create a time tracking entry on a task."),
    app_doc("asana__get_audit_log_events", "Asana", "Get audit log events."),
    app_doc("slack__dnd_info", "Slack", "Retrieves a user's current Do Not Disturb status."),
    app_doc("slack__dnd_set_snooze", "Slack", "Turns on Do Not Disturb mode for the current user."),
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    app_doc("slack__conversations_history", "Slack", "Fetches a conversation's history of messages and events."),
    app_doc("box__put_files_id", "Box", "Update file. Updates a file, its name or its description."),
    app_doc("box__get_files_id", "Box", "Get file information."),
    app_doc(
        "cal-com__bookings_controller_2024_08_13_reschedule_booking", "Cal.com", "Reschedule a booking by its uid."
    ),
    app_doc("cal-com__bookings_controller_2024_08_13_get_bookings", "Cal.com", "Get all bookings."),
    app_doc("cal-com__bookings_controller_2024_08_13_get_booking", "Cal.com", "Get a booking."),
]
_INDEX = SearchIndex.build(DOCS)


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestConstantNames:
    def test_a_name_in_capitals_is_a_guessed_name(self) -> None:
        assert lowered_constant("STRIPE_CREATE_REFUND") == "stripe_create_refund"
        assert _names("STRIPE_CREATE_REFUND")[:1] == ["stripe__post_refunds"]
        assert _names("STRIPE_CREATE_REFUND", constant_names=False)[:1] == [
            "stripe__post_test_helpers_issuing_transactions_create_unlinked_refund"
        ]
        assert _names("ASANA_GET_TASKS_FROM_PROJECT")[:1] == ["asana__get_tasks_for_project"]
        assert _names("ASANA_GET_TASKS_FROM_PROJECT", constant_names=False)[:1] == ["asana__get_projects_for_task"]

    def test_keys_and_sentences_in_capitals_stay(self) -> None:
        for written in ("OPS-12", "ENG-5", "US_EAST_1", "HTTP", "GET /v1/charges", "STRIPE CREATE REFUND"):
            assert lowered_constant(written) == written


class TestCountedQuestions:
    def test_a_count_a_name_says_answers_how_many(self) -> None:
        tools = _INDEX.tools_of(["Asana"])
        assert counted_question(_INDEX, "how many tasks are in asana project 123", tools) == (
            "count tasks in asana project 123"
        )
        assert _names("how many tasks are in asana project 123")[:1] == ["asana__get_task_counts_for_project"]
        assert _names("how many tasks are in asana project 123", counted_questions=False)[:1] == [
            "asana__get_tasks_for_project"
        ]
        assert _names("number of tasks in asana project 123")[:1] == ["asana__get_task_counts_for_project"]

    def test_things_no_name_counts_are_listed_where_they_are(self) -> None:
        tools = _INDEX.tools_of(["GitHub"])
        assert counted_question(_INDEX, "how many open issues does acme/api have on github", tools) == (
            "list open issues in acme/api on github"
        )
        assert _names("how many open issues does acme/api have on github")[:1] == ["github__issues_list_for_repo"]
        assert _names("how many open issues does acme/api have on github", counted_questions=False)[:1] == [
            "github__issues_list"
        ]
        assert _names("how many stargazers does acme/api have on github")[:1] == [
            "github__activity_get_stargazer_count_for_repo"
        ]

    def test_what_was_done_and_the_askers_own_stay_as_asked(self) -> None:
        tools = _INDEX.tools_of(["GitHub"])
        request = "how many messages did we send today"
        assert counted_question(_INDEX, request, tools) == request
        assert counted_question(_INDEX, "how many issues do we have", tools) == "list issues"
        assert counted_question(_INDEX, "how much time is left", tools) == "how much time is left"


class TestHandedThings:
    def test_a_thing_handed_to_a_person_is_assigned(self) -> None:
        tools = _INDEX.tools_of(["Jira"])
        assert handed_to(_INDEX, "give the jira issue OPS-7 to alice", tools) == "assign the jira issue OPS-7 to alice"
        assert _names("give the jira issue OPS-7 to alice")[:1] == ["jira__assign_issue"]
        assert _names("give the jira issue OPS-7 to alice", handed_things=False) == []
        assert _names("give the ticket ENG-4 to bob in jira")[:1] == ["jira__assign_issue"]
        assert _names("hand github issue 12 over to octocat")[:1] == ["github__issues_add_assignees"]

    def test_what_no_name_assigns_stays(self) -> None:
        for request, app in (("give box file 5 to bob", "Box"), ("give the issue OPS-3 to the team", "Jira")):
            assert handed_to(_INDEX, request, _INDEX.tools_of([app])) == request


class TestSwitchedThings:
    def test_a_thing_turned_on_or_off_is_enabled_or_disabled(self) -> None:
        tools = _INDEX.tools_of(["GitHub"])
        request = "turn on vulnerability alerts for acme/api on github"
        assert switched(_INDEX, request, tools) == "enable vulnerability alerts for acme/api on github"
        assert _names(request)[:1] == ["github__repos_enable_vulnerability_alerts"]
        assert _names(request, switched_things=False)[:1] != ["github__repos_enable_vulnerability_alerts"]
        assert _names("turn off vulnerability alerts for acme/api on github")[:1] == [
            "github__repos_disable_vulnerability_alerts"
        ]

    def test_what_no_name_enables_stays(self) -> None:
        request = "turn off droplet 55"
        assert switched(_INDEX, request, _INDEX.tools_of(["GitHub"])) == request


class TestCountedLimits:
    def test_the_number_of_things_asked_for_is_a_limit(self) -> None:
        assert without_counts("list 20 box files in folder 5") == "list box files in folder 5"
        assert (
            without_counts("the 5 most recent github issues in acme/api") == "the most recent github issues in acme/api"
        )
        assert _names("list 20 box files in folder 5")[:1] == ["box__get_folders_id_items"]
        assert _names("list 5 github issues in acme/api")[:1] == ["github__issues_list_for_repo"]
        assert _names("list 5 github issues in acme/api", counted_limits=False)[:1] == ["github__issues_list"]

    def test_amounts_ids_and_superlatives_stay(self) -> None:
        for written in (
            "add 2 hours to jira issue ENG-6",  # an amount before its unit
            "get issue 5 comments",  # an id after its kind
            "the latest 5 releases of acme/api",  # a superlative's count says a list
            "top 3 largest stripe charges",
            "send 100 sms",
        ):
            assert without_counts(written) == written


class TestVerblessLists:
    def test_things_listed_for_a_container_no_verb_said(self) -> None:
        assert _names("github issues in acme/api")[:1] == ["github__issues_list_for_repo"]
        assert _names("the most recent github issues in acme/api")[:1] == ["github__issues_list_for_repo"]

    def test_a_name_saying_more_than_the_container_is_no_list_for_it(self) -> None:
        assert _names("github pull requests in acme/api")[:1] == ["github__pulls_list"]


class TestIdsWritten:
    def test_the_apps_name_before_an_id_is_no_kind(self) -> None:
        assert kinded_ids(_INDEX, "get stripe pi_123", ["Stripe"]) == "get stripe payment intent pi_123"
        assert _names("get stripe pi_123")[:1] == ["stripe__get_payment_intents_intent"]

    def test_an_id_in_mixed_case_has_its_kind(self) -> None:
        request = "look at stripe pi_3MtwBwLkdIwHu7ix28a3tqPa"
        assert kinded_ids(_INDEX, request, ["Stripe"]) == "look at stripe payment intent pi_3MtwBwLkdIwHu7ix28a3tqPa"
        assert _names(request)[:1] == ["stripe__get_payment_intents_intent"]
        assert _names("get stripe cus_NffrFeUfNV2Hib")[:1] == ["stripe__get_customers_customer"]


class TestFramesAndPhrases:
    def test_longer_forms_of_asking(self) -> None:
        assert without_preamble("would you mind closing jira issue OPS-12 for me") == "close jira issue OPS-12 for me"
        assert without_preamble("would you be able to cancel it") == "cancel it"
        assert without_preamble("are you able to list my asana projects") == "list my asana projects"
        assert without_preamble("could you be so kind as to delete box file 12") == "delete box file 12"
        assert _names("would you mind closing jira issue OPS-12 for me")[:1] == ["jira__do_transition"]

    def test_do_not_disturb_is_dnd(self) -> None:
        assert _names("turn on do not disturb in slack for an hour")[:1] == ["slack__dnd_set_snooze"]

    def test_slang_opening_a_request_throws_away(self) -> None:
        assert _names("toss the stripe coupon SUMMER20")[:1] == ["stripe__delete_coupons_coupon"]
        assert _names("zap stripe coupon SUMMER20")[:1] == ["stripe__delete_coupons_coupon"]
        assert _names("the stripe coupon bin")[:1] != ["stripe__delete_coupons_coupon"]  # (a noun elsewhere)

    def test_markup_tags_wrapping_a_request_leave(self) -> None:
        assert without_tags("<request>list stripe customers</request>") == "list stripe customers"
        assert _names("<request>list stripe customers</request>")[:1] == ["stripe__get_customers"]
        for written in ("list repos with <b> in the name", "a <request> alone", "x </y>"):
            assert without_tags(written) == written  # (no pair of tags)

    def test_has_got_is_have(self) -> None:
        assert as_question("has stripe customer cus_88 got any open invoices") == (
            "does stripe customer cus_88 have any open invoices"
        )


class TestTimeSpent:
    def test_time_spent_is_a_worklog(self) -> None:
        assert _names("I spent 3 hours on jira issue ENG-21")[:1] == ["jira__add_worklog"]
        assert _names("worked 90 minutes on jira OPS-4")[:1] == ["jira__add_worklog"]

    def test_an_app_keeping_no_worklogs_keeps_its_words(self) -> None:
        # ("worklog" read in Asana found nothing; its own words find its time tracking)
        assert _names("track time on asana task 55")[:1] == ["asana__create_time_tracking_entry"]


class TestOutcomesAndClauses:
    def test_someone_asked_to_review_is_a_reviewer_requested(self) -> None:
        assert _names("have someone review github pull request 88")[:1] == ["github__pulls_request_reviewers"]
        assert _names("ask someone to review github pull request 88")[:1] == ["github__pulls_request_reviewers"]

    def test_a_state_stated_before_a_comma(self) -> None:
        request = "my cal.com booking 55 clashes with another meeting, move it to 3pm"
        assert task_part(request, sentences=True, commas=True) == "move it to 3pm"
        assert _names(request)[:1] == ["cal-com__bookings_controller_2024_08_13_reschedule_booking"]
        assert task_part("the box file 7788 has the wrong name, rename it", sentences=True, commas=True) == (
            "rename it"
        )

    def test_the_one_thing_named_past_its_place(self) -> None:
        request = "the github PR 14 in acme/api is stale, close it"
        assert with_thing("close it", request) == "close pr 14"
        assert _names(request)[:1] == ["github__pulls_update"]

    def test_a_noun_verb_attaches_to_the_thing_named(self) -> None:
        assert _names("github label issue 9 in acme/api as wontfix")[:1] == ["github__issues_add_labels"]
        assert _names("label github issue 9")[:1] == ["github__issues_add_labels"]

    def test_when_a_thing_starts_is_its_time(self) -> None:
        assert timed_question("when does my next cal.com booking start") == "when is my next cal.com booking"
        assert timed_question("when does it rain") == "when does it rain"
        assert _names("when does my next cal.com booking start")[:1] == [
            "cal-com__bookings_controller_2024_08_13_get_bookings"
        ]

    def test_a_second_step_on_what_the_first_names(self) -> None:
        request = "get the stripe customer cus_5 and email it to bob"
        emails = {"email"}.__contains__  # (a word opening some tool's name acts, as ``leads_a_name`` says)
        assert task_part(request, steps=True, acts=emails, joined=True) == "get the stripe customer cus_5"
        assert task_part(request, steps=True, acts=emails) == request  # (``second_actions`` off)
        assert _names(request)[:1] == ["stripe__get_customers_customer"]
        merged = "merge PR 5 and delete the branch"  # (a second step on no "it": the old reading's)
        assert task_part(merged, steps=True, acts=emails, joined=True) == merged

    def test_what_goes_before_or_after_it(self) -> None:
        request = "archive slack channel #old-proj after exporting its history"
        assert without_reasons(request, ()) == "archive slack channel #old-proj"
        assert _names(request)[:1] == ["slack__conversations_archive"]
        assert without_reasons("list stripe charges after the 1st", ()) == "list stripe charges after the 1st"


def test_hostile_lengths() -> None:
    started = time.perf_counter()
    tools = _INDEX.tools_of(["GitHub"])
    long = "how many " + "open " * 20_000 + "issues"
    assert counted_question(_INDEX, long, tools) == long
    assert lowered_constant("A_" * 50_000 + "B") == "A_" * 50_000 + "B"
    handed = "give " + "the " * 20_000 + "issue to bob"
    assert handed_to(_INDEX, handed, tools) in (handed, f"assign {handed[5:]}")
    task_part("x is " + "y " * 20_000 + ", close it and email it", sentences=True, commas=True, steps=True, joined=True)
    rank(_INDEX, "when does " + "my " * 5_000 + "booking start on cal.com")
    without_tags("<a>" * 1_300 + "</a")
    without_counts("list " + "1 " * 1_000 + "files")
    switched(_INDEX, "turn on " + "alerts " * 20_000, tools)
    without_tags("<a> x " * 600 + "</b>")
    assert time.perf_counter() - started < 2.0
