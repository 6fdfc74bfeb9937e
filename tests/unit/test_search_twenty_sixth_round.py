"""Issue 13's twenty-sixth round: a clause saying why or when a request is made leaves it
(``reason_clauses``); a superlative before the things lists them in its order
(``superlative_orders``); a field named without a verb reads its thing (``field_nouns``); a hedge
opens the frame (``hedged_requests``); what a request excepts is ruled out (``excepted_things``);
an action done again is the action (``repeated_actions``); a second action joined by "as well
as" or "also" leaves (``joined_actions``); a bare name a request places in is a value no tool
carries (``placed_names``); a request listing its steps asks for the first (``listed_steps``); a
word misspelled by one letter is read as the word it is near (``misspelled_words``); a phrasal
verb is its action (``phrasal_verbs``); a state wished or made sure of is read in the active
(``wished_states``); a question about one thing is its get (``thing_questions``); an app
labelling a request is its place (``app_labels``); what is posted in a channel is sent to it
(``posted_in``); an API's verb opens a sentence as a request (``named_verbs``); a context names
the thing a request calls "it" (``context_pronouns``); a tool called by its name is its words
(``called_names``); and,
without a switch of their own, "a couple of" is a count, a perfect's "has" asks a question, and
"dm" after the app's name opens the request."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.app_labels import app_last
from cardamom.core.search.app_roles import sent_words
from cardamom.core.search.called_tools import called_by_name
from cardamom.core.search.destructive_actions import is_question
from cardamom.core.search.field_phrases import field_as_read
from cardamom.core.search.head_nouns import NameHead, name_head
from cardamom.core.search.misspelled_words import spelled_right
from cardamom.core.search.negated_words import actions_ruled_out, negated
from cardamom.core.search.passive_voice import active_voice
from cardamom.core.search.placed_names import placed_words
from cardamom.core.search.query import analyse_query
from cardamom.core.search.reason_clauses import without_reasons
from cardamom.core.search.request_clauses import second_action
from cardamom.core.search.request_frame import without_preamble
from cardamom.core.search.request_parts import task_part
from cardamom.core.search.synonyms import join_compounds
from cardamom.core.search.thing_questions import thing_question, with_thing
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.value_words import spelled_counts
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__chat_delete", "Slack", "Deletes a message."),
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    app_doc("slack__conversations_list", "Slack", "Lists all channels in a Slack team."),
    app_doc("stripe__get_charges", "Stripe", "Returns a list of charges you've previously created."),
    app_doc("stripe__get_charges_charge", "Stripe", "Retrieves the details of a charge."),
    app_doc("stripe__post_charges_charge_refund", "Stripe", "Refund a charge."),
    app_doc("stripe__get_invoices", "Stripe", "You can list all invoices."),
    app_doc("stripe__get_invoices_invoice", "Stripe", "Retrieves the invoice with the given ID."),
    app_doc("stripe__delete_invoices_invoice", "Stripe", "Permanently deletes a draft invoice."),
    app_doc("stripe__get_refunds", "Stripe", "Returns a list of all refunds you created."),
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
    app_doc("jira__create_issue", "Jira", "Creates an issue or a subtask."),
    app_doc("jira__do_transition", "Jira", "Performs an issue transition."),
    app_doc("jira__assign_issue", "Jira", "Assigns an issue to a user."),
    app_doc("jira__create_workflow", "Jira", "Creates a workflow."),
    app_doc("github__issues_create", "GitHub", "Create an issue."),
    app_doc("github__repos_list_for_org", "GitHub", "Lists repositories for the specified organization."),
    app_doc("github__actions_re_run_workflow", "GitHub", "Re-runs your workflow run."),
    app_doc("github__actions_list_workflow_runs", "GitHub", "List workflow runs for a workflow."),
    app_doc("xero__email_invoice", "Xero", "Sends a copy of a specific invoice to related contact via email."),
    app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices or purchase bills."),
    app_doc("box__get_files_id", "Box", "Retrieves the details about a file."),
    app_doc("box__get_folders_id", "Box", "Retrieves details for a folder."),
    app_doc("box__get_folders_id_collaborations", "Box", "Lists who can access a folder."),
    app_doc("box__get_file_requests_id", "Box", "Retrieves the information about a file request."),
    app_doc("box__post_folders", "Box", "Creates a new empty folder within the specified parent folder."),
    app_doc("box__post_files_content", "Box", "Uploads a small file to Box."),
    app_doc("box__post_sign_requests_id_resend", "Box", "Resends a signature request email."),
    app_doc("asana__get_projects", "Asana", "Returns the compact project records for some filtered set of projects."),
    app_doc("asana__update_project", "Asana", "A specific, existing project can be updated."),
    app_doc("asana__delete_project", "Asana", "A specific, existing project can be deleted."),
    app_doc("intercom__list_conversations", "Intercom", "List all conversations."),
    app_doc("intercom__retrieve_conversation", "Intercom", "Retrieve a single conversation."),
    app_doc("digitalocean__droplets_destroy", "DigitalOcean", "Delete an existing Droplet."),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List all Droplets."),
]
_INDEX = SearchIndex.build(DOCS)


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestReasonClauses:
    def test_a_clause_after_the_request_leaves(self) -> None:
        assert without_reasons("refund stripe charge ch_3 because the customer complained") == (
            "refund stripe charge ch_3"
        )
        assert without_reasons("post in slack #eng so the team knows") == "post in slack #eng"
        assert without_reasons("close jira issue ENG-12 since it was fixed in 2.3") == "close jira issue ENG-12"
        assert without_reasons("close jira issue ENG-12 since the github PR merged") == "close jira issue ENG-12"
        assert without_reasons("reply to intercom conversation 88 asap") == "reply to intercom conversation 88"
        assert without_reasons("delete droplet 5512 only if it's powered off") == "delete droplet 5512"
        assert without_reasons("list stripe customers, but only the ones created today") == "list stripe customers"
        assert without_reasons("don't notify anyone, just archive asana project 31") == "archive asana project 31"

    def test_a_clause_before_the_request_leaves(self) -> None:
        assert without_reasons("To notify the team, send a slack message to #ops") == "send a slack message to #ops"
        assert without_reasons("If issue ENG-5 is resolved, then close PR 12") == "close PR 12"
        assert without_reasons("I created jira issue ENG-9, now assign it to bob") == "assign it to bob"
        assert without_reasons("so the client is informed, send the invoice") == "send the invoice"

    def test_what_is_no_reason_stays(self) -> None:
        for kept in (
            "check if my stripe charge ch_1 was refunded",  # what is checked
            "list stripe customers created since the launch",  # a time: no verb follows
            "stripe charges since May 1",  # a time a filter takes
            "box files not modified since 2023",
            'create a jira bug titled "fails because of cache"',  # inside quotes: the title's
            "If the build fails, the team gets paged",  # a subject opens what follows
            "list asana tasks so",
        ):
            assert without_reasons(kept) == kept

    def test_ranked(self) -> None:
        query = "post in slack #eng so the team knows the deploy finished"
        assert _names(query)[:1] == ["slack__chat_post_message"]
        assert _names(query, reason_clauses=False) == []
        # before the frame: "so" opens a chat's turn too, and "can you" follows the clause
        assert _names("Because the deploy failed, can you create a jira issue")[:1] == ["jira__create_issue"]
        query = "I created jira issue ENG-9, now assign it to bob"
        assert _names(query)[:1] == ["jira__assign_issue"]
        assert _names(query, reason_clauses=False, unsaid_modifiers=False)[:1] != ["jira__assign_issue"]


class TestSuperlativeOrders:
    def test_the_things_are_listed_in_its_order(self) -> None:
        assert _names("the most recent stripe charge")[:1] == ["stripe__get_charges"]
        assert _names("the most recent stripe charge", superlative_orders=False)[:1] == ["stripe__get_charges_charge"]
        assert _names("the largest stripe invoice this month")[:1] == ["stripe__get_invoices"]
        assert _names("the largest stripe invoice this month", superlative_orders=False) == []

    def test_a_time_or_a_field_is_no_thing(self) -> None:
        # "the last month", "the first name": the words stay
        assert _names("stripe charges in the last month")[:1] == ["stripe__get_charges"]
        assert _names("summarize the latest intercom conversation")[:1] == ["intercom__list_conversations"]

    def test_an_ordinal_and_every_one(self) -> None:
        assert _names("the second stripe refund")[:1] == ["stripe__get_refunds"]
        assert _names("every stripe refund")[:1] == ["stripe__get_refunds"]

    def test_the_next_one(self) -> None:
        assert _names("the next stripe invoice")[:1] == ["stripe__get_invoices"]
        assert _names("the next stripe invoice", superlative_orders=False) == []

    def test_a_name_saying_it_keeps_it(self) -> None:
        documents = [
            app_doc("github__repos_get_latest_release", "GitHub", "View the latest published full release."),
            app_doc("github__repos_list_releases", "GitHub", "This returns a list of releases."),
        ]
        assert ranked_names(documents, "the latest github release")[:1] == ["github__repos_get_latest_release"]


class TestFieldNouns:
    def test_a_field_without_a_verb_is_read(self) -> None:
        assert field_as_read("status of jira issue ENG-5") == "get status of jira issue ENG-5"
        assert field_as_read("the owner of box file 9931") == "get the owner of box file 9931"
        assert field_as_read("members of slack channel #eng") == "members of slack channel #eng"  # no field
        assert field_as_read("close the status of x") == "close the status of x"  # an action

    def test_ranked(self) -> None:
        assert _names("owner of box file 9931")[:1] == ["box__get_files_id"]
        assert _names("owner of box file 9931", field_nouns=False, asked_pieces=False) == []
        assert _names("get the owner of box file 9931")[:1] == ["box__get_files_id"]
        assert _names("get the owner of box file 9931", field_nouns=False, asked_pieces=False)[:1] != [
            "box__get_files_id"
        ]


class TestHedgedRequests:
    def test_a_hedge_opens_the_frame(self) -> None:
        assert without_preamble("maybe list the stripe customers?", hedges=True) == "list the stripe customers?"
        assert without_preamble("I think I need to create a jira issue", hedges=True) == "create a jira issue"
        assert without_preamble("probably best to archive the project", hedges=True) == "archive the project"
        assert without_preamble("is it possible to delete a slack message?", hedges=True) == "delete a slack message?"
        assert without_preamble("maybe list the stripe customers?") == "maybe list the stripe customers?"

    def test_ranked(self) -> None:
        query = "perhaps we could refund stripe charge ch_9"
        assert _names(query)[:1] == ["stripe__post_charges_charge_refund"]
        assert _names(query, hedged_requests=False) == []


class TestExceptedThings:
    def test_what_a_request_excepts_is_ruled_out(self) -> None:
        sequence = tuple(tokenize("list slack channels except archived ones"))
        assert ("except", "archived") in negated(sequence, excepting=True)
        assert negated(sequence) == ()
        other = tuple(tokenize("intercom conversations other than closed ones"))
        assert ("other", "closed") in negated(other, excepting=True)

    def test_an_action_done_instead_is_ruled_out(self) -> None:
        sequence = tuple(tokenize("archive the asana project 31 instead of deleting it"))
        assert actions_ruled_out(sequence, instead=True) == {"instead", "deleting"}
        assert actions_ruled_out(sequence) == set()

    def test_ranked(self) -> None:
        assert _names("list slack channels except archived ones")[:1] == ["slack__conversations_list"]
        assert _names("list slack channels except archived ones", excepted_things=False) == []
        query = "archive the asana project 31 instead of deleting it"
        assert _names(query)[:1] == ["asana__update_project"]
        assert _names(query, excepted_things=False)[:1] != ["asana__update_project"]


class TestRepeatedActions:
    def test_ranked(self) -> None:
        assert _names("resend xero invoice INV-0042")[:1] == ["xero__email_invoice"]
        assert _names("resend xero invoice INV-0042", repeated_actions=False) == []

    def test_a_name_saying_it_again_keeps_it(self) -> None:
        assert _names("resend box sign request 5")[:1] == ["box__post_sign_requests_id_resend"]
        assert _names("github rerun workflow 991")[:1] == ["github__actions_re_run_workflow"]


class TestJoinedActions:
    def test_as_well_as_joins_a_second_action(self) -> None:
        sequence = tuple(tokenize("upload report.pdf to box folder 77 as well as share it with legal"))
        assert second_action(sequence, {"report", "pdf", "77"}, {"box"}, joined=True) == sequence.index("as", 6)
        assert second_action(sequence, {"report", "pdf", "77"}, {"box"}) is None
        also = tuple(tokenize("create a box folder and also upload plan.pdf to it"))
        assert second_action(also, {"plan", "pdf"}, {"box"}, joined=True) == also.index("and")

    def test_ranked(self) -> None:
        query = "list digitalocean droplets as well as destroy droplet 55"
        assert _names(query)[:1] == ["digitalocean__droplets_list"]
        assert _names(query, joined_actions=False) == []


class TestPlacedNames:
    def test_a_bare_name_placed_in(self) -> None:
        assert placed_words(tuple(tokenize("list github repos in acme"))) == {"acme"}
        assert placed_words(tuple(tokenize("list github repos in acme excluding forks"))) == {"acme"}
        assert placed_words(tuple(tokenize("list github repos in acme org"))) == frozenset()

    def test_ranked(self) -> None:
        assert _names("list github repos in acme")[:1] == ["github__repos_list_for_org"]
        assert _names("list github repos in acme", placed_names=False) == []


class TestListedSteps:
    def test_the_first_step_is_the_request(self) -> None:
        assert task_part("1) get jira issue ENG-5 2) post it to slack", steps=True) == "get jira issue ENG-5"
        assert task_part("create a jira issue; assign it to me", steps=True) == "create a jira issue"
        assert task_part("create a jira issue. assign it to me.", steps=True) == "create a jira issue"
        # a sentence no action opens: no steps
        listed = "We use Jira. Create a bug."
        assert task_part(listed, steps=True) == listed
        assert task_part("create a jira issue; assign it to me") == "create a jira issue; assign it to me"

    def test_ranked(self) -> None:
        query = "create a jira issue; assign it to me"
        assert _names(query)[:1] == ["jira__create_issue"]
        assert _names(query, listed_steps=False)[:1] != ["jira__create_issue"]


class TestMisspelledWords:
    def test_a_word_one_edit_from_a_name_word(self) -> None:
        assert spelled_right(_INDEX, "craete a jira issue") == ("create a jira issue", (("craete", "create"),))
        assert spelled_right(_INDEX, "refund stripe chrage ch_1")[0] == "refund stripe charge ch_1"
        assert spelled_right(_INDEX, "list asana projetcs")[0] == "list asana projects"

    def test_what_stays_as_written(self) -> None:
        for kept in (
            "craete a task",  # no app named
            "assign jira issue ENG-5 to Alise",  # a name
            "jira slow issue",  # four letters, one changed
            "jira issue chrage.txt",  # a file's name
        ):
            assert spelled_right(_INDEX, kept)[0] == kept

    def test_ranked_only_where_nothing_is_found(self) -> None:
        ranking = rank(_INDEX, "craete a jira issue in ENG")
        assert [h.name for h in ranking.hits][:1] == ["jira__create_issue"]
        assert ("craete", "create") in ranking.read_as
        assert _names("craete a jira issue in ENG", misspelled_words=False) == []


class TestPhrasalVerbs:
    def test_a_phrasal_verb_is_its_action(self) -> None:
        assert join_compounds(("look", "into", "jira", "issue"), phrasal=True) == ("get", "jira", "issue")
        assert join_compounds(("take", "down", "app"), phrasal=True) == ("delete", "app")
        assert join_compounds(("look", "into", "jira", "issue")) == ("look", "into", "jira", "issue")

    def test_ranked(self) -> None:
        assert _names("look into jira issue ENG-5")[:1] == ["jira__get_issue"]
        assert _names("look into jira issue ENG-5", phrasal_verbs=False)[:1] != ["jira__get_issue"]
        assert _names("take down digitalocean droplet 5512")[:1] == ["digitalocean__droplets_destroy"]
        assert _names("take down digitalocean droplet 5512", phrasal_verbs=False) == []


class TestWishedStates:
    def test_read_in_the_active(self) -> None:
        def verb_of(participle: str) -> str | None:
            return {"closed": "close", "refunded": "refund"}.get(participle)

        wished = "I want jira issue ENG-5 to be closed"
        assert active_voice(wished, verb_of, wished=True) == "close jira issue ENG-5"
        assert active_voice(wished, verb_of) == wished
        made = "make sure droplet 5512 is powered off"
        assert active_voice(made, verb_of, wished=True) == "power droplet 5512 off"  # its stem: no name says it
        assert active_voice("make sure it is done", verb_of, wished=True) == "make sure it is done"  # a pronoun

    def test_ranked(self) -> None:
        query = "we need the stripe charge ch_1 to be refunded"
        assert _names(query)[:1] == ["stripe__post_charges_charge_refund"]
        assert _names(query, wished_states=False)[:1] != ["stripe__post_charges_charge_refund"]


class TestSigningInFirst:
    def test_the_request_after_signing_in(self) -> None:
        assert without_reasons("log into xero and list invoices") == "list invoices"
        assert _names("log into xero and list invoices")[:1] == ["xero__get_invoices"]


class TestThingQuestions:
    def test_a_question_about_one_thing_is_its_get(self) -> None:
        assert thing_question(_INDEX, "who owns box folder 77", ["Box"]) == "get folder 77"
        assert thing_question(_INDEX, "why did stripe charge ch_1 fail", ["Stripe"]) == "get charge ch_1"
        assert thing_question(_INDEX, "when was jira issue ENG-5 created", ["Jira"]) == "get issue ENG-5"
        assert thing_question(_INDEX, "why did the digitalocean droplet 5512 stop", ["DigitalOcean"]) == (
            "get droplet 5512"  # the app's own name, which its names carry, is no word of the question
        )

    def test_what_it_leaves(self) -> None:
        for asked, app in (
            ("who can access box folder 123", "Box"),  # a relation: its own tool
            ("what are the labels on jira issue ENG-5", "Jira"),  # things asked for
            ("how many folders are in box folder 7", "Box"),  # a count
            ("why did stripe charge ch_1 and charge ch_2 fail", "Stripe"),  # two things
            ("when was the stripe invoice paid", "Stripe"),  # no id
        ):
            assert thing_question(_INDEX, asked, [app]) is None, asked

    def test_ranked(self) -> None:
        assert _names("who owns box folder 77")[:1] == ["box__get_folders_id"]
        assert _names("who owns box folder 77", thing_questions=False) == []
        assert _names("who can access box folder 123")[:1] == ["box__get_folders_id_collaborations"]


class TestAppLabels:
    def test_the_app_labelling_a_request_is_its_place(self) -> None:
        mentions = analyse_query("github", _INDEX.options, _INDEX.app_mentions, _INDEX.label_postings).mentions
        assert app_last("GitHub: who created PR 12", mentions) == "who created PR 12 in GitHub"
        assert app_last("github -> create an issue", mentions) == "create an issue in github"
        assert app_last("Acme: create an issue", mentions) == "Acme: create an issue"  # no app of the org
        assert task_part("Task -> list intercom conversations", marks=True) == "list intercom conversations"
        assert task_part("Task -> list intercom conversations") == "Task -> list intercom conversations"

    def test_ranked(self) -> None:
        assert _names("Jira: status of issue ENG-5")[:1] == ["jira__get_issue"]
        assert _names("Jira: status of issue ENG-5", app_labels=False)[:1] != ["jira__get_issue"]
        assert _names("need: jira issue ENG-5 details")[:1] == ["jira__get_issue"]
        # (the twenty-eighth round's ``monologue_frames`` and the fortieth's ``message_labels`` read the label "need:"
        # away too)
        assert (
            _names("need: jira issue ENG-5 details", app_labels=False, monologue_frames=False, message_labels=False)
            == []
        )

    def test_a_greetings_addressee(self) -> None:
        assert without_preamble("hi assistant, can you close it", hedges=True) == "close it"
        assert without_preamble("Jira, create an issue", hedges=True) == "Jira, create an issue"


class TestPostedIn:
    def test_what_is_posted_in_a_channel(self) -> None:
        sequence = tuple(tokenize("post an announcement in #releases"))
        assert sent_words(sequence, frozenset({"releases"}), (), posted_in=True) == {"announcement"}
        assert sent_words(sequence, frozenset({"releases"}), ()) == frozenset()
        sending = tuple(tokenize("send a text and get the output in english"))
        assert sent_words(sending, frozenset({"english"}), (), posted_in=True) == frozenset()  # a second action
        quoted = tuple(tokenize("post the review request 'fixed in build 142' for WEB 88"))
        values = frozenset({"fixed", "in", "build", "142", "web", "88"})
        assert sent_words(quoted, values, (), posted_in=True) == frozenset()  # "in" is the value's word

    def test_ranked(self) -> None:
        assert _names("post an announcement in #releases on slack")[:1] == ["slack__chat_post_message"]
        assert _names("post an announcement in #releases on slack", posted_in=False) == []


class TestNamedVerbs:
    def test_ranked(self) -> None:
        query = "Customer cus_88 was double charged. Refund charge ch_77 in Stripe."
        assert _names(query)[:1] == ["stripe__post_charges_charge_refund"]
        assert _names(query, named_verbs=False, unsaid_modifiers=False) == []


class TestContextPronouns:
    def test_the_context_names_what_it_is(self) -> None:
        request = "Our Asana project 31 is done. Archive it."
        assert with_thing("Archive it.", request) == "Archive project 31."
        assert with_thing("Archive it.", "Projects 31 and 32 are done. Archive it.") == "Archive it."  # two things
        assert with_thing("Archive the project.", request) == "Archive the project."

    def test_ranked(self) -> None:
        query = "Intercom conversation 77 was answered. Reply to it saying thanks."
        documents = [
            *DOCS,
            app_doc("intercom__reply_conversation", "Intercom", "Reply to a conversation with a message."),
        ]
        assert ranked_names(documents, query)[:1] == ["intercom__reply_conversation"]


class TestCalledNames:
    def test_a_tool_called_by_its_name(self) -> None:
        assert called_by_name('use "create_issue" in jira for ENG') == "create_issue in jira for ENG"
        assert called_by_name("call jira's create_issue for ENG") == "create_issue for ENG in jira"
        assert called_by_name("invoke `listCustomers` on stripe") == "listCustomers on stripe"
        titled = 'create a task called "Review"'
        assert called_by_name(titled) == titled  # a title, no name

    def test_ranked(self) -> None:
        assert _names("call jira's create_issue for ENG")[:1] == ["jira__create_issue"]
        assert _names("call jira's create_issue for ENG", called_names=False)[:1] != ["jira__create_issue"]


class TestWithoutASwitch:
    def test_a_couple_is_a_count(self) -> None:
        assert spelled_counts(tuple(tokenize("a couple of recent stripe refunds"))) == {"couple"}
        assert _names("a couple of recent stripe refunds")[:1] == ["stripe__get_refunds"]

    def test_a_perfect_asks(self) -> None:
        assert is_question("has stripe invoice in_1 been paid")
        assert _names("has stripe invoice in_1 been paid")[:1] == ["stripe__get_invoices_invoice"]

    def test_a_parameters_own_name_is_no_head(self) -> None:
        # Stripe's ``/v1/subscriptions/{subscription_exposed_id}``: the item, not "exposed"
        assert name_head("stripe__get_subscriptions_subscription_exposed_id") == NameHead(
            "subscription", frozenset(), frozenset(), True
        )
        documents = [
            app_doc("stripe__get_subscriptions", "Stripe", "By default, returns a list of subscriptions."),
            app_doc("stripe__get_subscriptions_subscription_exposed_id", "Stripe", "Retrieves the subscription."),
        ]
        found = ranked_names(documents, "get stripe subscription sub_1")
        assert found[:1] == ["stripe__get_subscriptions_subscription_exposed_id"]

    def test_dm_after_the_app(self) -> None:
        assert _names("Slack: DM bob")[:1] == ["slack__chat_post_message"]


def test_hostile_requests_stay_fast() -> None:
    for request in (
        "craete " * 300 + "a jira issue",
        "refund stripe charge ch_3 " + "because the customer complained " * 60,
        "the most recent " * 150 + "stripe charge",
        "1) get jira issue 2) " * 100,
        "list slack channels " + "except archived ones " * 120,
        "resend " * 300 + "xero invoice",
    ):
        started = time.perf_counter()
        rank(_INDEX, request)
        assert time.perf_counter() - started < 1.0, request[:40]
