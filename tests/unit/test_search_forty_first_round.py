"""Issue 13's forty-first round: access taken away or given in other words moves a person
(``revoked_access``); who may see a thing asks its people (``access_questions``); a condition
opened by "unless", "in case" or "should" leaves, and its thing is the action's where the action
names none (``conditional_things``); a context's sentence may be longer, and a verb only first opens
the asking one (``long_contexts``); clicks and pages narrated are the action the label says
(``narrated_clicks``); a report asked of things shows them (``asked_reports``); a mention opening a
chat message leaves it (``addressed_bots``); an action undone in words is its undoing
(``undone_acts``); whom a thing is sent to, by their kind, leaves (``recipient_kinds``); a learner's
light verbs, question order and wishes are read (``learner_forms``); the branch alone a pull
request goes from is a value (``head_branches``); a phone number in groups is one value
(``spaced_numbers``); a thing said to end is deleted or cancelled (``ended_things``); a time frame
before the order leaves (``time_frames``); a reminder is the order it reminds of
(``reminded_orders``); what is known of one thing is its get (``about_questions``); what an action
would do asks for the action (``supposed_acts``); the courtesy around a request leaves
(``courtesies``); the capacity the asker acts in leaves (``role_openers``); a thing described with
its id in parentheses is the thing (``bracketed_ids``); an adverb of manner before the order leaves
(``manner_adverbs``); things named by their ids are read in the singular (``listed_ids``); and,
without a switch: a duration's minutes and weeks are values ("30m"), and "forward" opening a
request sends."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.about_questions import about_thing
from cardamom.core.search.bracketed_ids import bracketed_thing
from cardamom.core.search.courtesies import without_courtesy
from cardamom.core.search.interface_steps import without_interface
from cardamom.core.search.learner_forms import learners_read
from cardamom.core.search.listed_ids import one_of_each
from cardamom.core.search.merged_branches import quoted_branches
from cardamom.core.search.message_labels import without_labels
from cardamom.core.search.output_formats import without_formats
from cardamom.core.search.passive_voice import ended_state
from cardamom.core.search.phone_numbers import joined_numbers
from cardamom.core.search.reason_clauses import without_reasons
from cardamom.core.search.recipients import without_recipient
from cardamom.core.search.reminded_orders import reminded_request
from cardamom.core.search.request_parts import task_part
from cardamom.core.search.stated_situations import without_role
from cardamom.core.search.supposed_acts import supposed_act
from cardamom.core.search.time_frames import without_time_frame
from cardamom.core.search.value_shapes import has_value_digits
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    app_doc("slack__conversations_unarchive", "Slack", "Reverses conversation archival."),
    app_doc("slack__conversations_kick", "Slack", "Removes a user from a conversation."),
    app_doc("slack__conversations_invite", "Slack", "Invites users to a channel."),
    app_doc("slack__conversations_members", "Slack", "Retrieve members of a conversation."),
    app_doc("slack__conversations_info", "Slack", "Retrieve information about a conversation."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("box__get_folders_id", "Box", "Get folder information."),
    app_doc("box__delete_folders_id", "Box", "Delete folder."),
    app_doc("box__post_folders_id", "Box", "Restore folder. Restores a folder that has been moved to the trash."),
    app_doc("box__post_collaborations", "Box", "Create collaboration."),
    app_doc("box__delete_collaborations_id", "Box", "Remove collaboration."),
    app_doc("box__get_folders_id_collaborations", "Box", "List folder collaborations."),
    app_doc("box__delete_files_id", "Box", "Delete file."),
    app_doc("box__delete_files_id_trash", "Box", "Permanently remove file. Permanently deletes a file in the trash."),
    app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices or purchase bills."),
    app_doc("xero__email_invoice", "Xero", "Sends a copy of a specific invoice to the related contact via email."),
    app_doc("xero__get_report_balance_sheet", "Xero", "Retrieves report for balance sheet."),
    app_doc("xero__get_report_bank_summary", "Xero", "Retrieves report for bank summary."),
    app_doc("asana__delete_task", "Asana", "Delete a task."),
    app_doc("asana__get_task", "Asana", "Get a task."),
    app_doc("asana__get_tasks", "Asana", "Get multiple tasks."),
    app_doc("asana__add_members_for_project", "Asana", "Add users to a project."),
    app_doc("asana__create_budget", "Asana", "Create a budget."),
    app_doc("asana__create_task", "Asana", "Create a task."),
    app_doc("jira__get_issue", "Jira", "Get issue."),
    app_doc("jira__do_transition", "Jira", "Transition issue. Performs an issue transition, to close it."),
    app_doc("jira__create_issue", "Jira", "Create issue. Creates an issue or a subtask."),
    app_doc("jira__add_worklog", "Jira", "Add worklog. Adds a worklog to an issue."),
    app_doc("github__pulls_create", "GitHub", "Create a pull request."),
    app_doc("github__pulls_merge", "GitHub", "Merge a pull request."),
    app_doc("github__issues_update", "GitHub", "Update an issue. Close or reopen it."),
    app_doc("github__issues_add_assignees", "GitHub", "Add assignees to an issue."),
    app_doc("stripe__post_charges_charge_refund", "Stripe", "Create a refund of a charge."),
    app_doc("stripe__get_charges", "Stripe", "List all charges."),
    app_doc("twilio__create_message", "Twilio", "Send a message: an SMS or an MMS."),
    app_doc("twilio__create_call", "Twilio", "Create a call to a phone number."),
    app_doc("digitalocean__droplet_actions_post", "DigitalOcean", "Initiate a droplet action: reboot, power off."),
    app_doc("cal-com__cancel_booking", "Cal.com", "Cancel a booking."),
    app_doc("cal-com__get_booking", "Cal.com", "Get a booking."),
    app_doc("notion__post_page", "Notion", "Create a page."),
    app_doc("intercom__retrieve_conversation", "Intercom", "Retrieve a conversation."),
]
_INDEX = SearchIndex.build(DOCS)
_APPS = frozenset({"jira", "asana", "digitalocean", "stripe", "github", "xero", "slack", "box", "notion", "intercom"})
_ALL = frozenset(range(len(DOCS)))


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


def _verb_of(participle: str) -> str | None:
    return {"created": "create", "merged": "merge", "sent": "send"}.get(participle)


class TestRevokedAccess:
    def test_access_taken_moves_the_person_out(self) -> None:
        for request in (
            "revoke bob's access to box folder 99",
            "stop alice from seeing box folder 99",
            "cut off carol's access to box folder 99",
        ):
            assert _names(request)[:1] == ["box__delete_collaborations_id"], request
            assert _names(request, revoked_access=False)[:1] != ["box__delete_collaborations_id"], request
        assert _names("I want bob out of slack channel C0123")[:1] == ["slack__conversations_kick"]

    def test_access_given_in_other_words_moves_the_person_in(self) -> None:
        assert _names("let bob into slack channel C0123")[:1] == ["slack__conversations_invite"]
        assert _names("let bob into slack channel C0123", revoked_access=False)[:1] != ["slack__conversations_invite"]
        assert _names("grant bob edit rights on box folder 99")[:1] == ["box__post_collaborations"]


class TestAccessQuestions:
    def test_who_may_see_a_thing_asks_its_people(self) -> None:
        for request in (
            "who can see box folder 99",
            "who has access to box folder 99",
            "who is box folder 99 shared with",
        ):
            assert _names(request)[:1] == ["box__get_folders_id_collaborations"], request
        assert _names("who can see box folder 99", access_questions=False)[:1] != ["box__get_folders_id_collaborations"]
        assert _names("who can see slack channel C0123")[:1] == ["slack__conversations_members"]


class TestConditionalThings:
    def test_a_condition_of_its_own_opener_leaves(self) -> None:
        for request in (
            "unless someone objects, archive slack channel C0123",
            "should twilio message SM1 fail, archive slack channel C0123",
            "in case nobody answers, archive slack channel C0123",
        ):
            assert without_reasons(request, conditions=True) == "archive slack channel C0123", request
            assert without_reasons(request) == request
        assert _names("unless someone objects, archive slack channel C0123")[:1] == ["slack__conversations_archive"]
        assert _names("unless someone objects, archive slack channel C0123", conditional_things=False) == []

    def test_the_conditions_thing_is_the_actions(self) -> None:
        assert without_reasons("if the github issue 9 has no assignee, assign alice", conditions=True) == (
            "assign alice to issue 9"
        )
        assert without_reasons("if the github issue 9 has no assignee, assign alice") == "assign alice"
        assert without_reasons("if jira issue ENG-4 is open, close it", conditions=True) == "close issue ENG-4"

    def test_a_question_or_things_of_its_own_stay(self) -> None:
        assert without_reasons("should I archive it, or not?", conditions=True) == "should I archive it, or not?"
        assert without_reasons("in case payout po_7 failed, list stripe payouts", conditions=True) == (
            "list stripe payouts"
        )


class TestLongContexts:
    def test_a_longer_context_before_the_ask(self) -> None:
        request = "The old channel hasn't been used since 2024 and clutters everyone's sidebar. Delete slack C0123."
        assert task_part(request, sentences=True, long=True) == "Delete slack C0123."
        assert task_part(request, sentences=True) == request
        opened = "QA found login breaks on Safari. It happens every time. Open a jira issue for it."
        assert task_part(opened, sentences=True, long=True) == "Open a jira issue for it."
        assert task_part(opened, sentences=True) == opened


class TestNarratedClicks:
    def test_a_click_on_a_label_is_its_action(self) -> None:
        assert without_interface("click archive on slack channel C0123", _APPS) == "archive slack channel C0123"
        assert without_interface("create a press release in notion", _APPS) == "create a press release in notion"
        assert without_interface("in notion click new page", _APPS) == "create page in notion"
        assert without_interface("use the new issue button on github", _APPS) == "create issue github"
        assert _names("click archive on slack channel C0123")[:1] == ["slack__conversations_archive"]
        assert _names("click archive on slack channel C0123", narrated_clicks=False) == []

    def test_a_step_opening_the_thing_then_the_action(self) -> None:
        assert without_interface("in box, go to folder 99 and delete it", _APPS) == "delete folder 99 in box"
        assert without_interface("go to the stripe dashboard and refund charge ch_9", _APPS) == (
            "refund the stripe charge ch_9"
        )
        assert without_interface("open jira issue ENG-4 and hit the assign button for bob", _APPS) == (
            "assign jira issue ENG-4 for bob"
        )
        assert without_interface("right-click box file 123 and choose download", _APPS) == "download box file 123"

    def test_no_click_no_page_no_reading(self) -> None:
        for kept in (
            "open a jira issue and assign it to bob",  # (a thing made, then a second step: request_parts')
            "hit the jira api for issue ENG-4",
            "select all jira issues where status is open",
            "in slack post a message to #general",
        ):
            assert without_interface(kept, _APPS) == kept, kept


class TestAskedReports:
    def test_a_report_of_things_shows_them(self) -> None:
        for request, shown in (
            ("give me a table of open jira issues", "show open jira issues"),
            ("a spreadsheet of stripe charges for November", "show stripe charges for November"),
            ("print the box folder 99 contents", "show the box folder 99 contents"),
            ("pull a list of xero contacts into a sheet", "pull a list of xero contacts"),
        ):
            assert without_formats(_INDEX, request, ["Xero"], reports=True, app_words=_APPS) == shown, request
        assert _names("a report of xero invoices this quarter")[:1] == ["xero__get_invoices"]
        assert _names("a report of xero invoices this quarter", asked_reports=False)[:1] != ["xero__get_invoices"]

    def test_an_apps_own_report_stays(self) -> None:
        assert without_formats(_INDEX, "a report of the balance sheet", ["Xero"], reports=True, app_words=_APPS) == (
            "a report of the balance sheet"
        )


class TestAddressedBots:
    def test_a_mention_opening_a_message_leaves(self) -> None:
        assert without_labels("@cardamom close github issue 12", _APPS, mentions=True) == "close github issue 12"
        assert without_labels("hey @bot, archive slack channel C0123", _APPS, mentions=True) == (
            "archive slack channel C0123"
        )
        assert without_labels("@cardamom close github issue 12", _APPS) == "@cardamom close github issue 12"
        assert without_labels("@bob", _APPS, mentions=True) == "@bob"


class TestUndoneActs:
    def test_an_action_undone_in_words(self) -> None:
        assert _names("undo the archive of slack channel C0123")[:1] == ["slack__conversations_unarchive"]
        assert _names("undo the archive of slack channel C0123", undone_acts=False)[:1] != [
            "slack__conversations_unarchive"
        ]
        for request in (
            "bring back box folder 99",
            "put back the deleted box folder 99",
            "undo the deletion of box folder 99",
        ):
            assert _names(request)[:1] == ["box__post_folders_id"], request
        assert _names("bring back slack channel C0123")[:1] == ["slack__conversations_unarchive"]

    def test_no_undoing_verb_no_reading(self) -> None:
        assert _names("undo the frobnication of slack channel C0123") == []


class TestRecipientKinds:
    def test_whom_a_thing_is_sent_to_by_their_kind_leaves(self) -> None:
        xero = frozenset(i for i, d in enumerate(DOCS) if d.name.startswith("xero__"))
        assert without_recipient(_INDEX, "send xero invoice INV-3 to the client", xero) == "send xero invoice INV-3"
        assert without_recipient(_INDEX, "send to client the xero invoice INV-3", xero) == "send the xero invoice INV-3"
        assert _names("send xero invoice INV-3 to our accountant")[:1] == ["xero__email_invoice"]

    def test_a_kind_the_app_says_stays(self) -> None:
        xero = frozenset(i for i, d in enumerate(DOCS) if d.name.startswith("xero__"))
        assert without_recipient(_INDEX, "send xero invoice INV-3 to the contact", xero) == (
            "send xero invoice INV-3 to the contact"
        )


class TestLearnerForms:
    def test_a_learners_english(self) -> None:
        assert learners_read("make delete of the box file 123") == "delete the box file 123"
        assert learners_read("need do reboot for droplet 77") == "need to reboot droplet 77"
        assert learners_read("please do a cancellation of booking 42") == "please cancel booking 42"
        assert learners_read("how I can archive slack channel C0123") == "how do I archive slack channel C0123"
        assert learners_read("I am wanting to see conversation 55") == "I want to see conversation 55"
        assert learners_read("take a look at jira issue ENG-4") == "get jira issue ENG-4"
        assert _names("make delete of the box folder 99")[:1] == ["box__delete_folders_id"]
        assert _names("make delete of the box folder 99", learner_forms=False)[:1] != ["box__delete_folders_id"]

    def test_no_act_no_reading(self) -> None:
        for kept in ("make a payment of $50 in stripe", "do a lot of things", "need help"):
            assert learners_read(kept) == kept


class TestHeadBranches:
    def test_the_branch_alone_is_a_value(self) -> None:
        assert (
            quoted_branches("open a pull request from feature-x", alone=True) == "open a pull request from 'feature-x'"
        )
        assert quoted_branches("open a PR from branch dev", alone=True) == "open a PR from branch 'dev'"
        assert quoted_branches("open a pull request from feature-x") == "open a pull request from feature-x"
        assert quoted_branches("open a PR from the repo", alone=True) == "open a PR from the repo"
        assert _names("open a github pull request from feature-x")[:1] == ["github__pulls_create"]
        assert _names("open a github pull request from feature-x", head_branches=False) == []


class TestSpacedNumbers:
    def test_a_phone_number_in_groups_is_one_value(self) -> None:
        assert joined_numbers("call +1 (415) 555-0100 with twilio") == "call +14155550100 with twilio"
        assert joined_numbers("text +44 7700 900123 hi") == "text +447700900123 hi"
        assert joined_numbers("sms (415) 555-0100") == "sms 4155550100"
        for kept in ("add 2 + 3 (5) items", "list invoices (2024)", "call +1 555"):
            assert joined_numbers(kept) == kept
        assert _names("call +1 (415) 555-0100 with twilio")[:1] == ["twilio__create_call"]
        assert _names("call +1 (415) 555-0100 with twilio", spaced_numbers=False) == []


class TestEndedThings:
    def test_a_thing_said_to_end(self) -> None:
        assert ended_state("the stripe customer cus_1 shouldn't exist anymore") == "delete the stripe customer cus_1"
        assert ended_state("box file 123 needs to be in the trash") == "delete box file 123"
        assert ended_state("the cal.com booking 881 should not happen") == "cancel the cal.com booking 881"
        for kept in (
            "the file shouldn't exist anymore",
            "it should not happen again",
            "box file 123 should be gone soon?",
        ):
            assert ended_state(kept) in (kept, "delete box file 123 soon"), kept
        assert _names("the cal.com booking 881 should not happen")[:1] == ["cal-com__cancel_booking"]
        assert _names("the cal.com booking 881 should not happen", ended_things=False)[:1] != [
            "cal-com__cancel_booking"
        ]


class TestTimeFrames:
    def test_a_time_frame_before_the_order_leaves(self) -> None:
        for request, left in (
            ("by end of day, close github issue 12", "close github issue 12"),
            ("at 5pm cancel cal.com booking 881", "cancel cal.com booking 881"),
            ("in an hour, send a twilio sms", "send a twilio sms"),
            ("next week: delete box folder 99", "delete box folder 99"),
            ("later today please assign jira issue ENG-4", "please assign jira issue ENG-4"),
            ("tonight, after the release, merge PR 8", "after the release, merge PR 8"),
        ):
            assert without_time_frame(request) == left, request
        assert _names("first thing tomorrow, merge github pull request 8")[:1] == ["github__pulls_merge"]
        assert _names("first thing tomorrow, merge github pull request 8", time_frames=False) == []

    def test_no_time_or_no_order_stays(self) -> None:
        for kept in (
            "1) get jira issue ENG-5 2) post it",
            "first get the jira issue ENG-4",
            "in jira close issue 5",
            "on friday the invoice is due",
            "this week I need the invoices",
        ):
            assert without_time_frame(kept) == kept, kept


class TestRemindedOrders:
    def test_a_reminder_is_the_order(self) -> None:
        for request, order in (
            ("don't forget to archive slack channel C0123", "archive slack channel C0123"),
            ("remember to refund stripe charge ch_9", "refund stripe charge ch_9"),
            ("reminder to cancel cal.com booking 881", "cancel cal.com booking 881"),
            ("do not forget adding bob to asana project 77", "add bob to asana project 77"),
            ("you forgot to merge PR 8", "merge PR 8"),
            ("still need to send the twilio sms", "send the twilio sms"),
            ("we still haven't created the jira issue for the login bug", "create the jira issue for the login bug"),
        ):
            assert reminded_request(request, _verb_of) == order, request
        assert _names("remember to refund stripe charge ch_9")[:1] == ["stripe__post_charges_charge_refund"]
        assert _names("remember to refund stripe charge ch_9", reminded_orders=False) == []

    def test_an_apps_own_reminders_keep_remind_me(self) -> None:
        assert reminded_request("remind me to call bob", _verb_of, reminding=True) == "remind me to call bob"
        assert reminded_request("remind me to call bob", _verb_of) == "call bob"
        assert reminded_request("remember the invoices", _verb_of) == "remember the invoices"


class TestAboutQuestions:
    def test_what_is_known_of_one_thing_is_its_get(self) -> None:
        for request in (
            "everything about jira issue ENG-4",
            "all the details on jira issue ENG-4",
            "the lowdown on jira issue ENG-4",
            "what do we know about jira issue ENG-4?",
            "background on jira issue ENG-4",
        ):
            assert about_thing(request) == "get jira issue ENG-4", request
        assert about_thing("everything about jira issues") == "everything about jira issues"
        assert _names("the full story of jira issue ENG-4")[:1] == ["jira__get_issue"]
        assert _names("the full story of jira issue ENG-4", about_questions=False, asked_pieces=False)[:1] != [
            "jira__get_issue"
        ]


class TestSupposedActs:
    def test_what_an_action_would_do_is_the_action(self) -> None:
        for request, act in (
            ("what happens if I delete box folder 99", "delete box folder 99"),
            ("suppose I cancel cal.com booking 881, what then", "cancel cal.com booking 881"),
            ("if I close github issue 12 will it notify anyone", "close github issue 12"),
            ("will rebooting droplet 77 lose data", "reboot droplet 77"),
            ("what's the impact of deleting jira issue ENG-4", "delete jira issue ENG-4"),
            ("is there any risk in merging PR 8", "merge PR 8"),
        ):
            assert supposed_act(request) == act, request
        assert _names("suppose I delete box folder 99, what then")[:1] == ["box__delete_folders_id"]
        assert _names("suppose I delete box folder 99, what then", supposed_acts=False) == []

    def test_no_action_no_reading(self) -> None:
        for kept in ("what happens if the payout fails", "will the invoices be paid", "what if"):
            assert supposed_act(kept) == kept, kept


class TestCourtesies:
    def test_the_courtesy_leaves(self) -> None:
        for request in (
            "I was wondering if you might be able to refund stripe charge ch_9",
            "it would be lovely if you could refund stripe charge ch_9",
            "I'd be grateful if you'd refund stripe charge ch_9",
            "kindly be so good as to refund stripe charge ch_9",
            "would you be so good as to refund stripe charge ch_9",
            "refund stripe charge ch_9, ok?",
            "refund stripe charge ch_9 - can you do that?",
        ):
            assert without_courtesy(request) == "refund stripe charge ch_9", request
        assert without_courtesy("could I have xero invoice INV-3") == "get xero invoice INV-3"
        assert _names("I'd be grateful if you'd refund stripe charge ch_9")[:1] == [
            "stripe__post_charges_charge_refund"
        ]
        assert _names("I'd be grateful if you'd refund stripe charge ch_9", courtesies=False) == []

    def test_a_question_stays(self) -> None:
        for kept in ("is the invoice paid, right?", "I was wondering if the invoice is paid"):
            assert without_courtesy(kept) == kept, kept


class TestRoleOpeners:
    def test_the_capacity_the_asker_acts_in_leaves(self) -> None:
        for request in (
            "in my capacity as repo owner, merge PR 8",
            "wearing my ops hat, merge PR 8",
            "acting for the team lead, merge PR 8",
            "as finance, merge PR 8",
        ):
            assert without_role(request, (), capacities=True) == "merge PR 8", request
            assert without_role(request, ()) in (request, "merge PR 8")
        assert without_role("wearing my ops hat, merge PR 8", ()) == "wearing my ops hat, merge PR 8"


class TestBracketedIds:
    def test_the_id_in_parentheses_names_the_thing(self) -> None:
        assert bracketed_thing("close the login bug (ENG-4) in jira", _APPS) == "close the bug ENG-4 in jira"
        assert bracketed_thing("reboot the api droplet (id 77)", _APPS) == "reboot the droplet 77"
        assert bracketed_thing("delete the draft contract (box file 123)", _APPS) == "delete the box file 123"
        assert bracketed_thing("mark the launch task (asana 12) done", _APPS) == "mark the asana task 12 done"
        assert _names("delete the draft contract (box file 123)")[:1] == ["box__delete_files_id"]
        assert _names("delete the draft contract (box file 123)", bracketed_ids=False)[:1] != ["box__delete_files_id"]

    def test_a_remark_in_parentheses_stays(self) -> None:
        for kept in ("refund charge ch_9 (full amount)", "list the invoices (the old ones)", "call f(x)"):
            assert bracketed_thing(kept, _APPS) == kept, kept


class TestMannerAdverbs:
    def test_an_adverb_no_tool_says_leaves(self) -> None:
        assert _names("safely delete asana task 12")[:1] == ["asana__delete_task"]
        assert _names("safely delete asana task 12", manner_adverbs=False) == []
        assert _names("temporarily power off digitalocean droplet 77")[:1] == ["digitalocean__droplet_actions_post"]

    def test_an_adverb_a_tool_says_of_the_thing_stays(self) -> None:
        assert _names("permanently delete box file 123")[:1] == ["box__delete_files_id_trash"]
        assert _names("only list stripe charges")[:1] == ["stripe__get_charges"]


class TestListedIds:
    def test_things_named_by_their_ids_are_each_one(self) -> None:
        assert one_of_each("delete both asana tasks 12 and 13") == "delete asana task 12 and 13"
        assert one_of_each("fetch twilio messages SM1 and SM2") == "fetch twilio message SM1 and SM2"
        assert one_of_each("close github issues 12, 14 and 15") == "close github issue 12, 14 and 15"
        assert one_of_each("list the issues created in 2024 and 2025") == "list the issues created in 2024 and 2025"
        assert _names("delete both asana tasks 12 and 13")[:1] == ["asana__delete_task"]
        assert (
            _names("delete both asana tasks 12 and 13", listed_ids=False, counted_orders=False, unsaid_modifiers=False)
            == []
        )


class TestWithoutASwitch:
    def test_minutes_and_weeks_written_on_are_values(self) -> None:
        assert has_value_digits("30m") and has_value_digits("2w")
        assert not has_value_digits("3d")  # a word ("3d printing")
        assert _names("log 2h 30m of work on jira issue ENG-4")[:1] == ["jira__add_worklog"]

    def test_forward_opening_a_request_sends(self) -> None:
        assert _names("forward xero invoice INV-3")[:1] == ["xero__email_invoice"]


def test_hostile_lengths() -> None:
    started = time.perf_counter()
    long = "x " * 20_000
    without_interface("click " + long, _APPS)
    without_interface("in box, go to " + long + " and delete it", _APPS)
    without_interface("click " * 5_000, _APPS)
    without_formats(_INDEX, "a table of " + long, ["Xero"], reports=True, app_words=_APPS)
    without_reasons("unless " + long + ", archive x", conditions=True)
    without_reasons("if issue 9 " + "a " * 100 + ", assign bob", conditions=True)
    task_part(("Words are here. " * 3) + long, sentences=True, long=True)
    without_labels("@" + "x" * 20_000 + " list", _APPS, mentions=True)
    without_recipient(_INDEX, "send " + long + " to the client", _ALL)
    learners_read("make " + "delete " * 5_000 + "of x")
    quoted_branches("open a PR from " + "feature-" * 5_000, alone=True)
    joined_numbers("+1 " + "(415) " * 5_000)
    joined_numbers("+1 (415) 555-0100 " * 200)
    ended_state("the " + long + " shouldn't exist anymore")
    without_time_frame("by " * 20_000 + "close x")
    reminded_request("don't forget to " + long, _verb_of)
    reminded_request("we still haven't " + long, _verb_of)
    about_thing("everything about " + long)
    supposed_act("what happens if I " + long)
    supposed_act("will " + "deleting " * 5_000 + "x lose")
    without_courtesy("I was wondering if " + long)
    without_courtesy(long + ", ok?")
    without_role("in my capacity as " + long + ", merge x", (), capacities=True)
    bracketed_thing("the " + "x " * 5_000 + "(" * 5_000, _APPS)
    bracketed_thing("the bug (ENG-4) " * 100, _APPS)
    one_of_each("tasks " + "12 and " * 5_000 + "13")
    rank(_INDEX, "safely " * 5_000 + "delete asana task 12")
    rank(_INDEX, "who can see " + "box folder 99 " * 1_000)
    assert time.perf_counter() - started < 2.0
