"""Issue 13's thirtieth round: a quantity written with its unit is a value (``quantity_values``);
a version's date in a name is no word of it among ties (``dated_names``); a state to be checked
is asked as its question (``checked_states``); a message sent at a time to come is scheduled
(``scheduled_sends``); a thing put off or moved to a time is rescheduled (``rescheduled_things``);
a meeting booked is a booking (``booked_meetings``); changes approved or rejected are reviewed
(``review_verdicts``); a workflow started by hand is dispatched (``started_workflows``); a
container placed with its value is no word of a title (``placed_titles``); a slug or a file's
name acted on is a repository or a file (``object_slugs``, ``object_files``); a verb no name
says is done by the tool whose description says it (``described_verbs``); a thing turned into
another is converted (``converted_things``); and, without a switch of their own, "re-run" is
no "re:" label, a day after "next" is no list, and "only ... if" loses its "only"."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.argument_values import argument_values
from cardamom.core.search.checked_states import as_question
from cardamom.core.search.head_nouns import request_head
from cardamom.core.search.outcome_requests import converted, review_verdict
from cardamom.core.search.postings import own_name_size
from cardamom.core.search.quantities import in_period_edge, is_quantity
from cardamom.core.search.reason_clauses import without_reasons
from cardamom.core.search.request_parts import task_part
from cardamom.core.search.started_workflows import started_workflow
from cardamom.core.search.timed_requests import booked, rescheduled, scheduled_send
from cardamom.core.search.tokens import tokenize
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__chat_schedule_message", "Slack", "Schedules a message to be sent to a channel."),
    app_doc("slack__reminders_add", "Slack", "Creates a reminder."),
    app_doc("cal-com__bookings_controller_2024_08_13_create_booking", "Cal.com", "Create a booking."),
    app_doc("cal-com__bookings_controller_2024_08_13_reschedule_booking", "Cal.com", "Reschedule a booking."),
    app_doc("cal-com__bookings_controller_2024_08_13_get_booking", "Cal.com", "Get a booking."),
    app_doc("cal-com__organizations_event_types_controller_create_phone_call", "Cal.com", "Create a phone call."),
    app_doc("cal-com__schedules_controller_2024_06_11_create_schedule", "Cal.com", "Create a schedule."),
    app_doc("cal-com__event_types_controller_2024_06_14_create_event_type", "Cal.com", "Create an event type."),
    app_doc("cal-com__teams_event_types_controller_create_team_event_type", "Cal.com", "Create an event type."),
    app_doc("asana__update_task", "Asana", "Updates a task: its name, due date, assignee."),
    app_doc("asana__get_task", "Asana", "Returns the complete task record for a single task."),
    app_doc("jira__move_version", "Jira", "Moves a version."),
    app_doc("jira__update_version", "Jira", "Updates a version."),
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
    app_doc("xero__email_invoice", "Xero", "Sends a copy of a specific invoice to related contact via email."),
    app_doc("xero__get_invoice", "Xero", "Retrieves a specific sales invoice or purchase bill."),
    app_doc("stripe__post_prices", "Stripe", "Creates a new price for an existing product."),
    app_doc("stripe__post_prices_price", "Stripe", "Updates the specified price."),
    app_doc("stripe__post_coupons", "Stripe", "Create a coupon."),
    app_doc("digitalocean__volumes_create", "DigitalOcean", "Create a new volume."),
    app_doc("digitalocean__volume_snapshots_create", "DigitalOcean", "Create a snapshot from a volume."),
    app_doc("digitalocean__droplets_get", "DigitalOcean", "Retrieve an existing Droplet."),
    app_doc("github__pulls_create_review", "GitHub", "Create a review for a pull request."),
    app_doc("github__pulls_update", "GitHub", "Update a pull request."),
    app_doc("github__pulls_update_review", "GitHub", "Update a review for a pull request."),
    app_doc("github__actions_approve_workflow_run", "GitHub", "Approve a workflow run for a fork pull request."),
    app_doc("github__actions_create_workflow_dispatch", "GitHub", "Manually trigger a GitHub Actions workflow run."),
    app_doc("github__actions_re_run_workflow", "GitHub", "Re-run a workflow."),
    app_doc("github__actions_get_pending_deployments_for_run", "GitHub", "Get pending deployments for a run."),
    app_doc("github__gists_star", "GitHub", "Star a gist."),
    app_doc("github__activity_star_repo_for_authenticated_user", "GitHub", "Star a repository."),
    app_doc("github__gists_fork", "GitHub", "Fork a gist."),
    app_doc("github__repos_create_fork", "GitHub", "Create a fork of a repository."),
    app_doc("box__post_files_content", "Box", "Upload file. Uploads a small file to Box."),
    app_doc("box__post_files_upload_sessions", "Box", "Create upload session. Creates an upload session for a file."),
    app_doc("box__get_files_upload_sessions_id", "Box", "Get upload session."),
    app_doc("box__get_folders_id_items", "Box", "List items in folder."),
    app_doc("box__post_folders", "Box", "Create folder."),
    app_doc("intercom__update_conversation", "Intercom", "Update a conversation."),
    app_doc("intercom__manage_conversation", "Intercom", "Manage a conversation: close, snooze, open or assign it."),
    app_doc("intercom__convert_conversation_to_ticket", "Intercom", "Convert a conversation to a ticket."),
    app_doc("intercom__update_contact", "Intercom", "Update a contact."),
    app_doc("intercom__update_ticket", "Intercom", "Update a ticket."),
    app_doc("xero__update_invoice", "Xero", "Updates a specific sales invoice."),
    app_doc("asana__update_project", "Asana", "Updates a project."),
]
_INDEX = SearchIndex.build(DOCS)


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


def _tools(app: str) -> frozenset[int]:
    return _INDEX.tools_of([app])


class TestQuantities:
    def test_quantities_as_written(self) -> None:
        for word in ("1st", "22nd", "45-minute", "30-day", "$99/month", "€20/mo", "$5/user/month", "25%-off"):
            assert is_quantity(word), word
        for word in ("s3", "oauth2", "gpt-4", "2fa", "utf-8", "first", "month"):
            assert not is_quantity(word), word

    def test_their_words_are_values(self) -> None:
        assert {"99", "month"} <= argument_values("add a $99/month price to stripe product prod_1")
        assert {"45", "minute"} <= argument_values("create a 45-minute event type on cal.com")
        assert {"1", "st"} <= argument_values("send xero invoice INV-9 on the 1st of next month")
        assert {"100", "gi", "b"} <= argument_values("create a 100 GiB volume on digitalocean")  # (its tokens)
        assert "night" in argument_values("back up droplet 5512 every night")
        assert "morning" in argument_values("mute slack until tomorrow morning")
        assert "eur" not in argument_values("convert 2000 EUR to USD")  # a converter's word

    def test_a_periods_edge(self) -> None:
        assert in_period_edge("end", [], ["of", "the", "month"])
        assert in_period_edge("month", ["end", "of", "the"], [])
        assert not in_period_edge("end", [], ["of", "the", "meeting"])
        assert {"end", "month"} <= argument_values("xero invoices due by the end of the month")

    def test_an_amount_before_the_thing_is_no_head(self) -> None:
        values = argument_values("add a $99/month price to stripe product prod_1")
        tokens = tokenize("add a $99/month price to stripe product prod_1")
        head = request_head(tokens, values, ("stripe",), amounts=True)
        assert head is not None and head.head == "price"
        assert request_head(tokens, values, ("stripe",)) is None  # without the switch: no head

    def test_requests_with_quantities(self) -> None:
        assert _names("add a $99/month price to stripe product prod_1")[:1] == ["stripe__post_prices"]
        assert _names("create a 100 GiB volume in fra1 on digitalocean")[:1] == ["digitalocean__volumes_create"]
        assert _names("send xero invoice INV-9 on the 1st of next month")[:1] == ["xero__email_invoice"]
        assert _names("send xero invoice INV-9 on the 1st of next month", quantity_values=False) == []


class TestDatedNames:
    def test_a_versions_date_is_no_word_of_the_name(self) -> None:
        name = "cal-com__event_types_controller_2024_06_14_create_event_type"
        assert own_name_size(name, digits=False) == own_name_size(name) - 3
        # a shortened name's digest keeps its digits
        digest = "keycloak__return_object_stating_whether_client_authoriz-57414cd3"
        assert own_name_size(digest, digits=False) == own_name_size(digest)

    def test_the_tie_goes_to_the_name_the_request_says_more_of(self) -> None:
        assert _names("create an event type on cal.com")[:1] == [
            "cal-com__event_types_controller_2024_06_14_create_event_type"
        ]
        assert _names("create an event type on cal.com", dated_names=False)[:1] == [
            "cal-com__teams_event_types_controller_create_team_event_type"
        ]


class TestCheckedStates:
    def test_a_check_is_its_question(self) -> None:
        assert as_question("verify that xero invoice INV-9 has been paid") == "has xero invoice INV-9 been paid"
        assert as_question("check that droplet 5512 is running") == "is droplet 5512 running"
        assert as_question("see if bob is online in slack") == "is bob online in slack"
        assert as_question("find out if stripe customer cus_9 has an active subscription") == (
            "does stripe customer cus_9 have an active subscription"
        )
        assert as_question("confirm the workflow has run") == "has the workflow run"

    def test_no_clause_or_no_thing_stays(self) -> None:
        for request in (
            "check droplet 5512",
            "see the invoice",
            "verify it is done",
            "check whether PR 12 can be merged",
            "check if droplet 5512 is running",  # (read as written)
            "make sure droplet 5512 is powered off",  # a wish: the action making it so
        ):
            assert as_question(request) == request

    def test_requests_checking_a_state(self) -> None:
        assert _names("verify that xero invoice INV-9 has been paid")[:1] == ["xero__get_invoice"]
        assert _names("verify that xero invoice INV-9 has been paid", checked_states=False) == []


class TestTimedRequests:
    def test_a_send_at_a_time_to_come_is_scheduled(self) -> None:
        slack = _tools("Slack")
        assert scheduled_send(_INDEX, "post in slack #eng at 9am on monday: freeze", slack) == (
            "schedule a message in slack #eng at 9am on monday: freeze"
        )
        assert scheduled_send(_INDEX, "send a message to #eng tomorrow", slack) == "schedule a message to #eng tomorrow"
        # a time inside the message is the message's
        for request in ("post in slack #eng: meeting at 9am", "post 'standup at 9am' to #eng", "send a message now"):
            assert scheduled_send(_INDEX, request, slack) == request
        # an app that schedules no message
        assert scheduled_send(_INDEX, "send xero invoice INV-9 tomorrow", _tools("Xero")) == (
            "send xero invoice INV-9 tomorrow"
        )

    def test_a_thing_put_off_is_rescheduled_or_updated(self) -> None:
        assert rescheduled(_INDEX, "move cal.com booking 42 to friday at 3pm", _tools("Cal.com")) == (
            "reschedule cal.com booking 42 to friday at 3pm"
        )
        assert rescheduled(_INDEX, "push booking 42 back an hour", _tools("Cal.com")) == (
            "reschedule booking 42 by an hour"
        )
        assert rescheduled(_INDEX, "postpone asana task 12 by a week", _tools("Asana")) == (
            "update asana task 12 by a week"
        )

    def test_a_move_to_no_time_or_a_named_move_stays(self) -> None:
        asana = _tools("Asana")
        assert rescheduled(_INDEX, "move asana task 12 to Done", asana) == "move asana task 12 to Done"
        jira = _tools("Jira")
        # the app's names say the verb; a time inside quotes is a value's
        assert rescheduled(_INDEX, "move jira version 7 to friday", jira) == "move jira version 7 to friday"
        assert rescheduled(_INDEX, "postpone task 'due friday'", asana) == "postpone task 'due friday'"

    def test_a_meeting_booked_is_a_booking(self) -> None:
        cal = _tools("Cal.com")
        assert booked(_INDEX, "book a 30 minute call with bob on cal.com", cal) == (
            "create a booking with bob on cal.com"
        )
        assert booked(_INDEX, "schedule a meeting with ana", cal) == "create a booking with ana"
        assert booked(_INDEX, "schedule a meeting with ana", _tools("Slack")) == "schedule a meeting with ana"
        assert booked(_INDEX, "book a slot with bob", cal) == "book a slot with bob"

    def test_timed_requests(self) -> None:
        assert _names("post in slack #eng at 9am on monday: release freeze starts")[:1] == [
            "slack__chat_schedule_message"
        ]
        assert _names("move cal.com booking 42 to friday at 3pm")[:1] == [
            "cal-com__bookings_controller_2024_08_13_reschedule_booking"
        ]
        assert _names("postpone asana task 12 by a week")[:1] == ["asana__update_task"]
        assert _names("schedule a meeting with bob on cal.com")[:1] == [
            "cal-com__bookings_controller_2024_08_13_create_booking"
        ]
        assert _names("move cal.com booking 42 to friday at 3pm", rescheduled_things=False) == []
        assert _names("post in slack #eng at 9am on monday: freeze", scheduled_sends=False)[:1] == [
            "slack__chat_post_message"
        ]
        assert _names("schedule a meeting with bob on cal.com", booked_meetings=False)[:1] != [
            "cal-com__bookings_controller_2024_08_13_create_booking"
        ]


class TestReviewsWorkflowsAndConversions:
    def test_a_verdict_is_a_review(self) -> None:
        github = _tools("GitHub")
        assert review_verdict(_INDEX, "approve PR 12 in github acme/api", github) == "review PR 12 in github acme/api"
        assert review_verdict(_INDEX, "request changes on PR 12", github) == "review PR 12"
        assert review_verdict(_INDEX, "give PR 12 an approving review", github) == "review PR 12"
        assert review_verdict(_INDEX, "approve the changes in acme/api#12", github) == "review acme/api#12"
        # no changes approved: a workflow run's own approval stays
        assert review_verdict(_INDEX, "approve workflow run 55", github) == "approve workflow run 55"

    def test_a_workflow_started_is_dispatched(self) -> None:
        github = _tools("GitHub")
        apps = frozenset({"github"})
        assert started_workflow(_INDEX, "trigger the deploy workflow in github acme/api", github, apps) == (
            'dispatch workflow "deploy" in github acme/api'
        )
        assert started_workflow(_INDEX, "run the release workflow manually on github", github, apps) == (
            'dispatch workflow "release" on github'
        )
        assert started_workflow(_INDEX, "kick off a github actions run of ci.yml", github, apps) == (
            "dispatch workflow in github of ci.yml"
        )
        # a re-run is none, nor an app that dispatches nothing
        assert started_workflow(_INDEX, "re-run workflow 55", github, apps) == "re-run workflow 55"
        assert started_workflow(_INDEX, "run the workflow", _tools("Slack"), apps) == "run the workflow"

    def test_a_thing_turned_into_another_is_converted(self) -> None:
        intercom = _tools("Intercom")
        assert converted(_INDEX, "turn intercom conversation 88 into a ticket", intercom) == (
            "convert intercom conversation 88 to a ticket"
        )
        assert converted(_INDEX, "turn task 5 into a subtask", _tools("Asana")) == "turn task 5 into a subtask"

    def test_requests(self) -> None:
        assert _names("approve PR 12 in github acme/api")[:1] == ["github__pulls_create_review"]
        assert _names("approve PR 12 in github acme/api", review_verdicts=False)[:1] != ["github__pulls_create_review"]
        assert _names("trigger the deploy workflow in github acme/api")[:1] == [
            "github__actions_create_workflow_dispatch"
        ]
        assert _names("trigger the deploy workflow in github acme/api", started_workflows=False)[:1] != [
            "github__actions_create_workflow_dispatch"
        ]
        assert _names("turn intercom conversation 88 into a ticket")[:1] == ["intercom__convert_conversation_to_ticket"]


class TestWhatARequestActsOn:
    def test_a_slug_acted_on_is_a_repository(self) -> None:
        assert _names("star acme/web on github")[:1] == ["github__activity_star_repo_for_authenticated_user"]
        assert _names("fork acme/web on github")[:1] == ["github__repos_create_fork"]
        assert _names("star acme/web on github", object_slugs=False)[:1] == ["github__gists_star"]

    def test_a_file_name_acted_on_and_a_placed_container(self) -> None:
        assert _names("upload report.pdf to box folder 4")[:1] == ["box__post_files_content"]
        assert _names("upload a file to box folder 77")[:1] == ["box__post_files_content"]
        assert _names("upload a file to box folder 77", placed_titles=False)[:1] != ["box__post_files_content"]

    def test_a_verb_its_description_says(self) -> None:
        assert _names("close intercom conversation 88")[:1] == ["intercom__manage_conversation"]
        assert _names("move PROJ-12 to done in jira")[:1] != ["jira__create_issue"]  # a reading of a name
        assert _names("close intercom conversation 88", described_verbs=False)[:1] == ["intercom__update_conversation"]


class TestWithoutSwitches:
    def test_a_hyphened_word_is_no_label(self) -> None:
        assert task_part("re-run github workflow run 4410", marks=True) == "re-run github workflow run 4410"
        assert task_part("re: jira ENG-5 status", marks=True) == "jira ENG-5 status"

    def test_only_before_a_condition(self) -> None:
        assert without_reasons("only close jira ENG-5 if it is resolved") == "close jira ENG-5"

    def test_a_day_after_next_is_no_list(self) -> None:
        assert _names("book a call with bob on cal.com next tuesday at 10")[:1] == [
            "cal-com__bookings_controller_2024_08_13_create_booking"
        ]


def test_hostile_requests_stay_fast() -> None:
    for request in (
        "send a message " + "to #eng " * 300 + "tomorrow at 9am in slack",
        "move cal.com booking 42 " + "to friday " * 300,
        "push booking " + "42 " * 500 + "back an hour on cal.com",
        "verify that " + "xero invoice " * 300 + "has been paid",
        "approve " + "the changes in " * 200 + "PR 12 on github",
        "trigger the " + "deploy " * 400 + "workflow in github",
        "turn " + "intercom conversation " * 200 + "into a ticket",
        "add a " + "$99/month " * 300 + "price to stripe product prod_1",
        "due by the end of " * 150 + "the month in xero",
        "book a " + "30 minute " * 300 + "call with bob on cal.com",
    ):
        started = time.perf_counter()
        rank(_INDEX, request)
        assert time.perf_counter() - started < 1.0, request[:40]
