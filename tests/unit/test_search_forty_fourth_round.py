"""Issue 13's forty-fourth round: what is written around an order (``order_surroundings``) is read
before it is ranked: another language's courtesy (``foreign_courtesies``), two verbs offered as
alternatives (``alternative_verbs``) or a look before the act (``inspected_acts``), a to-do
list's open item (``checklist_items``), the ids an act over many spares (``excepted_values``), an
act named by its noun after a light verb (``light_verbs``), marks around the whole request
(``enclosing_marks``), no hurry given (``unhurried_phrases``), a thing made after another
(``modelled_things``), contractions without their apostrophe (``unmarked_contractions``), a
routine's habit (``habitual_phrases``), the environment a thing lives in (``environment_words``),
a precaution (``precaution_clauses``), a go-ahead (``go_ahead_phrases``), a thing told again after
its id (``thing_appositives``), a colleague addressed by name (``addressed_people``); a thing
stated, then the order on it after a dash or with any verb (``stated_orders``); and a formal verb
as models write it (``formal_verbs``)."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.addressed_people import unaddressed
from cardamom.core.search.checklist_items import open_item
from cardamom.core.search.enclosing_marks import unenclosed
from cardamom.core.search.environment_words import without_environment
from cardamom.core.search.excepted_values import without_excepted
from cardamom.core.search.foreign_courtesies import without_foreign_courtesy
from cardamom.core.search.go_ahead_phrases import past_go_ahead
from cardamom.core.search.habitual_phrases import without_habit
from cardamom.core.search.light_verbs import act_of_noun
from cardamom.core.search.modelled_things import without_model
from cardamom.core.search.paired_verbs import act_after_look, first_alternative
from cardamom.core.search.precaution_clauses import without_precaution
from cardamom.core.search.request_parts import task_part
from cardamom.core.search.slang_verbs import plain_verb
from cardamom.core.search.thing_appositives import without_appositive
from cardamom.core.search.unhurried_phrases import unhurried
from cardamom.core.search.unmarked_contractions import marked
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    app_doc("slack__admin_conversations_delete", "Slack", "Delete a public or private channel."),
    app_doc("github__pulls_merge", "GitHub", "Merge a pull request."),
    app_doc("github__pulls_merge_async", "GitHub", "Merge a pull request asynchronously."),
    app_doc("github__issues_update", "GitHub", "Update an issue. Close or reopen it."),
    app_doc("jira__do_transition", "Jira", "Transition issue. Performs an issue transition, to close it."),
    app_doc("jira__create_issue", "Jira", "Create issue. Creates an issue or a subtask."),
    app_doc("jira__get_auto_complete", "Jira", "Get field reference data: resolve fields."),
    app_doc("digitalocean__droplet_actions_post", "DigitalOcean", "Initiate a droplet action: reboot, power off."),
    app_doc("digitalocean__droplets_destroy", "DigitalOcean", "Delete an existing droplet."),
    app_doc("digitalocean__droplets_create", "DigitalOcean", "Create a new droplet."),
    app_doc("box__delete_files_id", "Box", "Delete file."),
    app_doc("box__get_search", "Box", "Search for content: find files and folders."),
    app_doc("stripe__post_charges_charge_refund", "Stripe", "Refund a charge."),
    app_doc("stripe__post_invoices_invoice_void", "Stripe", "Void an invoice."),
    app_doc("xero__email_invoice", "Xero", "Sends a copy of a specific invoice to the related contact via email."),
    app_doc("xero__update_or_create_invoices", "Xero", "Updates or creates one or more sales invoices."),
    app_doc("xero__update_invoice", "Xero", "Updates a specific sales invoice."),
    app_doc("cal-com__cancel_booking", "Cal.com", "Cancel a booking."),
    app_doc("cal-com__reschedule_booking", "Cal.com", "Reschedule a booking."),
    app_doc("box__get_folders_id_items", "Box", "List items in folder."),
    app_doc("asana__create_task", "Asana", "Create a task."),
    app_doc("asana__delete_task", "Asana", "Delete a task."),
    app_doc("asana__create_budget", "Asana", "Create a budget."),
]
_INDEX = SearchIndex.build(DOCS)


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestForeignCourtesies:
    def test_read_without_them(self) -> None:
        assert without_foreign_courtesy("por favor reboot droplet 77") == "reboot droplet 77"
        assert without_foreign_courtesy("merci de close jira issue ENG-4") == "close jira issue ENG-4"
        assert without_foreign_courtesy("hola, can you reply to ...") == "can you reply to ..."
        assert without_foreign_courtesy("send xero invoice INV-3, gracias!") == "send xero invoice INV-3"
        assert without_foreign_courtesy("bitte schön: refund stripe charge ch_9") == "refund stripe charge ch_9"

    def test_only_around_an_order(self) -> None:
        assert without_foreign_courtesy("hola amigos") == "hola amigos"
        assert without_foreign_courtesy("ciao") == "ciao"
        assert without_foreign_courtesy("gracias for the invoice list") == "gracias for the invoice list"

    def test_ranked(self) -> None:
        assert _names("svp archive slack channel C0123")[:1] == ["slack__conversations_archive"]
        assert _names("svp archive slack channel C0123", foreign_courtesies=False) == []


class TestPairedVerbs:
    def test_the_first_of_two_alternatives(self) -> None:
        never = lambda first, second: False  # noqa: E731
        assert first_alternative("close or resolve jira issue ENG-4", never) == "close jira issue ENG-4"
        assert first_alternative("either email or resend xero invoice INV-3", never) == "email xero invoice INV-3"
        assert first_alternative("reply to or close intercom conversation 301", never) == (
            "reply to intercom conversation 301"
        )
        assert first_alternative("cancel or reschedule booking 55, whichever is easier", never) == "cancel booking 55"
        assert first_alternative("kill or stop droplet 78", never) == "kill droplet 78"  # slang

    def test_no_alternative_no_reading(self) -> None:
        never = lambda first, second: False  # noqa: E731
        assert first_alternative("list open or closed issues", never) == "list open or closed issues"
        assert first_alternative("delete box file 123 or 124", never) == "delete box file 123 or 124"
        # one name says both: an upsert's
        assert first_alternative("create or update xero invoices", lambda first, second: True) == (
            "create or update xero invoices"
        )

    def test_ranked(self) -> None:
        assert _names("refund or void stripe charge ch_9")[:1] == ["stripe__post_charges_charge_refund"]
        assert _names("update or create xero invoices")[:1] == ["xero__update_or_create_invoices"]
        # a tool's own words name neither app nor id: no reading
        assert _names("Archive or delete channels.") == _names("Archive or delete channels.", alternative_verbs=False)

    def test_the_act_after_a_look(self) -> None:
        assert act_after_look("find and delete box file 123") == "delete box file 123"
        assert act_after_look("double-check then cancel cal.com booking 55") == "cancel cal.com booking 55"
        assert act_after_look("please review and merge PR 12") == "please merge PR 12"
        assert act_after_look("inspect and then rerun workflow run 9") == "rerun workflow run 9"
        assert act_after_look("find and the rest") == "find and the rest"
        assert _names("find and delete box file 123")[:1] == ["box__delete_files_id"]


class TestChecklistItems:
    def test_the_first_open_item(self) -> None:
        assert open_item("[x] archive slack channel C0123 [ ] delete box file 123") == "delete box file 123"
        assert open_item("- [ ] reboot droplet 77") == "reboot droplet 77"
        assert open_item("\u2611 renamed it \u2610 archive slack channel C0123") == "archive slack channel C0123"
        assert open_item("todo: [ ] delete asana task 12") == "delete asana task 12"

    def test_no_open_item_no_reading(self) -> None:
        assert open_item("[x] archive slack channel C0123") == "[x] archive slack channel C0123"
        assert open_item("assert x == []") == "assert x == []"
        assert open_item("[ ] the weekly numbers") == "[ ] the weekly numbers"

    def test_ranked(self) -> None:
        query = "[x] archive slack channel C0123 [ ] delete box file 123"
        assert _names(query)[:1] == ["box__delete_files_id"]
        assert _names(query, checklist_items=False)[:1] != ["box__delete_files_id"]


class TestExceptedValues:
    def test_the_ids_spared(self) -> None:
        assert without_excepted("destroy all droplets other than 77") == "destroy all droplets"
        assert without_excepted("close all jira issues in ENG except ENG-4") == "close all jira issues in ENG"
        assert without_excepted("delete all files in folder 7 except 700 and 701") == "delete all files in folder 7"
        assert without_excepted("remove everyone from asana project 77 but alice") == (
            "remove everyone from asana project 77"
        )

    def test_words_are_ruled_out_elsewhere(self) -> None:
        excepting = "list slack channels except archived ones"
        assert without_excepted(excepting) == excepting
        assert without_excepted("remove bob from project 77 but alice") == "remove bob from project 77 but alice"

    def test_ranked(self) -> None:
        assert _names("merge all open PRs in github acme/api except 12")[:1] == ["github__pulls_merge"]


class TestLightVerbs:
    def test_the_act_of_the_noun(self) -> None:
        assert act_of_noun("need a reboot on droplet 77") == "reboot droplet 77"
        assert act_of_noun("need the deletion of box file 123") == "delete box file 123"
        assert act_of_noun("give droplet 77 a reboot") == "reboot droplet 77"
        assert act_of_noun("need a new jira issue for the login bug") == "create a jira issue for the login bug"
        assert act_of_noun("a new asana task for the budget review") == "create a asana task for the budget review"

    def test_news_fields_and_statements_are_no_acts(self) -> None:
        assert act_of_noun("need an update on jira issue ENG-4") == "need an update on jira issue ENG-4"
        assert act_of_noun("need a new name for slack channel C0123") == "need a new name for slack channel C0123"
        stated = "a new channel needs to be created in slack called #launch"
        assert act_of_noun(stated) == stated

    def test_a_small_act_with_no_light_verb(self) -> None:
        assert act_of_noun("a quick reply to intercom conversation 301") == "reply intercom conversation 301"
        assert act_of_noun("tiny update to asana task 12: due friday") == "update asana task 12: due friday"
        assert act_of_noun("a quick look at jira issue ENG-4") == "a quick look at jira issue ENG-4"

    def test_a_models_light_verbs_and_acts_done_again(self) -> None:
        assert act_of_noun("initiate a reboot of droplet 77") == "reboot droplet 77"
        assert act_of_noun("trigger a rerun of workflow run 9") == "rerun workflow run 9"
        assert act_of_noun("need a resend of stripe invoice in_77") == "resend stripe invoice in_77"
        # an issue's "issue a refund" is ``synonyms``' (create a refund), read as before
        assert act_of_noun("issue a refund for stripe charge ch_9") == "issue a refund for stripe charge ch_9"

    def test_ranked(self) -> None:
        assert _names("a new asana task for the budget review")[:1] == ["asana__create_task"]
        assert _names("a new asana task for the budget review", light_verbs=False)[:1] != ["asana__create_task"]


class TestMarksHurryHabitsModels:
    def test_enclosing_marks(self) -> None:
        assert unenclosed('"delete asana task 12"') == "delete asana task 12"
        assert unenclosed(">>> text +15551234 via twilio") == "text +15551234 via twilio"
        assert unenclosed("merge PR 12 in acme/api\u2026") == "merge PR 12 in acme/api..."
        assert unenclosed('"quarterly report"') == '"quarterly report"'  # a name: a value

    def test_unhurried(self) -> None:
        assert unhurried("at some point archive slack channel C0123") == "archive slack channel C0123"
        assert unhurried("delete box file 123 when you're free") == "delete box file 123"
        assert unhurried("send xero invoice INV-3 whenever convenient") == "send xero invoice INV-3"
        assert unhurried("make jira issue OPS-12 low priority") == "make jira issue OPS-12 low priority"

    def test_habits(self) -> None:
        assert without_habit("send xero invoice INV-3 as usual") == "send xero invoice INV-3"
        assert without_habit("same as last time, archive slack channel C0123") == "archive slack channel C0123"
        assert without_habit("the usual way") == "the usual way"

    def test_models(self) -> None:
        assert without_model("create a jira issue like ENG-4") == "create a jira issue"
        assert without_model("make another cal.com booking like 55 for next week") == (
            "make a cal.com booking for next week"
        )
        assert without_model("find issues like ENG-4") == "find issues like ENG-4"  # no making

    def test_ranked(self) -> None:
        assert _names('"delete asana task 12"')[:1] == ["asana__delete_task"]
        assert _names('"delete asana task 12"', enclosing_marks=False)[:1] != ["asana__delete_task"]
        assert _names("send xero invoice INV-3 whenever convenient")[:1] == ["xero__email_invoice"]
        assert _names("send xero invoice INV-3 whenever convenient", unhurried_phrases=False) == []
        assert _names("refund stripe charge ch_9 like we always do")[:1] == ["stripe__post_charges_charge_refund"]
        assert _names("refund stripe charge ch_9 like we always do", habitual_phrases=False) == []
        assert _names("create a jira issue like ENG-4")[:1] == ["jira__create_issue"]


class TestContractionsAndEnvironments:
    def test_marked(self) -> None:
        assert marked("whats in box folder 99") == "what's in box folder 99"
        assert marked("id like to reboot droplet 77") == "I'd like to reboot droplet 77"
        assert marked("lets reply to it, im sure") == "let's reply to it, I'm sure"
        assert marked("dont merge it") == "don't merge it"

    def test_words_of_their_own(self) -> None:
        assert marked("delete generated whats app 1015329") == "delete generated whats app 1015329"
        assert marked("send an im to bob") == "send an im to bob"
        assert marked("get the id like field") == "get the id like field"
        assert marked("it lets me in") == "it lets me in"

    def test_environments(self) -> None:
        never = lambda word: False  # noqa: E731
        assert without_environment("reboot the prod droplet 77", never) == "reboot the droplet 77"
        assert without_environment("restart droplet 77 in production", never) == "restart droplet 77"
        assert without_environment("refund charge ch_9 in live mode", never) == "refund charge ch_9"
        # a thing's words, and a word the app's names say
        outage = "create an issue for the prod outage"
        assert without_environment(outage, never) == outage
        assert without_environment("deploy app 7 in production", lambda word: word == "production") == (
            "deploy app 7 in production"
        )

    def test_ranked(self) -> None:
        assert _names("im trying to refund stripe charge ch_9")[:1] == ["stripe__post_charges_charge_refund"]
        assert _names("im trying to refund stripe charge ch_9", unmarked_contractions=False) == []
        assert _names("destroy the staging droplet 77")[:1] == ["digitalocean__droplets_destroy"]


class TestStatedOrders:
    def test_after_a_dash_and_with_any_verb(self) -> None:
        def read(request: str, orders: bool = True) -> str:
            return task_part(request, sentences=True, commas=True, steps=True, stating=True, orders=orders)

        assert read("droplet 77 is unresponsive - bounce it") == "bounce it"
        assert read("droplet 77 is unresponsive - bounce it", orders=False) == "droplet 77 is unresponsive - bounce it"
        assert read("jira issue ENG-4 is fixed, mark it done") == "mark it done"
        assert read("jira issue ENG-4 is fixed, the rest of it too") == "jira issue ENG-4 is fixed, the rest of it too"

    def test_ranked(self) -> None:
        query = "github PR 12 in acme/api is approved - merge it"
        assert _names(query)[:1] == ["github__pulls_merge"]


class TestPrecautionsGoAheadsAppositives:
    def test_precautions(self) -> None:
        assert without_precaution("snapshot droplet 77 in case the deploy fails") == "snapshot droplet 77"
        assert without_precaution("just to be safe, list the items in box folder 7") == "list the items in box folder 7"
        assert without_precaution("rerun workflow run 5 in case it was flaky") == "rerun workflow run 5"
        # a condition, kept
        condition = "in case box file 123 is a duplicate, delete it"
        assert without_precaution(condition) == condition

    def test_go_aheads(self) -> None:
        assert past_go_ahead("proceed with the refund of stripe charge ch_9") == "refund stripe charge ch_9"
        assert past_go_ahead("go ahead with merging github PR 12") == "merge github PR 12"
        assert past_go_ahead("feel free to update notion page abc") == "update notion page abc"
        assert past_go_ahead("make it so that slack channel C0123 is archived") == (
            "make sure slack channel C0123 is archived"
        )
        assert past_go_ahead("make it happen: reboot droplet 77") == "reboot droplet 77"
        assert past_go_ahead("continue with the weekly numbers") == "continue with the weekly numbers"
        assert past_go_ahead("do me a favor and reboot droplet 77") == "reboot droplet 77"
        assert past_go_ahead("per legal, delete box file 123") == "delete box file 123"
        assert past_go_ahead("on alice's orders, reboot droplet 77") == "reboot droplet 77"
        assert past_go_ahead("per the ticket, the weekly numbers") == "per the ticket, the weekly numbers"

    def test_addressed_people(self) -> None:
        never = lambda name: False  # noqa: E731
        assert unaddressed("Eve, could you delete box file 123?", never) == "could you delete box file 123?"
        assert unaddressed("@alice can you merge PR 12", never) == "can you merge PR 12"
        assert unaddressed("Frank - close jira issue ENG-4", never) == "close jira issue ENG-4"
        for kept in (
            "Subject, refund request. Please refund charge ch_9",  # a label's word
            "Forem: get followed tags",  # an app's name, maybe: a colon
            "Bob, the weekly numbers",  # no order
        ):
            assert unaddressed(kept, never) == kept
        assert unaddressed("Jira, close issue ENG-4", lambda name: name == "Jira") == "Jira, close issue ENG-4"

    def test_appositives(self) -> None:
        assert without_appositive("reboot droplet 77, the web server") == "reboot droplet 77"
        assert without_appositive("send xero invoice INV-3, the one for acme, to the client") == (
            "send xero invoice INV-3 to the client"
        )
        assert without_appositive("merge PR 12 in acme/api, the dependency bump") == "merge PR 12 in acme/api"
        for kept in (
            "close jira issue ENG-4, the one I mentioned",  # ``mentioned_things``'
            "delete box file 123, the rest too",
            "archive slack channel C0123, that is all",
            "update notion page abc, our roadmap",  # no digit names the thing
        ):
            assert without_appositive(kept) == kept

    def test_ranked(self) -> None:
        assert _names("delete asana task 12, the duplicate one")[:1] == ["asana__delete_task"]
        assert _names("proceed with deleting box file 123")[:1] == ["box__delete_files_id"]
        assert _names("proceed with deleting box file 123", go_ahead_phrases=False) == []
        assert _names("get box folder 99 items in case bob asks")[:1] == ["box__get_folders_id_items"]
        assert _names("get box folder 99 items in case bob asks", precaution_clauses=False) == []


class TestFormalVerbs:
    def test_the_plain_verb(self) -> None:
        never = lambda word: False  # noqa: E731
        assert plain_verb("relocate box file 123 to folder 99", never, formal=True) == "move box file 123 to folder 99"
        assert plain_verb("amend xero invoice INV-3", never, formal=True) == "update xero invoice INV-3"
        assert plain_verb("amend xero invoice INV-3", never) == "amend xero invoice INV-3"
        # the app's own word, and "terminate" (a call's termination ends it): as written
        assert plain_verb("amend xero invoice INV-3", lambda word: word == "amend", formal=True) == (
            "amend xero invoice INV-3"
        )
        assert plain_verb("terminate droplet 77", never, formal=True) == "terminate droplet 77"

    def test_ranked(self) -> None:
        assert _names("transmit xero invoice INV-3 to the customer")[:1] == ["xero__email_invoice"]
        assert _names("transmit xero invoice INV-3 to the customer", formal_verbs=False) == []


def test_in_an_app_the_org_lacks_nothing() -> None:
    for query in (
        "por favor close linear issue LIN-4",
        "close or resolve linear issue LIN-4",
        "find and delete dropbox file 123",
        "[x] done [ ] delete dropbox file 123",
        "delete all dropbox files except 123",
        "need a reboot on my heroku dyno 7",
        "at some point archive the discord channel 9",
        "create a trello card like card 12",
        "im trying to close linear issue LIN-4",
        "close linear issue LIN-4 as usual",
        "reboot the prod heroku dyno 7",
        "linear issue LIN-4 is fixed - close it",
        "reboot heroku dyno 7, the web server",
        "proceed with the refund of paypal payment 9",
        "snapshot heroku dyno 7 in case the deploy fails",
        "Eve, could you delete dropbox file 123?",
        "per legal, delete dropbox file 123",
        "erase trello card 12",
        "initiate a reboot of heroku dyno 7",
    ):
        assert _names(query) == [], query


def test_hostile_lengths() -> None:
    started = time.perf_counter()
    long = "x " * 20_000
    without_foreign_courtesy("por favor " * 5_000 + "delete x")
    first_alternative("close " + "or close " * 5_000 + "x", lambda first, second: False)
    act_after_look("find and " * 5_000 + "delete x")
    open_item("[x] " * 5_000 + "[ ] delete x")
    open_item("[ ] " + long)
    without_excepted("delete all x except " + "1, " * 5_000)
    act_of_noun("need a " + long + " of x")
    unenclosed('"' * 5_000)
    unhurried("whenever " * 5_000 + "delete x")
    without_habit("as usual " * 5_000)
    without_model("create a x like " + "y " * 5_000 + "12")
    marked("whats " * 5_000)
    without_environment("reboot the prod " * 2_000 + "droplet 77", lambda word: False)
    without_precaution("in case " * 5_000 + "x")
    past_go_ahead("proceed with " * 5_000 + "x")
    without_appositive("x 1, the " * 5_000)
    unaddressed("@" + "a" * 5_000 + " delete x", lambda name: False)
    rank(_INDEX, "por favor find and " + "close or resolve " * 1_000 + "jira issue ENG-4")
    # marks only after an act declined (the forty-third round's reading raised on it)
    assert rank(_INDEX, "not done ; \u2026").hits == ()
    rank(_INDEX, "don't ; ...")
    assert time.perf_counter() - started < 2.0
