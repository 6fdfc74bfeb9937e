"""Issue 13's fifty-fifth round: a plural read is listed where a name says "list" before the singular
(``singular_lists``); a slug's app read as placed where it finds nothing as written (``slug_frames``);
dotted words (``dotted_values``) and the examples "like" lists (``example_values``) are values; an app's name
inside an owner/name slug names no app (``slug_owners``); a name's undone action is an action
(``undoing_names``); a user's tool gives way to the caller's twin (``caller_user_twins``); and "detach",
"unlink" and "revoke" reach the delete group one way, "pull" and "correct" opening a request."""

from __future__ import annotations

import dataclasses

from cardamom.core.search import rank
from cardamom.core.search.app_scope import without_joined_names
from cardamom.core.search.query import analyse_query
from cardamom.core.search.slang_verbs import plain_verb
from cardamom.core.search.synonyms import is_action_word, synonyms_of
from cardamom.core.search.value_shapes import is_dotted_value
from cardamom.core.search.value_words import example_values
from tests.unit.search_documents import app_doc, shipped_index, shipped_names

TWILIO = [
    app_doc("twilio__list_queue", "Twilio", "Retrieve a list of queues belonging to the account."),
    app_doc("twilio__fetch_queue", "Twilio", "Fetch an instance of a queue identified by the QueueSid."),
    app_doc("twilio__create_queue", "Twilio", "Create a queue."),
    app_doc("twilio__list_sync_map", "Twilio", ""),
    app_doc("twilio__fetch_sync_map", "Twilio", ""),
    app_doc("twilio__list_sync_map_permission", "Twilio", "Retrieve a list of all Permissions applying to a Sync Map."),
    app_doc("twilio__fetch_event_type", "Twilio", "Fetch a specific Event Type."),
    app_doc("twilio__delete_signing_key", "Twilio", ""),
    app_doc("twilio__create_new_signing_key", "Twilio", "Create a new Signing Key for the account."),
    app_doc("twilio__update_signing_key", "Twilio", ""),
    app_doc("twilio__delete_sip_credential_list_mapping", "Twilio", "Delete a credential list mapping from a domain."),
    app_doc("twilio__fetch_sip_credential_list_mapping", "Twilio", "Fetch a credential list mapping of a domain."),
]
GITHUB = [
    app_doc("github__repos_list_contributors", "GitHub", "List repository contributors."),
    app_doc("github__repos_get", "GitHub", "Get a repository."),
    app_doc("github__issues_create", "GitHub", "Create an issue."),
    app_doc("github__issues_list_for_repo", "GitHub", "List repository issues."),
    app_doc("github__activity_star_repo_for_authenticated_user", "GitHub", "Star a repository."),
    app_doc("github__activity_unstar_repo_for_authenticated_user", "GitHub", "Unstar a repository."),
    app_doc("github__activity_list_repos_starred_by_user", "GitHub", "List repositories starred by a user."),
    app_doc(
        "github__activity_list_repos_starred_by_authenticated_user",
        "GitHub",
        "List repositories starred by the authenticated user.",
    ),
    app_doc("github__activity_check_repo_is_starred_by_authenticated_user", "GitHub", "Check if a repo is starred."),
    app_doc("github__repos_list_for_authenticated_user", "GitHub", "List repositories for the authenticated user."),
]
STRIPE = [
    app_doc("stripe__post_issuing_cardholders", "Stripe", "Creates a new Issuing Cardholder object."),
    app_doc("stripe__get_customers", "Stripe", "Returns a list of your customers."),
    app_doc("stripe__post_customers", "Stripe", "Creates a new customer object."),
]
ASANA = [
    app_doc("asana__get_time_periods", "Asana", "Get time periods. Returns compact time period records."),
    app_doc("asana__get_time_period", "Asana", "Get a time period. Returns the full record for a single time period."),
    app_doc("asana__get_tasks", "Asana", "Get multiple tasks."),
]
DIGITALOCEAN = [
    app_doc("digitalocean__firewalls_delete_tags", "DigitalOcean", "Remove Tags from a Firewall."),
    app_doc("digitalocean__firewalls_add_tags", "DigitalOcean", "Add Tags to a Firewall."),
    app_doc("digitalocean__firewalls_get", "DigitalOcean", "Retrieve an Existing Firewall."),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List All Droplets."),
]
INTERCOM = [
    app_doc("intercom__list_contacts", "Intercom", "List all contacts."),
    app_doc("intercom__create_contact", "Intercom", "Create a contact."),
    app_doc("intercom__detach_contact_from_conversation", "Intercom", "Detach a contact from a group conversation."),
    app_doc("intercom__list_tags", "Intercom", "List all tags."),
]


class TestSingularLists:
    def test_a_plural_read_is_the_list_the_names_say_in_the_singular(self) -> None:
        assert shipped_names(TWILIO, "show all twilio queues")[:1] == ["twilio__list_queue"]
        assert shipped_names(TWILIO, "show twilio sync maps")[:1] == ["twilio__list_sync_map"]
        # (a get and its list named alike: the plural puts the list first too, ``number_twins``)
        off = shipped_names(TWILIO, "show twilio sync maps", singular_lists=False, number_twins=False)
        assert off[:1] != ["twilio__list_sync_map"]

    def test_the_singular_still_reads_one(self) -> None:
        assert shipped_names(TWILIO, "show twilio queue QU123")[:1] == ["twilio__fetch_queue"]

    def test_a_name_saying_more_after_the_thing_lists_no_thing(self) -> None:
        # ``list_sync_map_permission`` ends in "permission": the maps' permissions, no list of maps
        ranking = rank(shipped_index(TWILIO), "show twilio sync maps")
        assert ranking.query_tokens[:1] == ("list",)
        assert [h.name for h in ranking.hits][:1] == ["twilio__list_sync_map"]


class TestSlugFrames:
    def test_a_slugs_app_reads_the_request_as_placed(self) -> None:
        # (the tools taking a repository say which app a slug implies: ``parameter_things``)
        documents = [dataclasses.replace(doc, parameters=frozenset({"owner", "repo"})) for doc in GITHUB[:4]]
        documents += [*STRIPE, *ASANA]
        query = "who has contributed to acme/api"
        assert shipped_names(documents, query)[:1] == ["github__repos_list_contributors"]
        assert shipped_names(documents, query, slug_frames=False) == []


class TestDottedValues:
    def test_a_dotted_word_is_a_value(self) -> None:
        names = {"chat", "post", "message", "list", "users", "info"}
        assert is_dotted_value("maria.k", names)
        assert is_dotted_value("com.twilio.messaging.message.delivered", names)
        assert not is_dotted_value("chat.postMessage", names)  # every part a name's word: a method
        assert not is_dotted_value("messages.create", {"message", "create"})  # a name's word in the plural
        assert not is_dotted_value("e.g.", names) and not is_dotted_value("2.1.0", names)

    def test_the_event_type_leaves_the_mass(self) -> None:
        query = "what does the twilio event type com.twilio.messaging.message.delivered include?"
        assert shipped_names(TWILIO, query)[:1] == ["twilio__fetch_event_type"]
        assert shipped_names(TWILIO, query, dotted_values=False) == []


class TestExampleValues:
    def test_the_examples_read(self) -> None:
        assert example_values("which time periods like quarters and halves exist") == {"quarters", "halves"}
        assert example_values("issue types such as Bug, Task or Story in jira") == {"bug", "task", "story"}
        assert example_values("credentials like APNs") == {"apns"}
        # examples of two words each, a verb's "like", a thing that is no plural: none
        assert example_values("new arrivals, such as skincare products, makeup items, and beauty tools") == set()
        assert example_values("I'd like to see tasks") == set()
        assert example_values("a task like this one") == set()

    def test_in_a_named_app_they_leave_the_mass(self) -> None:
        query = "which time periods like quarters and halves exist in my asana workspace?"
        assert shipped_names(ASANA, query)[:1] == ["asana__get_time_periods"]
        assert shipped_names(ASANA, query, example_values=False) == []

    def test_naming_no_app_they_are_the_topic(self) -> None:
        index = shipped_index(ASANA)
        query = "trials for rare diseases like Huntington's disease"
        analysis = analyse_query(query, index.options, index.app_mentions, index.label_postings, index.name_postings)
        assert "huntington" not in analysis.values


class TestSlugOwners:
    def test_an_apps_name_in_a_slug_names_no_app(self) -> None:
        documents = [*GITHUB, *STRIPE]
        query = "open an issue in stripe/stripe-node"
        assert shipped_names(documents, query)[:1] == ["github__issues_create"]
        assert shipped_names(documents, query, slug_owners=False)[:1] != ["github__issues_create"]

    def test_the_words_read(self) -> None:
        indexed = {"stripe": ("stripe",), "slack": ("slack",), "jira": ("jira",)}
        assert without_joined_names("star vercel/next.js", indexed, slugs=True).split() == ["star"]
        # two plain words are no repository: two apps, or two words
        assert without_joined_names("sync slack/jira", indexed, slugs=True) == "sync slack/jira"
        assert without_joined_names("credit/debit card", indexed, slugs=True) == "credit/debit card"
        assert without_joined_names("star vercel/next.js", indexed) == "star vercel/next.js"


class TestTheCallersTwin:
    def test_my_starred_repos(self) -> None:
        # (``undoing_names`` moves the request only among all of GitHub's tools: ``test_written_requests``)
        query = "list my starred repos on github"
        caller = "github__activity_list_repos_starred_by_authenticated_user"
        assert shipped_names(GITHUB, query)[:1] == [caller]
        assert shipped_names(GITHUB, query, caller_user_twins=False)[:1] == [
            "github__activity_list_repos_starred_by_user"
        ]

    def test_without_the_caller_the_order_stands(self) -> None:
        query = "list the repos octocat starred on github"
        assert shipped_names(GITHUB, query)[:1] == ["github__activity_list_repos_starred_by_user"]


class TestOneWayVerbs:
    def test_detach_unlink_and_revoke_delete(self) -> None:
        for word in ("detach", "unlink", "revoke"):
            assert "delete" in synonyms_of(word) and "remove" in synonyms_of(word)
            assert word not in synonyms_of("delete") and word not in synonyms_of("remove")
            assert is_action_word(word)
        assert "cancel" in synonyms_of("revoke")  # its own group still

    def test_the_requests(self) -> None:
        query = "unlink tag 'frontend' from firewall bb4b2611 in DigitalOcean"
        assert shipped_names(DIGITALOCEAN, query)[:1] == ["digitalocean__firewalls_delete_tags"]
        assert shipped_names(TWILIO, "twilio revoke signing key SK123")[:1] == ["twilio__delete_signing_key"]
        # a delete asks for no detach ("delete customer group 77": Intercom has no such thing)
        assert shipped_names(INTERCOM, "Please delete customer group 7722722 in Intercom") == []

    def test_pull_and_correct_open_a_request(self) -> None:
        assert shipped_names(INTERCOM, "pull every contact from intercom")[:1] == ["intercom__list_contacts"]
        never = lambda word: False  # noqa: E731 - no name says any word
        assert plain_verb("correct the amount on receipt R-9", never, formal=True) == "update the amount on receipt R-9"
        assert plain_verb("correct the amount on receipt R-9", never) == "correct the amount on receipt R-9"
        assert plain_verb("pull every contact", never) == "get every contact"
        # a phrasal verb reads as its own ("pull up" shows), and a word a name says stays
        assert plain_verb("pull up frank's profile", never) == "pull up frank's profile"
        assert plain_verb("pull every request", lambda word: word == "pull") == "pull every request"
