"""Issue 13's thirty-fourth round: a thing's kind written in two words a name says together is
one kind (``compound_kinds``); a question asking which or what one field of a thing named by its
id is asks for the thing (``asked_fields``); a title's plural after its verb is a thing, said by
a plural only (``titled_nouns``); a slug after a preposition and the app's name is placed as one
right after the preposition (``app_slugs``); a question asking which things there are lists them
(``asked_lists``); a field written after its thing is the thing's (``thing_fields``); a request
that writes gets a tool whose name only reads after the rest (``written_reads``); a list
filter's value written as a plain word is a value (``filter_values``); a question asking what an
app can do is the app's name (``capability_questions``); a plural head read is done by a name
that lists (``plural_lists``); a state a name marks things as is no read (``marked_reads``); a name
in hyphenated lowercase words is a value (``hyphenated_values``); a question asking what time is
asked with "when" (``asked_times``); and, without a switch:
"pls" and "plz" frame a request as "please" does, and "fail" is a state a yes/no question asks
of a thing."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex
from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.capability_questions import app_alone
from cardamom.core.search.filter_clauses import quoted_filters
from cardamom.core.search.hyphenated_values import quoted_hyphens
from cardamom.core.search.thing_fields import field_of_thing
from cardamom.core.search.thing_questions import listed_question, thing_question, timed_question
from cardamom.core.search.written_forms import as_words
from tests.unit.search_documents import app_doc, ranked_names, without

DOCS = [
    app_doc("stripe__get_payment_intents", "Stripe", "List all PaymentIntents."),
    app_doc("stripe__get_payment_intents_intent", "Stripe", "Retrieve a PaymentIntent."),
    app_doc("stripe__get_payment_methods", "Stripe", "List a customer's payment methods."),
    app_doc("stripe__get_charges_charge", "Stripe", "Retrieve a charge."),
    app_doc("stripe__get_subscriptions_subscription", "Stripe", "Retrieves the subscription with the given ID."),
    app_doc("cal-com__get_bookings", "Cal.com", "Get all bookings."),
    app_doc("cal-com__timezones_controller_get_time_zones", "Cal.com", "Get the time zones."),
    app_doc("stripe__get_invoices_invoice", "Stripe", "Retrieve an invoice."),
    app_doc("stripe__get_customers_customer", "Stripe", "Retrieve a customer."),
    app_doc("github__actions_get_workflow_run", "GitHub", "Gets a specific workflow run by its id."),
    app_doc("github__actions_list_workflow_runs", "GitHub", "List workflow runs for a workflow."),
    app_doc("github__actions_approve_workflow_run", "GitHub", "Approves a workflow run for a pull request."),
    app_doc("github__actions_re_run_workflow_failed_jobs", "GitHub", "Re-run failed jobs from a workflow run."),
    app_doc("github__pulls_get", "GitHub", "Get a pull request."),
    app_doc("github__pulls_list_reviews", "GitHub", "List reviews for a pull request."),
    app_doc("digitalocean__droplets_get", "DigitalOcean", "Retrieve an existing Droplet."),
    app_doc("digitalocean__regions_list", "DigitalOcean", "List all data center regions."),
    app_doc("intercom__show_contact", "Intercom", "Get a contact."),
    app_doc("intercom__list_emails", "Intercom", "List all sender emails."),
    app_doc("intercom__retrieve_email", "Intercom", "Retrieve a sender email."),
    app_doc("slack__conversations_list", "Slack", "Lists all channels in a Slack team."),
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
    app_doc("jira__get_all_labels", "Jira", "Returns a list of all labels."),
    app_doc("github__repos_list_for_org", "GitHub", "List organization repositories."),
    app_doc("github__teams_list_repos_in_org", "GitHub", "List team repositories."),
    app_doc("github__issues_list_for_repo", "GitHub", "List repository issues."),
    app_doc("github__repos_list_webhooks", "GitHub", "List repository webhooks."),
    app_doc("github__orgs_get_webhook", "GitHub", "Get an organization webhook."),
    app_doc("github__issues_list_labels_on_issue", "GitHub", "List labels for an issue."),
    app_doc("stripe__post_customers_customer", "Stripe", "Updates the specified customer by setting the values."),
    app_doc("stripe__post_products_id", "Stripe", "Updates the specific product by setting the values."),
    app_doc("stripe__get_products_search", "Stripe", "Search for products you've previously created or updated."),
    app_doc("asana__update_task", "Asana", "Update a task."),
    app_doc("asana__get_task", "Asana", "Get a task."),
    app_doc("jira__edit_issue", "Jira", "Edits an issue."),
    app_doc("jira__update_issue_link_type", "Jira", "Updates an issue link type."),
    app_doc("box__put_folders_id_metadata_id_id", "Box", "Update metadata instance on folder."),
    app_doc("box__put_users_id_folders_0", "Box", "Transfer owned folders."),
    app_doc("slack__users_list", "Slack", "Lists all users in a Slack team."),
    app_doc("asana__get_tasks", "Asana", "Get multiple tasks."),
    app_doc("asana__get_tasks_for_tag", "Asana", "Get tasks from a tag."),
    app_doc("asana__get_tasks_for_project", "Asana", "Get tasks from a project."),
    app_doc("github__issues_get_label", "GitHub", "Get a label."),
    app_doc("github__issues_list", "GitHub", "List issues assigned to the authenticated user."),
    app_doc("github__meta_get_octocat", "GitHub", "Get the octocat as ASCII art."),
    app_doc("twilio__fetch_call", "Twilio", "Read one."),
    app_doc("twilio__list_call", "Twilio", "Read many."),
    app_doc("twilio__list_sip_auth_calls_credential_list_mapping", "Twilio", "Read the mappings."),
    app_doc("github__activity_mark_notifications_as_read", "GitHub", "Marks all notifications as read."),
    app_doc("github__activity_list_notifications_for_authenticated_user", "GitHub", "List notifications for the user."),
    app_doc("github__git_get_blob", "GitHub", "Get a blob."),
    app_doc("github__billing_get_usage_report", "GitHub", "Gets the billing usage report of a service."),
    app_doc("github__actions_re_run_workflow", "GitHub", "Re-run a workflow."),
    app_doc("github__issues_list_labels_for_milestone", "GitHub", "List labels for issues in a milestone."),
]
_INDEX = SearchIndex.build(DOCS)


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestCompoundKinds:
    def test_a_kind_in_two_words_a_name_says_together(self) -> None:
        request = "did the stripe payment intent pi_42 succeed"
        assert _names(request)[:1] == ["stripe__get_payment_intents_intent"]
        assert thing_question(_INDEX, request, ["Stripe"]) == "get payment intent pi_42"
        # without: "payment" is a word of the question a name says with the intent's kind
        assert thing_question(SearchIndex.build(DOCS, without(compound_kinds=False)), request, ["Stripe"]) is None

    def test_a_failure_asked_is_a_state_of_the_thing(self) -> None:
        request = "did the github workflow run 991 fail"
        assert _names(request)[:1] == ["github__actions_get_workflow_run"]
        assert _names(request, compound_kinds=False)[:1] != ["github__actions_get_workflow_run"]

    def test_only_in_the_order_a_name_says_them(self) -> None:
        # "reviewed" before "PR 12" is the question's verb, not the pull request's kind
        assert thing_question(_INDEX, "who reviewed PR 12", ["GitHub"]) == "list reviews on pr 12"
        assert _names("who reviewed PR 12 in github")[:1] == ["github__pulls_list_reviews"]
        # no name says "charge payment": one word of the question
        assert thing_question(_INDEX, "did the stripe charge ch_1 succeed", ["Stripe"]) == "get charge ch_1"


class TestAskedFields:
    def test_which_field_a_thing_has_is_its_get(self) -> None:
        request = "which region is digitalocean droplet 77 in"
        assert _names(request)[:1] == ["digitalocean__droplets_get"]
        assert _names(request, asked_fields=False)[:1] == ["digitalocean__regions_list"]
        assert _names("what email does intercom contact 6612 have")[:1] == ["intercom__show_contact"]
        unasked = SearchIndex.build(DOCS, without(asked_fields=False))
        assert thing_question(unasked, "what email does intercom contact 6612 have", ["Intercom"]) is None
        assert _names("which customer does stripe invoice in_55 belong to")[:1] == ["stripe__get_invoices_invoice"]
        # the holder of a field, though a name says its word with the thing's kind
        jira = SearchIndex.build([*DOCS, app_doc("jira__assign_issue", "Jira", "Assigns an issue to a user.")])
        assert thing_question(jira, "which team is jira issue OPS-44 assigned to", ["Jira"]) == "get issue OPS-44"
        assert _names("what currency is stripe charge ch_9 in")[:1] == ["stripe__get_charges_charge"]

    def test_things_asked_in_the_plural_are_read_as_written(self) -> None:
        assert thing_question(_INDEX, "what labels does jira issue ENG-9 have", ["Jira"]) is None
        assert thing_question(_INDEX, "what region is droplet 77 in", ["DigitalOcean"]) == "get droplet 77"
        # a field no thing is named for: nothing to get
        assert thing_question(_INDEX, "which region is the closest", ["DigitalOcean"]) is None
        # the app's name is no field
        assert thing_question(_INDEX, "which stripe is charge ch_9 in", ["Stripe"]) is None

    def test_hostile_lengths(self) -> None:
        request = "which region is droplet 77 " + "in " * 20_000
        started = time.perf_counter()
        assert thing_question(_INDEX, request, ["DigitalOcean"]) is None  # too long for a question
        # (the gateway takes 500 characters of a query: ``MAX_QUERY_CHARS``)
        assert thing_question(_INDEX, "which " + "x" * 470 + " is droplet 77 in", ["DigitalOcean"]) == "get droplet 77"
        assert time.perf_counter() - started < 2.0


class TestTitledNouns:
    def test_a_titles_plural_is_said_by_a_plural_only(self) -> None:
        assert _names("get github workflow run 991")[:1] == ["github__actions_get_workflow_run"]
        assert _names("get github workflow run 991", titled_nouns=False)[:1] == ["github__actions_list_workflow_runs"]
        assert _names("get github workflow runs")[:1] == ["github__actions_list_workflow_runs"]
        assert _names("list github workflow runs")[:1] == ["github__actions_list_workflow_runs"]


class TestAppSlugs:
    def test_a_slug_after_the_apps_name_is_placed(self) -> None:
        request = "get pull request 12 in github acme/web"
        assert _names(request)[:1] == ["github__pulls_get"]
        assert _names(request, app_slugs=False)[:1] == ["github__orgs_get_webhook"]
        assert _names("list issues in github acme/web")[:1] == ["github__issues_list_for_repo"]
        assert as_words(_INDEX, "list issues in github acme/web") == "list issues in repo acme/web on github"

    def test_only_after_an_apps_name(self) -> None:
        # "project" names no app: the slug stays where it is written
        assert as_words(_INDEX, "list issues in project acme/web") == "list issues in project acme/web"
        assert as_words(_INDEX, "list issues in github") == "list issues in github"


class TestAskedLists:
    def test_a_question_asking_which_things_there_are_lists_them(self) -> None:
        request = "what repos are in the github org acme"
        assert listed_question(request) == "list repos in the github org acme"
        assert _names(request)[:1] == ["github__repos_list_for_org"]
        assert listed_question("which pull requests are open in acme/web") == "list pull requests open in acme/web"
        assert listed_question("what are all the open jira bugs") == "list all the open jira bugs"
        assert _names("what are the labels on github issue 7")[:1] == ["github__issues_list_labels_on_issue"]

    def test_what_stays_as_written(self) -> None:
        for request in (
            "what time is my next booking",  # no plural asked
            "what issues were created this week",  # a state they were brought to
            "what are my open asana tasks",  # the caller's own
            "what is the status of jira issue OPS-1",
            "what the repos are",  # no thing asked
            "which firewalls are on droplet 77",  # the things of one thing named by its id
        ):
            assert listed_question(request) == request
        # a read's frame reads
        assert listed_question("what are the details of jira issue OPS-1") == "get the details of jira issue OPS-1"
        started = time.perf_counter()
        assert listed_question("what are " + "x " * 50_000) == "what are " + "x " * 50_000
        assert listed_question("what " + "a" * 100_000 + " are") == "what " + "a" * 100_000 + " are"
        assert time.perf_counter() - started < 1.0


class TestThingFields:
    def test_a_field_after_its_thing_is_the_things(self) -> None:
        assert _names("update customer email in stripe")[:1] == ["stripe__post_customers_customer"]
        assert _names("update customer email in stripe", thing_fields=False) == []
        assert _names("update asana task due date")[:1] == ["asana__update_task"]
        assert _names("update asana task 555 due date to friday")[:1] == ["asana__update_task"]
        tools = _INDEX.tools_of(["Stripe"])
        assert (
            field_of_thing(_INDEX, "update stripe customer cus_1 email to a@b.com", tools, {"stripe"})
            == "update the email of stripe customer cus_1 to a@b.com"
        )
        assert (
            field_of_thing(_INDEX, "update stripe customer email cus_1", tools, {"stripe"})
            == "update the email of stripe customer cus_1"
        )

    def test_keywords_with_the_verb_after_the_thing(self) -> None:
        assert _names("stripe customer update email")[:1] == ["stripe__post_customers_customer"]
        tools = _INDEX.tools_of(["Asana"])
        assert field_of_thing(_INDEX, "asana task update due date", tools, {"asana"}) == (
            "update the due date of asana task"
        )
        # a noun after the request's own verb: "update" names the thing created
        assert field_of_thing(_INDEX, "create task update in asana", tools, {"asana"}) == "create task update in asana"

    def test_what_stays_as_written(self) -> None:
        jira = _INDEX.tools_of(["Jira"])
        box = _INDEX.tools_of(["Box"])
        stripe = _INDEX.tools_of(["Stripe"])
        for request, tools in (
            ("update jira issue link", jira),  # a name says "issue link": a thing of its own
            ("update jira issue OPS-1 link", jira),  # ... the id between
            ("update box metadata instance folder", box),  # a name says the folder with the metadata
            ("update github issue labels", _INDEX.tools_of(["GitHub"])),  # things in the plural
            ("update issue ENG-12's assignee", jira),  # a possessive's own reading
            ("get stripe customer email", stripe),  # no change asked
            ("update stripe widget email", stripe),  # no thing a name says
            ("update stripe customer email and name and phone", stripe),  # more than a value after it
            ("update stripe customer", stripe),  # no field
        ):
            assert field_of_thing(_INDEX, request, tools, {"stripe", "jira", "box", "github"}) == request
        started = time.perf_counter()
        hostile = "update customer " + "email " * 20_000
        assert field_of_thing(_INDEX, hostile, stripe, ()) == hostile
        assert time.perf_counter() - started < 1.0


class TestWrittenReads:
    def test_a_writing_request_gets_its_reading_tools_after_the_rest(self) -> None:
        assert _names("update stripe product prod_1")[:1] == ["stripe__post_products_id"]
        # (``write_actions`` takes the reads away where the request names its app)
        unordered = _names("update stripe product prod_1", written_reads=False, write_actions=False)
        assert unordered[:1] == ["stripe__get_products_search"]
        assert "stripe__get_products_search" not in _names("update stripe product prod_1")
        # a read keeps its order
        assert _names("search stripe products")[:1] == ["stripe__get_products_search"]


class TestFilterValues:
    def test_a_list_filters_plain_word_value_is_a_value(self) -> None:
        assert _names("slack users in timezone PST")[:1] == ["slack__users_list"]
        assert _names("slack users in timezone PST", filter_values=False) == []
        assert _names("asana tasks with priority high")[:1] == ["asana__get_tasks"]
        github = _INDEX.tools_of(["GitHub"])
        assert quoted_filters(_INDEX, "closed github issues with label bug", github, {"github"}) == (
            "closed github issues with label 'bug'"
        )
        # a value with a digit the request did not read as one; a name listing other things by the field
        assert quoted_filters(_INDEX, "github issues with milestone v2", github, {"github"}) == (
            "github issues with milestone 'v2'"
        )
        # a person, though a name says the word
        assert quoted_filters(_INDEX, "github issues assigned to octocat", github, {"github"}) == (
            "github issues assigned to 'octocat'"
        )

    def test_what_stays_as_written(self) -> None:
        stripe = _INDEX.tools_of(["Stripe"])
        asana = _INDEX.tools_of(["Asana"])
        github = _INDEX.tools_of(["GitHub"])
        for request, tools in (
            ("create a github issue with label bug", github),  # it writes
            ("github issue with label bug", github),  # no things in the plural
            ("stripe customers created in the past week", stripe),  # a time
            ("github issues assigned to me", github),  # the caller
            ("intercom conversations assigned to admin 991", github),  # a kind before its id
            ("asana tasks with tag urgent", asana),  # a name lists tasks for a tag
            ("asana tasks in project Roadmap", asana),  # a container places them
        ):
            assert quoted_filters(_INDEX, request, tools, {"github", "stripe", "asana", "intercom"}) == request
        assert _names("asana tasks with tag urgent")[:1] == ["asana__get_tasks_for_tag"]
        started = time.perf_counter()
        hostile = "github issues " + "with label bug " * 25
        quoted_filters(_INDEX, hostile, github, {"github"})
        assert quoted_filters(_INDEX, "x" * 1000, github, ()) == "x" * 1000
        assert time.perf_counter() - started < 1.0


class TestCapabilityQuestions:
    def test_a_question_asking_what_an_app_can_do_is_its_name(self) -> None:
        assert _names("what tools exist for stripe")
        assert all(name.startswith("stripe__") for name in _names("what tools exist for stripe"))
        assert _names("what tools exist for stripe", capability_questions=False) == []
        assert _names("what can you do with slack")[:1] == ["slack__conversations_list"]
        stripe = (AppMention("Stripe", ("stripe",), True),)
        assert app_alone("stripe tools", stripe) == "Stripe"
        assert app_alone("list the stripe functions available", stripe) == "Stripe"

    def test_what_stays_as_written(self) -> None:
        stripe = (AppMention("Stripe", ("stripe",), True),)
        both = (*stripe, AppMention("Jira", ("jira",), True))
        dropbox = (AppMention("Dropbox", ("dropbox",), False),)
        assert app_alone("stripe tools for refunds", stripe) == "stripe tools for refunds"  # a topic
        assert app_alone("list stripe", stripe) == "list stripe"  # asks for no tool
        assert app_alone("what tools exist for stripe and jira", both) == "what tools exist for stripe and jira"
        assert app_alone("what tools exist for dropbox", dropbox) == "what tools exist for dropbox"
        assert _names("what tools exist for dropbox") == []
        assert app_alone("tools " * 200, stripe) == "tools " * 200
        # a name of the app says the tool's word: its own thing (Twilio's assistants' tools)
        twilio = (AppMention("Twilio", ("twilio",), True),)
        assert app_alone("twilio tools", twilio, lambda word: word == "tools") == "twilio tools"
        assert app_alone("what can twilio do", twilio, lambda word: word == "tools") == "Twilio"


class TestPluralLists:
    def test_a_plural_head_read_is_done_by_a_name_that_lists(self) -> None:
        assert _names("get twilio calls")[:1] == ["twilio__list_call"]
        # (a get and its list named alike: the plural puts the list first too, ``number_twins``)
        off = {"plural_lists": False, "singular_lists": False, "number_twins": False}
        assert _names("get twilio calls", **off)[:1] == ["twilio__fetch_call"]
        assert _names("get twilio call CA123abc")[:1] == ["twilio__fetch_call"]


class TestMarkedReads:
    def test_a_state_a_name_marks_things_as_is_no_read(self) -> None:
        first = ["github__activity_list_notifications_for_authenticated_user"]
        assert _names("github notifications")[:1] == first
        assert _names("github notifications", marked_reads=False)[:1] == ["github__activity_mark_notifications_as_read"]


class TestHyphenatedValues:
    def test_a_name_in_hyphenated_words_is_a_value(self) -> None:
        request = "get the blob for billing-service 8156570 on github"
        assert _names(request)[:1] == ["github__git_get_blob"]
        assert _names(request, hyphenated_values=False)[:1] != ["github__git_get_blob"]
        github = _INDEX.tools_of(["GitHub"])
        assert quoted_hyphens(_INDEX, "export the sbom of design-docs", github) == "export the sbom of 'design-docs'"

    def test_what_stays_as_written(self) -> None:
        github = _INDEX.tools_of(["GitHub"])
        for request in (
            "re-run the github workflow 5",  # a name says "re run"
            "add a to-do in asana",  # a particle
            "double-check that github issue 5 is closed",  # an action
            "make the repo read-only",  # a state
            "enable auto-merge on pull request 17",  # an action of the API
            "list issues since 2024-06-14",  # a date
            "list issues in 'billing-service'",  # quoted already
            "Delete Billing-Service",  # not in lowercase
        ):
            assert quoted_hyphens(_INDEX, request, github) == request
        hostile = "a-" * 300
        started = time.perf_counter()
        assert quoted_hyphens(_INDEX, hostile, github) == hostile  # longer than a request
        quoted_hyphens(_INDEX, "x-" * 240 + "y", github)
        assert time.perf_counter() - started < 1.0


class TestAskedTimes:
    def test_what_time_is_asked_with_when(self) -> None:
        assert timed_question("what time is my next cal.com booking") == "when is my next cal.com booking"
        renewal = "when does stripe subscription sub_1 renew"
        assert timed_question("What day does stripe subscription sub_1 renew") == renewal
        assert _names("what day does stripe subscription sub_1 renew")[:1] == ["stripe__get_subscriptions_subscription"]
        assert _names("what day does stripe subscription sub_1 renew", asked_times=False, asked_fields=False) == []
        assert _names("what time is my next cal.com booking")[:1] == ["cal-com__get_bookings"]
        assert _names("what time is my next cal.com booking", asked_times=False)[:1] != ["cal-com__get_bookings"]
        for request in ("what time zone is event type 5 in", "what time zones are there", "what time"):
            assert timed_question(request) == request


class TestWithoutSwitches:
    def test_pls_frames_a_request(self) -> None:
        assert _names("pls list slack channels")[:1] == ["slack__conversations_list"]
        assert _names("list slack channels plz")[:1] == ["slack__conversations_list"]

    def test_a_failure_is_a_state_a_question_asks(self) -> None:
        # (a name re-running failed jobs says "failed" with the run: no word of the question)
        assert thing_question(_INDEX, "did github run 991 fail", ["GitHub"]) == "get run 991"

    def test_shipped_switches_are_on(self) -> None:
        options = without()
        assert options.compound_kinds and options.asked_fields and options.titled_nouns
        assert options.app_slugs and options.asked_lists and options.thing_fields and options.written_reads
        assert options.filter_values and options.capability_questions and options.plural_lists
        assert options.marked_reads and options.hyphenated_values and options.asked_times
