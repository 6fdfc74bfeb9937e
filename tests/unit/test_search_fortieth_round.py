"""Issue 13's fortieth round: an intention, an urging or a step's place opening a request is the
order it states (``intended_acts``); a pull request's branches are values (``merged_branches``); an
app's name misspelled by one letter is the app (``misspelled_apps``); a thing's number in words is
written in digits, "number" before an id left out (``spoken_numbers``); an action's verb run into a
name's word is two words (``joined_words``); an app named as the means by its product or version is
the request's place (``qualified_means``); a message's labels, greeting and sign-off leave it
(``message_labels``); a question whether a thing can be done is the thing done
(``asked_passives``); an attempt that failed or to try again is the attempt's order
(``told_attempts``); a tool asked for as a call, a command or a route is what it does
(``tool_words``); an intent's fields are the request they say (``intent_fields``); asking leave
or advice (``leave_questions``) and a task told to the assistant (``assistant_orders``) are the
order; words describing the thing leave the request (``described_things``); a flag of one letter
and its value are a value (``short_flags``); a British spelling is the tools' American one
(``spelling_variants``); and, without a switch: a step's place opening a
listed step, a second step joined by "and after that", symbols opening a request (an emoji and its
selector) no words, a command's one-letter flags and its repository after it, and a new thing
started as created."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.asked_leave import leave_asked, told_assistant
from cardamom.core.search.attempts import attempted
from cardamom.core.search.call_forms import read_flags
from cardamom.core.search.instrument_words import as_instrument
from cardamom.core.search.intended_acts import intended_as_asked
from cardamom.core.search.intent_fields import intent_read
from cardamom.core.search.merged_branches import quoted_branches
from cardamom.core.search.message_labels import without_labels
from cardamom.core.search.passive_voice import passive_question
from cardamom.core.search.request_frame import called_tool
from cardamom.core.search.request_parts import task_part, without_tags
from cardamom.core.search.spelling_variants import american_spelling
from cardamom.core.search.spoken_numbers import digits_spoken
from cardamom.core.search.thing_adjectives import without_description
from cardamom.core.search.tokens import tokenize
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__pins_add", "Slack", "Pins a message or a file to a channel."),
    app_doc("slack__conversations_invite", "Slack", "Invites users to a channel."),
    app_doc("slack__conversations_create", "Slack", "Initiates a public or private channel-based conversation."),
    app_doc("xero__get_payments", "Xero", "Retrieves payments by check, transfer or card."),
    app_doc("cal-com__cancel_booking", "Cal.com", "Cancel a booking."),
    app_doc("cal-com__get_booking", "Cal.com", "Get a booking."),
    app_doc("stripe__post_charges_charge_refund", "Stripe", "Create a refund of a charge."),
    app_doc("stripe__get_charges", "Stripe", "List all charges."),
    app_doc("box__delete_folders_id", "Box", "Delete folder."),
    app_doc("box__post_folders", "Box", "Create folder."),
    app_doc("jira__get_issue", "Jira", "Get issue."),
    app_doc("jira__create_issue", "Jira", "Create issue. Creates an issue or a subtask."),
    app_doc("jira__delete_issue", "Jira", "Delete issue."),
    app_doc("jira__search_for_issues_using_jql", "Jira", "Search for issues using JQL."),
    app_doc("github__pulls_create", "GitHub", "Create a pull request."),
    app_doc("github__pulls_list", "GitHub", "List pull requests."),
    app_doc("github__issues_update", "GitHub", "Update an issue. Close or reopen it."),
    app_doc("github__repos_list_for_authenticated_user", "GitHub", "List repositories for the authenticated user."),
    app_doc("notion__post_page", "Notion", "Create a page."),
    app_doc("notion__get_self", "Notion", "Retrieve your token's bot user."),
    app_doc("digitalocean__droplet_actions_post", "DigitalOcean", "Initiate a droplet action: reboot, resize."),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List all droplets."),
    app_doc("asana__delete_task", "Asana", "Delete a task."),
    app_doc("asana__get_workspaces", "Asana", "Get multiple workspaces."),
    app_doc("asana__create_project", "Asana", "Create a project."),
    app_doc("asana__get_projects", "Asana", "Get multiple projects."),
    app_doc("xero__create_invoices", "Xero", "Creates one or more sales invoices or purchase bills."),
    app_doc("xero__create_task", "Xero", "Creates a task in a project."),
    app_doc("twilio__create_message", "Twilio", "Send a message: an SMS or an MMS."),
    app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices or purchase bills."),
    app_doc("xero__get_bank_statement_accounting", "Xero", "Retrieves the accounting of a bank statement."),
    app_doc("intercom__reply_conversation", "Intercom", "Reply to a conversation."),
    app_doc("intercom__delete_contact", "Intercom", "Delete a contact."),
]
_INDEX = SearchIndex.build(DOCS)
_APPS = frozenset({"jira", "asana", "digitalocean", "stripe", "github", "xero", "slack", "box", "notion", "intercom"})


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestIntendedActs:
    def test_an_intention_is_the_order(self) -> None:
        assert intended_as_asked("gonna archive slack channel C0123") == "archive slack channel C0123"
        assert intended_as_asked("we will be cancelling cal.com booking 881") == "cancel cal.com booking 881"
        assert intended_as_asked("I was going to send a twilio sms") == "send a twilio sms"
        assert intended_as_asked("it's time we deleted box folder 99") == "delete box folder 99"
        assert intended_as_asked("tomorrow I'll add bob to slack #x") == "add bob to slack #x"
        assert intended_as_asked("we're gonna need to delete asana task 7") == "delete asana task 7"
        assert _names("gonna archive slack channel C0123")[:1] == ["slack__conversations_archive"]
        assert _names("gonna archive slack channel C0123", intended_acts=False) == []
        assert _names("we will be cancelling cal.com booking 881")[:1] == ["cal-com__cancel_booking"]

    def test_an_urging_or_a_first_step_leaves(self) -> None:
        assert intended_as_asked("asap: refund stripe charge ch_9") == "refund stripe charge ch_9"
        assert intended_as_asked("URGENT!!! delete box folder 9") == "delete box folder 9"
        assert intended_as_asked("please, right now, reboot droplet 77") == "reboot droplet 77"
        assert intended_as_asked("simply create a box folder") == "create a box folder"
        assert _names("URGENT!!! delete the box folder 99")[:1] == ["box__delete_folders_id"]
        assert _names("URGENT!!! delete the box folder 99", intended_acts=False, interjections=False) == []
        # "first" read as the first few things had asked for a list
        assert _names("first get the jira issue ENG-4")[:1] == ["jira__get_issue"]
        assert _names("first get the jira issue ENG-4", intended_acts=False)[:1] == [
            "jira__search_for_issues_using_jql"
        ]

    def test_no_order_no_reading(self) -> None:
        for kept in (
            "I'll be out tomorrow",
            "first names of the asana users",
            "gonna be a long day",
            "asap: the droplets",
            "Step 1: get the jira issue ENG-9. Step 2: close it.",  # (a labelled step: request_parts')
        ):
            assert intended_as_asked(kept) == kept


class TestMergedBranches:
    def test_the_branches_are_values(self) -> None:
        assert quoted_branches("open a PR from feature-x to main") == "open a PR from 'feature-x' to 'main'"
        assert quoted_branches("create a pull request from branch dev into main") == (
            "create a pull request from branch 'dev' into 'main'"
        )
        assert _names("open a github pull request from feature-x into main")[:1] == ["github__pulls_create"]
        assert _names("open a github pull request from feature-x into main", merged_branches=False) == []

    def test_only_for_a_pull_request_or_a_merge(self) -> None:
        for kept in ("move the card from todo to done", "open a PR from the team to them", "copy x from a to b"):
            assert quoted_branches(kept) == kept


class TestMisspelledApps:
    def test_an_app_one_letter_off_is_the_app(self) -> None:
        assert _names("notoin create page")[:1] == ["notion__post_page"]
        assert _names("jria create issue")[:1] == ["jira__create_issue"]
        assert _names("intercomm reply to conversation 55")[:1] == ["intercom__reply_conversation"]
        assert _names("twillio send sms")[:1] == ["twilio__create_message"]
        assert _names("creat a page in notin")[:1] == ["notion__post_page"]  # (and the verb's misspelling)
        assert _names("notoin create page", misspelled_apps=False) == []

    def test_a_known_app_or_a_short_word_is_no_misspelling(self) -> None:
        assert _names("gitlab list merge requests") == []  # (GitLab: an app of its own)
        assert _names("bxo list folders") == []  # (three letters: too many words are one edit away)


class TestSpokenNumbers:
    def test_a_number_in_words_after_its_thing(self) -> None:
        assert digits_spoken("get jira issue ENG forty two") == "get jira issue ENG-42"
        assert digits_spoken("delete asana task one two three") == "delete asana task 123"
        assert digits_spoken("reboot droplet seventy seven") == "reboot droplet 77"
        assert digits_spoken("get invoice one hundred twenty five") == "get invoice 125"
        assert digits_spoken("close github issue number twelve") == "close github issue 12"
        assert _names("reboot droplet seventy seven on digitalocean")[:1] == ["digitalocean__droplet_actions_post"]
        assert _names("reboot droplet seventy seven on digitalocean", spoken_numbers=False) == []

    def test_number_before_an_id_leaves_where_no_name_says_it(self) -> None:
        assert digits_spoken("close github issue number 12") == "close github issue 12"
        assert digits_spoken("get the phone number 12", lambda kind: kind == "phone") == "get the phone number 12"
        assert _names("close github issue number 12 in acme/api")[:1] == ["github__issues_update"]

    def test_a_count_or_a_pronoun_stays(self) -> None:
        for kept in (
            "show me the last ten slack messages",
            "create three asana tasks",
            "reboot the broken one",
            "no one replied",
            "list the first five customers",
            "the one two punch",
            "spell out the number 123",  # ("number" after no thing: a number's own word)
        ):
            assert digits_spoken(kept) == kept


class TestJoinedWords:
    def test_a_verb_and_a_name_run_together(self) -> None:
        assert _names("notion createpage")[:1] == ["notion__post_page"]
        assert _names("stripe refundcharge ch_9")[:1] == ["stripe__post_charges_charge_refund"]
        assert _names("notion createpage", joined_words=False) == []


class TestQualifiedMeans:
    def test_a_product_or_a_version_before_api(self) -> None:
        apps, labels = _INDEX.app_mentions, _INDEX.label_postings
        assert as_instrument("use the xero accounting api to get invoices", apps, labels, _leads) == (
            "get invoices in xero"
        )
        assert as_instrument("query the jira api for issue ENG-4", apps, labels, _leads) == "get issue ENG-4 in jira"
        assert as_instrument("hit the digitalocean endpoint that lists droplets", apps, labels, _leads) == (
            "lists droplets in digitalocean"
        )
        assert as_instrument("cal.com v2 api cancel booking 881", apps, labels, _leads) == (
            "cal.com cancel booking 881"
        )
        assert _names("use the xero accounting api to get invoices")[:1] == ["xero__get_invoices"]
        assert _names("use the xero accounting api to get invoices", qualified_means=False)[:1] == [
            "xero__get_bank_statement_accounting"
        ]

    def test_a_word_opening_a_name_stays(self) -> None:
        # the Slack *admin* API is its admin tools'
        apps, labels = _INDEX.app_mentions, _INDEX.label_postings
        assert as_instrument("use the xero bank api to list x", apps, labels, lambda w: w == "bank") == (
            "use the xero bank api to list x"
        )


def _leads(word: str) -> bool:
    return any(name.startswith(f"{word}_") for name in _INDEX.name_postings) if word else False


class TestMessageLabels:
    def test_labels_greetings_and_sign_offs_leave(self) -> None:
        assert without_labels("Ticket #4411: customer wants booking 881 cancelled", _APPS) == (
            "customer wants booking 881 cancelled"
        )
        assert without_labels("RE: outage - create a jira issue", _APPS) == "create a jira issue"
        assert without_labels("Note to self: create a notion page", _APPS) == "create a notion page"
        assert without_labels("Dear support, please delete my intercom contact x. Regards", _APPS) == (
            "please delete my intercom contact x."
        )
        assert without_labels("From: alice@acme.com - please archive slack #x", _APPS) == "please archive slack #x"
        assert _names("Note to self: create a notion page for the Q3 plan")[:1] == ["notion__post_page"]
        assert _names("Note to self: create a notion page for the Q3 plan", message_labels=False)[:1] != [
            "notion__post_page"
        ]

    def test_an_app_an_order_a_quote_or_sentences_stay(self) -> None:
        for kept in (
            "Jira: close ENG-4",
            "close the stale ones - in jira",
            'User wrote: "refund stripe charge ch_1"',
            "Subject: refund request. Please refund charge ch_9 in stripe.",
            "list the repos I like best",
        ):
            assert without_labels(kept, _APPS) == kept


class TestAskedPassives:
    def test_whether_a_thing_can_be_done_is_it_done(self) -> None:
        assert passive_question("can stripe charges be refunded") == "stripe charge can be refunded"
        assert passive_question("is it possible for a slack message to be pinned?") == ("a slack message can be pinned")
        assert passive_question("are notion pages able to be archived") == "notion page can be archived"
        assert _names("can stripe charges be refunded")[:1] == ["stripe__post_charges_charge_refund"]
        assert _names("can stripe charges be refunded", asked_passives=False)[:1] == ["stripe__get_charges"]
        assert _names("is it possible for a slack message to be pinned")[:1] == ["slack__pins_add"]
        # a kind in the plural asks of any one thing of it
        assert passive_question("can droplets be resized in digitalocean") == "droplet can be resized in digitalocean"

    def test_no_thing_no_reading(self) -> None:
        for kept in ("can you be quick", "can it be done", "is it possible to list x"):
            assert passive_question(kept) == kept


class TestToldAttempts:
    def test_an_attempt_that_failed_is_its_order(self) -> None:
        assert attempted("I'm getting an error when creating a jira issue") == "create a jira issue"
        assert attempted("why does posting to slack channel #general fail") == "post to slack channel #general"
        assert attempted("can't upload report.pdf to box folder 12") == "upload report.pdf to box folder 12"
        assert attempted("help, merging PR 8 in acme/api on github returns 405") == "merge PR 8 in acme/api on github"
        assert attempted("error 404 when getting asana task 1203") == "get asana task 1203"
        assert attempted("I tried to delete asana task 12 but got forbidden") == "delete asana task 12"
        assert attempted("github issue 14 in acme/api won't close") == "close github issue 14 in acme/api"
        assert attempted("creating a notion page gives me a validation error") == "create a notion page"
        assert attempted("I keep getting a 500 when sending an intercom message") == "send an intercom message"
        assert _names("I'm getting an error when creating a jira issue")[:1] == ["jira__create_issue"]
        assert _names("I'm getting an error when creating a jira issue", told_attempts=False)[:1] != [
            "jira__create_issue"
        ]

    def test_trying_again_is_the_order(self) -> None:
        assert attempted("try again to refund stripe charge ch_9") == "refund stripe charge ch_9"
        assert attempted("post the message to slack #general once more") == "post the message to slack #general"
        assert attempted("re-open github issue 14") == "reopen github issue 14"
        assert attempted("try once more to merge PR 41") == "merge PR 41"

    def test_a_filter_a_question_or_no_order_stays(self) -> None:
        for kept in (
            "list stripe charges that failed",
            "stripe payments which failed last week",
            "why is the sky blue",
            "the twilio sms didn't send",  # (no action named)
            "Because the deploy failed, can you create a jira issue",  # (a reason: ``reason_clauses``')
        ):
            assert attempted(kept) == kept
        assert _names("why does my car fail to start") == []


class TestToolWords:
    def test_a_tool_by_another_word(self) -> None:
        assert called_tool("which api call refunds a stripe charge") == "refund a stripe charge"
        assert called_tool("what's the cal.com route for cancelling a booking") == "cal.com cancel a booking"
        assert called_tool("the slack method for inviting someone to a channel") == "slack invite someone to a channel"
        assert called_tool("name of the tool that reboots a droplet") == "reboot a droplet"
        assert _names("which api call refunds a stripe charge")[:1] == ["stripe__post_charges_charge_refund"]
        assert _names("which api call refunds a stripe charge", tool_words=False) == []

    def test_no_action_no_reading(self) -> None:
        for kept in ("the call to bob", "which pull request adds tests", "which request is slow", "which actions ran"):
            assert called_tool(kept) == kept


class TestIntentFields:
    def test_the_fields_say_the_request(self) -> None:
        assert intent_read("app=stripe action=refund charge") == "refund charge in stripe"
        assert intent_read("intent: list_projects, app: asana") == "list projects in asana"
        assert intent_read('task(app="xero", verb="create", object="invoice")') == "create invoice in xero"
        assert intent_read("action: merge pull request; app: github; repo: acme/api") == (
            'merge pull request in github with repo "acme/api"'
        )
        assert _names('task(app="xero", verb="create", object="invoice")')[:1] == ["xero__create_invoices"]
        assert _names('task(app="xero", verb="create", object="invoice")', intent_fields=False)[:1] != [
            "xero__create_invoices"
        ]
        assert _names("intent: list_projects, app: asana")[:1] == ["asana__get_projects"]

    def test_an_argument_list_stays(self) -> None:
        for kept in ("name: Ship, project: 12", "list issues state=open", "app: asana"):
            assert intent_read(kept) == kept


class TestAskedLeave:
    def test_leave_or_advice_asked_is_the_order(self) -> None:
        assert leave_asked("is it okay to delete box file 123") == "delete box file 123"
        assert leave_asked("is it worth creating a jira issue for this") == "create a jira issue for this"
        assert leave_asked("can I go ahead and close github issue 12?") == "close github issue 12"
        assert leave_asked("any objection to archiving asana project 77") == "archive asana project 77"
        assert leave_asked("would you recommend refunding stripe charge ch_9") == "refund stripe charge ch_9"
        assert _names("is it okay to delete box folder 99")[:1] == ["box__delete_folders_id"]
        assert _names("is it okay to delete box folder 99", leave_questions=False) == []

    def test_a_task_told_to_the_assistant_is_the_order(self) -> None:
        assert told_assistant("your next step is to close github issue 12") == "close github issue 12"
        assert told_assistant("you are asked to create a notion page") == "create a notion page"
        assert told_assistant("you need to create a jira issue") == "create a jira issue"
        assert told_assistant("you're supposed to create a cal.com booking") == "create a cal.com booking"
        assert _names("your next step is to archive slack channel C0123")[:1] == ["slack__conversations_archive"]
        assert _names("your next step is to archive slack channel C0123", assistant_orders=False) == []

    def test_no_order_no_reading(self) -> None:
        for kept in ("is it okay", "what if it rains", "is it safe to say that", "you need to know that"):
            assert leave_asked(kept) == kept
            assert told_assistant(kept) == kept


class TestSymbols:
    def test_an_emoji_opening_a_request_is_no_word(self) -> None:
        assert tokenize("🗑️ delete box file 123") == ["delete", "box", "file", "123"]
        assert tokenize("école naïve") == ["école", "naïve"]  # (a mark after its letter stays)
        assert without_tags("⭐ star acme/api on github") == "star acme/api on github"
        assert _names("🗑️ delete box folder 99")[:1] == ["box__delete_folders_id"]


class TestDescribedThings:
    def test_a_description_of_the_thing_leaves(self) -> None:
        tools = frozenset(range(len(DOCS)))
        assert (
            without_description(_INDEX, "reboot the unresponsive droplet 77", tools, _APPS) == "reboot the droplet 77"
        )
        assert _names("reboot the unresponsive droplet 77 on digitalocean")[:1] == [
            "digitalocean__droplet_actions_post"
        ]
        assert (
            _names("reboot the unresponsive droplet 77 on digitalocean", described_things=False, unsaid_modifiers=False)
            == []
        )
        assert _names("create a quick jira issue for the typo")[:1] == ["jira__create_issue"]
        assert _names("delete the forgotten box folder 99 please")[:1] == ["box__delete_folders_id"]

    def test_a_noun_an_order_or_a_word_the_app_says_stays(self) -> None:
        tools = frozenset(range(len(DOCS)))
        for kept in (
            "create a jira issue from this slack message",  # (an app's name)
            "get the status property of jira issue ENG-1",  # (a noun naming the thing)
            "get the largest stripe charge",  # (a superlative orders)
            "get the second jira issue",  # (an ordinal)
            "list the latest stripe charges",
            "create a duplicate jira issue",  # (a verb, no plain adjective: a copy)
        ):
            assert without_description(_INDEX, kept, tools, _APPS) == kept


class TestShortFlags:
    def test_a_flag_of_one_letter_is_a_value(self) -> None:
        assert read_flags("gh issue list -R acme/api", short=True) == "gh issue list with 'acme/api'"
        assert read_flags('jira issue create -tBug -s"Login fails"', short=True) == (
            "jira issue create with 'Bug' with 'Login fails'"
        )
        assert read_flags("gh issue list -R acme/api") == "gh issue list -R acme/api"
        for kept in ("re-open issue 5", "list -5 items", "a -b"):
            assert read_flags(kept, short=True) == kept
        assert _names('jira issue create -tBug -s"Login fails"')[:1] == ["jira__create_issue"]
        assert _names('jira issue create -tBug -s"Login fails"', short_flags=False) == []


class TestSpellingVariants:
    def test_a_british_spelling_is_the_tools(self) -> None:
        says = {"finalize", "catalog", "organizations", "check", "license", "color", "analyze"}.__contains__
        assert american_spelling("finalise the catalogue", lambda w: False, says) == (
            "finalize the catalog",
            (("finalise", "finalize"), ("catalogue", "catalog")),
        )
        assert american_spelling("my organisations", lambda w: False, says)[0] == "my organizations"
        assert american_spelling("cheque, licence, colour, analyse", lambda w: False, says)[0] == (
            "check, license, color, analyze"
        )
        # a word some tool says stays, and a variant no tool says as written is none ("called": "caled")
        assert american_spelling("finalise it", lambda w: True, says) == ("finalise it", ())
        assert american_spelling("a page called Runbook", lambda w: False, says)[0] == "a page called Runbook"
        assert _names("list xero cheque payments")[:1] == ["xero__get_payments"]
        assert _names("list xero cheque payments", spelling_variants=False, unsaid_modifiers=False) == []


class TestStartedThings:
    def test_a_new_thing_started_is_created(self) -> None:
        assert _names("start a new slack channel")[:1] == ["slack__conversations_create"]


class TestSteps:
    def test_a_steps_place_opens_a_listed_step(self) -> None:
        assert task_part("first, list my asana workspaces; second, create a project", steps=True) == (
            "first, list my asana workspaces"
        )
        assert _names("first, list my asana workspaces; second, create a project")[:1] == ["asana__get_workspaces"]

    def test_a_second_step_after_that(self) -> None:
        assert _names("get jira issue ENG-4 and after that delete it")[:1] == ["jira__get_issue"]


def test_hostile_lengths() -> None:
    started = time.perf_counter()
    long = "x " * 20_000
    assert intended_as_asked("gonna " + long) == "gonna " + long
    intended_as_asked("asap " * 5_000 + "list x")
    quoted_branches("merge from " + long + " to main")
    digits_spoken("issue " + "one " * 20_000)
    digits_spoken("issue " + "one " * 100)
    without_labels("a " * 20_000 + ": list", _APPS)
    without_labels("Dear " + long + ", list x. Regards", _APPS)
    passive_question("can " + long + " be done")
    as_instrument("use the " + long + " api to list x", _INDEX.app_mentions, _INDEX.label_postings, _leads)
    rank(_INDEX, "notoin " + "creat " * 5_000)
    rank(_INDEX, "twilio " + "sendsms" * 500)
    attempted("why does " + long + " fail")
    attempted("I tried to " + long + " but")
    attempted(long + " keeps failing")
    called_tool("which tool " + long)
    intent_read("app=x " + "a=b " * 5_000)
    intent_read("{" + '"k": "v", ' * 5_000 + "}")
    leave_asked("is it okay to " + long)
    told_assistant("you need to " + long)
    without_tags("⭐" * 20_000 + " list x")
    without_description(_INDEX, "the " + "quick " * 20_000 + "jira issue", frozenset(range(len(DOCS))), _APPS)
    without_description(_INDEX, "the quick " * 100 + "jira issue", frozenset(range(len(DOCS))), _APPS)
    read_flags("gh " + "-R x " * 20_000, short=True)
    american_spelling("organise " * 20_000, lambda w: False, lambda w: True)
    assert time.perf_counter() - started < 2.0
