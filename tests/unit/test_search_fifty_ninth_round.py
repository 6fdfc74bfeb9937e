"""Issue 13's fifty-ninth round: a thing's name that is an app's names no app (``app_named_things``);
a noun verb's quoted content before its object (``quoted_contents``); a noun verb adds what its
group's words name (``synonym_nouns``); a description's "all" scores nothing (``described_all``);
an opaque id's piece is no trailing field (``opaque_fields``); the words this round's requests wrote
that no group held; placeholder ids."""

from __future__ import annotations

from cardamom.core.search import SearchIndex
from cardamom.core.search.app_named_things import without_thing_names
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.query import analyse_query
from cardamom.core.search.request_clauses import verb_opening
from cardamom.core.search.synonyms import synonyms_of
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.value_shapes import is_capitals_id
from cardamom.core.search.word_forms import made_nouns
from tests.unit.search_documents import app_doc, shipped_names, without

GITHUB = [
    app_doc("github__orgs_list_public_members", "GitHub", "List public organization members."),
    app_doc("github__orgs_list_members", "GitHub", "List organization members. List all users who are members."),
    app_doc("github__users_get_by_username", "GitHub", "Get a user. Provides publicly available information."),
    app_doc("github__gists_create_comment", "GitHub", "Create a gist comment. Creates a comment on a gist."),
    app_doc("github__gists_get_comment", "GitHub", "Get a gist comment. Gets a comment on a gist."),
    app_doc("github__gists_update_comment", "GitHub", "Update a gist comment. Updates a comment on a gist."),
    app_doc("github__issues_add_labels", "GitHub", "Add labels to an issue. Adds labels to an issue."),
    app_doc(
        "github__issues_list_labels_on_issue", "GitHub", "List labels for an issue. Lists all labels for an issue."
    ),
    app_doc("github__issues_create_label", "GitHub", "Create a label for the repository."),
    app_doc("github__repos_list_for_org", "GitHub", "List organization repositories for the organization."),
    app_doc(
        "github__actions_list_selected_repos_for_org_secret",
        "GitHub",
        "List selected repositories for an organization secret. Lists all repositories selected.",
    ),
    app_doc("github__teams_list_repos_in_org", "GitHub", "List team repositories visible to the user."),
    app_doc("github__repos_get_all_topics", "GitHub", "Get all repository topics."),  # a name saying "all"
]
STRIPE = [
    app_doc("stripe__get_sigma_scheduled_query_runs", "Stripe", "Returns a list of scheduled query runs."),
    app_doc(
        "stripe__get_sigma_scheduled_query_runs_scheduled_query_run",
        "Stripe",
        "Retrieves the details of an scheduled query run.",
    ),
    app_doc("stripe__post_customers_customer_subscriptions", "Stripe", "Creates a new subscription on a customer."),
    app_doc("stripe__get_customers_customer", "Stripe", "Retrieves a Customer object."),
    app_doc("stripe__get_subscriptions_subscription_exposed_id", "Stripe", "Retrieves the subscription with the ID."),
]
MIXED = [
    app_doc("jira__add_vote", "Jira", "Add vote. Adds the user's vote to an issue."),
    app_doc("jira__get_votes", "Jira", "Get votes. Returns details about the votes on an issue."),
    app_doc("jira__get_issue", "Jira", "Get issue. Returns the details for an issue."),
    app_doc("slack__conversations_close", "Slack", "Closes a direct message or multi-person direct message."),
    app_doc("slack__conversations_info", "Slack", "Retrieve information about a conversation."),
    app_doc("twilio__create_safelist", "Twilio", "Add a new phone number or phone number 1k prefix to SafeList."),
    app_doc("twilio__fetch_network_access_profile", "Twilio", "Fetch a Network Access Profile instance."),
    app_doc("twilio__list_network_access_profile", "Twilio", "Retrieve a list of Network Access Profiles."),
    app_doc("digitalocean__cdn_purge_cache", "DigitalOcean", "Purge the Cache for an Existing CDN Endpoint."),
    app_doc("digitalocean__cdn_get_endpoint", "DigitalOcean", "Retrieve an Existing CDN Endpoint."),
]


def _cut(query: str, org: dict[str, tuple[str, ...]]) -> str:
    return without_thing_names(query, org, tokenize(query))


def _mentions(query: str, index: SearchIndex) -> list[str]:
    """The apps ``query`` names over ``index``, the org's and others."""
    analysis = analyse_query(query, index.options, index.app_mentions, index.label_postings, index.name_postings)
    return [m.name for m in analysis.mentions]


class TestAppNamedThings:
    def test_a_quoted_name_or_an_orgs_name_naming_an_app_the_org_lacks_is_cut(self) -> None:
        org = {"github": ("GitHub",), "git hub": ("GitHub",)}
        assert "vercel" not in _cut("members of the GitHub organization 'vercel'", org)
        assert "vercel" not in _cut("list public members of github org vercel", org)
        assert "vercel" not in _cut("the “vercel” org on github", org)

    def test_an_app_named_anywhere_else_or_one_the_org_has_stays(self) -> None:
        org = {"github": ("GitHub",), "slack": ("Slack",), "jira": ("Jira",)}
        for query in ("sync github issues to vercel", "post this to discord", "create a jira issue 'Slack bot down'"):
            assert _cut(query, org) == query
        assert "who's" in _cut("who's in the 'vercel' org on github", org)  # an apostrophe opens none

    def test_the_org_named_after_a_product_names_no_app(self) -> None:
        query = "Who are the public members of the GitHub organization 'vercel'?"
        assert shipped_names(GITHUB, query)[:1] == ["github__orgs_list_public_members"]
        on, off = (_mentions(query, SearchIndex.build(GITHUB, without(app_named_things=s))) for s in (True, False))
        assert on == ["GitHub"]
        assert off == ["GitHub", "Vercel"]  # an app asked for, whose name weighed as a word no tool says


class TestQuotedContents:
    def test_a_noun_verb_adds_its_thing_past_the_quoted_content(self) -> None:
        query = "Comment 'Thanks, this fixed it!' on GitHub gist aa5a315d61ae9438b18d"
        assert shipped_names(GITHUB, query)[:1] == ["github__gists_create_comment"]
        assert shipped_names(GITHUB, query, quoted_contents=False)[:1] != ["github__gists_create_comment"]

    def test_the_content_is_words_not_the_things_id(self) -> None:
        written = tokenize("comment 'hello there' on github gist 5")
        assert verb_opening(written, {"github"}, {"hello", "there", "5"}, contents=True) == ("comment", ("gist",))
        assert verb_opening(written, {"github"}, {"hello", "there", "5"}) == ("", ())
        # "github issue *3* in acme/api add label bug": the number is the issue's, no content it adds
        assert verb_opening(tokenize("issue 3 in acme add label bug"), (), {"3"}, contents=True) == ("", ())


class TestSynonymNouns:
    def test_a_noun_verb_adds_what_its_groups_word_names(self) -> None:
        query = 'Tag GitHub issue #482 in octocat/hello-world with "bug" and "needs-triage"'
        assert shipped_names(GITHUB, query)[:1] == ["github__issues_add_labels"]
        assert shipped_names(GITHUB, query, synonym_nouns=False)[:1] != ["github__issues_add_labels"]


class TestDescribedAll:
    def test_a_descriptions_all_orders_no_tool(self) -> None:
        query = "github list all repos in org acme"
        assert shipped_names(GITHUB, query)[:1] == ["github__repos_list_for_org"]
        assert shipped_names(GITHUB, query, described_all=False)[:1] == [
            "github__actions_list_selected_repos_for_org_secret"  # "Lists *all* repositories ..."
        ]

    def test_the_word_still_covers(self) -> None:
        # the floor is as before: a tool whose description says "all" still covers the word
        assert "github__actions_list_selected_repos_for_org_secret" in shipped_names(
            GITHUB, "github list all repos in org acme"
        )


class TestOpaqueFields:
    def test_an_ids_last_piece_is_no_field_after_it(self) -> None:
        query = "get stripe sigma scheduled query run sqr_1NvX2aLkdIwHu7ix"
        one = "stripe__get_sigma_scheduled_query_runs_scheduled_query_run"
        assert shipped_names(STRIPE, query)[:1] == [one]
        assert shipped_names(STRIPE, query, opaque_fields=False)[:1] == ["stripe__get_sigma_scheduled_query_runs"]


class TestWordsNoGroupHeld:
    def test_the_groups_and_the_words_reaching_one_way(self) -> None:
        assert set(synonyms_of("whitelist")) == {"allowlist", "safelist"}
        assert "vote" in synonyms_of("upvote")
        assert "delete" in synonyms_of("uninstall") and "uninstall" not in synonyms_of("delete")
        assert "purge" in synonyms_of("flush") and "flush" not in synonyms_of("purge")
        assert "close" in synonyms_of("dismiss") and "dismiss" not in synonyms_of("close")
        assert "member" in synonyms_of("roster")

    def test_the_requests_find_their_tools(self) -> None:
        assert shipped_names(MIXED, "upvote jira ticket PROJ-881")[:1] == ["jira__add_vote"]
        assert shipped_names(MIXED, "dismiss my slack dm D024BE91L")[:1] == ["slack__conversations_close"]
        assert shipped_names(MIXED, "add a number to the twilio verify allowlist")[:1] == ["twilio__create_safelist"]
        flushed = shipped_names(MIXED, "flush the digitalocean cdn cache for endpoint 19f06b6a")
        assert flushed[:1] == ["digitalocean__cdn_purge_cache"]

    def test_the_nouns_a_verb_makes(self) -> None:
        assert "subscription" in made_nouns("subscribe")
        assert "transcription" in made_nouns("transcribe")
        assert "extraction" in made_nouns("extract")
        query = "subscribe stripe customer cus_123"
        assert shipped_names(STRIPE, query)[:1] == ["stripe__post_customers_customer_subscriptions"]
        assert shipped_names(STRIPE, query, made_nouns=False) == []  # "subscribe": a word no tool says


class TestPlaceholderIds:
    def test_a_prefix_then_xs_is_an_id(self) -> None:
        assert is_capitals_id("HAxxxxxxxx") and is_capitals_id("BUxxxx") and is_capitals_id("CAXXXXXXXX")
        assert not is_capitals_id("xxx") and not is_capitals_id("Box") and not is_capitals_id("XXL")

    def test_the_request_finds_the_thing_it_names(self) -> None:
        assert "axxxxxxxx" in read_values("fetch Twilio network access profile HAxxxxxxxx").values
        query = "fetch Twilio network access profile HAxxxxxxxx"
        assert shipped_names(MIXED, query)[:1] == ["twilio__fetch_network_access_profile"]
