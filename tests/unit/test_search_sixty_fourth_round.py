"""Issue 13's sixty-fourth round: a question's action word after a noun or a possessive is its
thing, no action it asks for ("is my uptime *check* up?", ``question_things``); a tenancy's name after
it is a value ("github org *acme*", ``tenancy_names``); an acronym before a thing is a modifier ("list
*SSL* certificates", ``acronym_modifiers``); "get rid of" a thing attached deletes it
(``passive_voice``); a get and its list told apart by the thing's number (``number_twins``); "again"
is filler; Twilio's ids written short are values; "open" past the app's name reads a thing named;
someone pulled into a thing is added to it; an app's product between its name and the verb; a
question's verb writes nothing (``asked_writes``), and "does <app> <thing> ..." asks no ability; "do I
have any ..." lists the caller's own; a head phrase a name says with its kind appended (``appended_kinds``)."""

from __future__ import annotations

from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.capability_questions import asked_ability
from cardamom.core.search.destructive_actions import contradicts
from cardamom.core.search.had_questions import had_question
from cardamom.core.search.head_nouns import appended_kind
from cardamom.core.search.passive_voice import wanted_done
from cardamom.core.search.question_things import question_things
from cardamom.core.search.request_clauses import app_opening_left
from cardamom.core.search.slang_verbs import plain_verb
from cardamom.core.search.tokens import QUERY_FILLER_WORDS
from tests.unit.search_documents import app_doc, shipped_names

DIGITALOCEAN = [
    app_doc("digitalocean__uptime_create_check", "DigitalOcean", "Create a New Check. To create an Uptime check."),
    app_doc("digitalocean__uptime_delete_check", "DigitalOcean", "Delete a Check. To delete an Uptime check."),
    app_doc("digitalocean__uptime_update_check", "DigitalOcean", "Update a Check. To update the settings of a check."),
    app_doc("digitalocean__uptime_get_check", "DigitalOcean", "Retrieve an Existing Check. To show a check."),
    app_doc(
        "digitalocean__uptime_get_check_state",
        "DigitalOcean",
        "Retrieve Check State. To show information about an existing check's state.",
    ),
    app_doc("digitalocean__uptime_list_checks", "DigitalOcean", "List All Checks. To list all of the Uptime checks."),
    app_doc(
        "digitalocean__certificates_create",
        "DigitalOcean",
        "Create a New Certificate. To upload new SSL certificate which you have previously generated.",
    ),
    app_doc(
        "digitalocean__certificates_list",
        "DigitalOcean",
        "List All Certificates. To list all of the certificates available on your account.",
    ),
    app_doc("digitalocean__certificates_get", "DigitalOcean", "Retrieve an Existing Certificate."),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List All Droplets."),
    app_doc("digitalocean__nfs_get_snapshot", "DigitalOcean", "Get an NFS snapshot by ID."),
    app_doc("digitalocean__nfs_list_snapshot", "DigitalOcean", "List NFS snapshots per region."),
    app_doc("digitalocean__nfs_create", "DigitalOcean", "Create a new NFS share."),
]
GITHUB = [
    app_doc("github__orgs_delete_issue_type", "GitHub", "Delete issue type for an organization."),
    app_doc("github__orgs_list_issue_types", "GitHub", "List issue types for an organization."),
    app_doc("github__issues_remove_sub_issue", "GitHub", "Remove sub-issue."),
    app_doc("github__repos_list_for_org", "GitHub", "List organization repositories."),
]
ASANA = [
    app_doc("asana__delete_attachment", "Asana", "Delete an attachment. Deletes a specific, existing attachment."),
    app_doc(
        "asana__create_attachment_for_object",
        "Asana",
        "Upload an attachment. Upload an attachment to a task, project or project brief.",
    ),
    app_doc("asana__get_attachment", "Asana", "Get an attachment."),
]


def _participle(word: str) -> str | None:
    return word[:-2] if word.endswith("ed") else None


class TestQuestionThings:
    def test_an_action_word_no_subject_leads_is_a_thing(self) -> None:
        asked = [("is", "my"), ("my", "digitalocean"), ("digitalocean", "uptime"), ("uptime", "check")]
        assert question_things(asked) == {"check"}
        assert question_things(asked, unled=False) == frozenset()

    def test_a_verb_after_its_subject_modal_or_to_stays(self) -> None:
        assert question_things([("do", "i"), ("i", "create"), ("create", "a")]) == frozenset()
        assert question_things([("way", "to"), ("to", "delete")]) == frozenset()
        assert question_things([("can", "we"), ("we", "update")]) == frozenset()

    def test_a_word_after_the_stays_a_thing(self) -> None:
        assert question_things([("in", "the"), ("the", "trash")], unled=False) == {"trash"}

    def test_a_name_s_word_saying_the_thing_reads_nothing(self) -> None:
        name = ["uptime", "create", "check"]
        assert not contradicts("get", name, reads=True)  # "check" reads, as a verb
        assert contradicts("get", name, reads=True, nouns=frozenset({"check"}))

    def test_the_question_reads_the_check(self) -> None:
        for query in ("is my DigitalOcean uptime check currently up or down?", "is my DigitalOcean uptime check up?"):
            found = shipped_names(DIGITALOCEAN, query)[:3]
            assert found[0].startswith("digitalocean__uptime_get_check"), found
            assert not {"digitalocean__uptime_create_check", "digitalocean__uptime_delete_check"} & set(found)
        written = shipped_names(DIGITALOCEAN, "is my DigitalOcean uptime check up?", question_things=False)
        assert written[:1] == ["digitalocean__uptime_create_check"]

    def test_a_question_asking_how_to_create_still_creates(self) -> None:
        found = shipped_names(DIGITALOCEAN, "how do I create an uptime check in digitalocean?")
        assert found[:1] == ["digitalocean__uptime_create_check"]


class TestTenancyNames:
    def test_an_org_s_name_is_a_value(self) -> None:
        query = 'Remove the "Spike" issue type from our GitHub organization acme'
        assert shipped_names(GITHUB, query)[:1] == ["github__orgs_delete_issue_type"]
        assert shipped_names(GITHUB, query, tenancy_names=False) == []

    def test_a_thing_of_the_tenancy_stays_weighed(self) -> None:
        # "tier" before an id, "balance" before a noun: things of the account the app lacks
        assert shipped_names(GITHUB, "In GitHub, fetch account tier 2879688") == []
        assert shipped_names(GITHUB, "get the github org balance report") == []


class TestAcronymModifiers:
    def test_an_acronym_only_descriptions_say_is_a_modifier(self) -> None:
        query = "what SSL certificates do I have on DigitalOcean"
        assert shipped_names(DIGITALOCEAN, query)[:1] == ["digitalocean__certificates_list"]
        assert shipped_names(DIGITALOCEAN, query, acronym_modifiers=False) == []

    def test_an_acronym_before_a_thing_the_app_lacks_finds_nothing(self) -> None:
        assert shipped_names(DIGITALOCEAN, "list SSL invoices in digitalocean") == []


class TestGetRidOf:
    def test_the_idiom_wants_nothing_done(self) -> None:
        request = "Get rid of the old screenshot file attached in attachment 120998877"
        assert wanted_done(request, _participle) == request
        assert wanted_done("get the file attached to task 12", _participle).startswith("attach ")

    def test_the_request_never_gets_the_upload(self) -> None:
        query = "Get rid of the old screenshot file attached in Asana (attachment 120998877)"
        assert "asana__create_attachment_for_object" not in shipped_names(ASANA, query)


class TestNumberTwins:
    def test_a_plural_puts_the_list_first(self) -> None:
        query = "Digital Ocean NFS snapshots in nyc3"
        assert shipped_names(DIGITALOCEAN, query)[:1] == ["digitalocean__nfs_list_snapshot"]
        assert shipped_names(DIGITALOCEAN, query, number_twins=False)[:1] == ["digitalocean__nfs_get_snapshot"]

    def test_one_thing_keeps_its_get(self) -> None:
        for query in ("digitalocean nfs snapshot 55", "get the digitalocean nfs snapshot"):
            assert shipped_names(DIGITALOCEAN, query)[:1] == ["digitalocean__nfs_get_snapshot"], query


class TestAgainAndShortIds:
    STRIPE = (
        app_doc(
            "stripe__post_invoices_invoice_send",
            "Stripe",
            "Stripe will automatically send invoices to customers according to your subscriptions settings. "
            "However, if you'd like to manually send an invoice to your customer out of the normal schedule, you "
            "can do so. When sending invoices that have already been paid, there will be no reference to the "
            "payment in the email.",
        ),
        app_doc("stripe__post_billing_portal_sessions", "Stripe", "Creates a session of the customer portal."),
        app_doc("stripe__get_invoices_invoice", "Stripe", "Retrieves the invoice with the given ID."),
        app_doc("stripe__post_payment_intents_intent_confirm", "Stripe", "Confirm again a PaymentIntent."),
    )

    def test_again_is_filler(self) -> None:
        assert "again" in QUERY_FILLER_WORDS
        query = "Can you email invoice in_1NXa2bLkdIwHu7ix to the customer again through Stripe?"
        assert shipped_names(list(self.STRIPE), query)[:1] == ["stripe__post_invoices_invoice_send"]

    def test_a_short_sid_is_a_value(self) -> None:
        assert {"is", "55", "aa"} <= read_values("rename twilio service IS55aa").values
        assert {"2", "f", "3", "e"} <= read_values("twilio sync lists in service IS2f3e").values
        assert not read_values("convert MP3s to wav").values


def _nothing(word: str) -> bool:
    return False


class TestOpeningsPastTheApp:
    INTERCOM = (
        app_doc("intercom__retrieve_internal_article", "Intercom", "Retrieve an internal article."),
        app_doc("intercom__create_internal_article", "Intercom", "Create an internal article."),
        app_doc("intercom__update_internal_article", "Intercom", "Update an internal article."),
    )

    def test_open_after_the_app_s_name_reads_a_thing_named(self) -> None:
        for query in ("Intercom open internal article 789", "open intercom internal article 789"):
            assert shipped_names(list(self.INTERCOM), query)[:1] == ["intercom__retrieve_internal_article"], query
        assert shipped_names(list(self.INTERCOM), "intercom open an internal article")[:1] == [
            "intercom__create_internal_article"
        ]

    def test_someone_pulled_into_a_thing_is_added_to_it(self) -> None:
        assert plain_verb("pull a supervisor into interaction KD8a1b", _nothing) == (
            "add a supervisor to interaction KD8a1b"
        )
        assert plain_verb("bring bob into the channel", _nothing) == "add bob to the channel"
        assert plain_verb("pull bob into the channel", lambda word: word == "pull") == "pull bob into the channel"

    def test_someone_kicked_out_of_a_thing_is_removed_from_it(self) -> None:
        request = "Kick caller CA9f8e7d6c out of Twilio conference CF1234abcd"
        assert plain_verb(request, _nothing) == "remove caller CA9f8e7d6c from Twilio conference CF1234abcd"
        assert plain_verb("kick bob out of channel C1", lambda word: word == "kick") == "kick bob out of channel C1"

    def test_an_app_s_product_before_the_verb_is_where(self) -> None:
        apps = {"twilio", "github", "box"}
        assert app_opening_left("Twilio Flex pull a supervisor into X", apps) == "pull a supervisor into X"
        assert app_opening_left("GitHub Actions list workflows in acme/api", apps) == "list workflows in acme/api"
        assert app_opening_left("Twilio SMS send hi to bob", apps) == "SMS send hi to bob"  # a thing in capitals
        assert app_opening_left("box share folder 9 with bob", apps) == "share folder 9 with bob"

    def test_a_plural_the_get_says_too_is_no_number(self) -> None:
        twilio = [
            app_doc(
                "twilio__fetch_dialing_permissions_country", "Twilio", "Retrieve voice dialing country permissions."
            ),
            app_doc("twilio__list_dialing_permissions_country", "Twilio", "Retrieve all voice dialing countries."),
        ]
        query = "Is calling to Cuba allowed in our Twilio voice dialing permissions?"
        assert shipped_names(twilio, query)[:1] == ["twilio__fetch_dialing_permissions_country"]


class TestAskedWrites:
    GITHUB = (
        app_doc("github__users_follow", "GitHub", "Follow a user."),
        app_doc("github__users_check_following_for_user", "GitHub", "Check if a user follows another user."),
        app_doc(
            "github__users_list_followed_by_authenticated_user",
            "GitHub",
            "List the people the authenticated user follows.",
        ),
    )

    def test_a_question_s_verb_writes_nothing(self) -> None:
        assert contradicts("get", ["users", "follow"], reads=True, said=frozenset({"follow"}), asked=True)
        assert not contradicts("get", ["users", "follow"], reads=True, said=frozenset({"follow"}))

    def test_who_do_i_follow_never_follows(self) -> None:
        found = shipped_names(list(self.GITHUB), "Who do I follow on GitHub?")
        assert "github__users_follow" not in found and found
        assert shipped_names(list(self.GITHUB), "Who do I follow on GitHub?", asked_writes=False)[:1] == [
            "github__users_follow"
        ]

    def test_an_order_still_follows(self) -> None:
        assert shipped_names(list(self.GITHUB), "follow user torvalds on github")[:1] == ["github__users_follow"]


class TestAbilities:
    def test_a_thing_after_the_app_asks_no_ability(self) -> None:
        mentions = (AppMention("GitHub", ("github",), connected=True), AppMention("Box", ("box",), connected=True))
        request = "Does GitHub user octocat follow torvalds?"
        assert asked_ability(request, mentions) == request
        assert asked_ability("does box lock folders?", mentions) == "lock folders in box"

    def test_the_request_reads_the_check(self) -> None:
        found = shipped_names(list(TestAskedWrites.GITHUB), "Does GitHub user octocat follow torvalds?")
        assert found[:1] == ["github__users_check_following_for_user"]


class TestHadByTheCaller:
    def test_do_i_have_any_lists_mine(self) -> None:
        assert had_question("do I have any pending repo invites on github?") == (
            "list my pending repo invites on github"
        )
        assert had_question("do we have any open PRs in github acme/api?") == "list open PRs in github acme/api"


class TestAppendedKinds:
    TWILIO = (
        app_doc("twilio__create_new_factor", "Twilio", "Create a new Factor for the Entity."),
        app_doc("twilio__create_new_factor_passkey", "Twilio", "Create a new Passkeys Factor for the Entity."),
        app_doc("twilio__update_passkeys_factor", "Twilio", "Verify a passkey Factor."),
    )

    def test_a_name_saying_the_phrase_with_its_kind_after(self) -> None:
        assert appended_kind(
            "twilio__create_new_factor_passkey", frozenset({"factor"}), frozenset({"passkey", "factor"})
        )
        assert not appended_kind("twilio__create_new_factor", frozenset({"factor"}), frozenset({"passkey", "factor"}))
        assert not appended_kind("twilio__create_new_factor_passkey", frozenset({"factor"}), frozenset({"factor"}))

    def test_the_kind_asked_for_comes_first(self) -> None:
        query = "create a passkey factor for user entity alice-123 in Twilio Verify"
        assert shipped_names(list(self.TWILIO), query)[:1] == ["twilio__create_new_factor_passkey"]
        assert shipped_names(list(self.TWILIO), query, appended_kinds=False)[:1] == ["twilio__create_new_factor"]
