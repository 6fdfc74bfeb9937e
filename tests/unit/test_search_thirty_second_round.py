"""Issue 13's thirty-second round: a frame noun whose names act on nothing else asked frames the
read (``lone_frames``); a plural head is done by the name saying it plural (``plural_heads``);
"open" before a thing named reads it (``opened_reads``); things in the plural say a title doing
it to one, but for a read (``plural_titles``); a tool doing the verb to the head goes before one
whose name acts on a thing of its own (``elsewhere_heads``); a list asked for as a thing lists
them (``listed_phrases``); a request naming no action gets a tool ending a thing last among
equals (``unasked_endings``); and, without a switch: a wish ("I want") and a limit ("only")
before the request leave it, shortened and British words are spelled as the names, a coupon's
code and a prefixed id with a capital are values, the verb after "could you" or "I'd like to"
acts on a file's name or a slug, a slug a question asks about is one, a container's contents are
its items and a DNS record a domain's, a first step asked before "then" is the one ranked, a
count before a thing is no field of another, and a participle measuring a value is one."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.dated_words import dated_participle
from cardamom.core.search.field_phrases import field_phrase
from cardamom.core.search.query import query_tokens
from cardamom.core.search.reason_clauses import without_reasons
from cardamom.core.search.request_clauses import second_action
from cardamom.core.search.value_shapes import has_value_digits
from cardamom.core.search.value_words import is_slug
from cardamom.core.search.written_forms import as_words
from tests.unit.search_documents import app_doc, ranked_names, without

DOCS = [
    app_doc("digitalocean__droplets_get", "DigitalOcean", "Retrieve an existing Droplet."),
    app_doc("digitalocean__droplet_actions_post", "DigitalOcean", "Initiate a Droplet action: enable backups."),
    app_doc(
        "digitalocean__genai_get_indexing_job_details_signed_url",
        "DigitalOcean",
        "Get the signed URL of an indexing job's details.",
    ),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List all Droplets."),
    app_doc("digitalocean__droplets_destroy", "DigitalOcean", "Delete an existing Droplet."),
    app_doc("digitalocean__droplets_list_backups", "DigitalOcean", "List backups for a Droplet."),
    app_doc("digitalocean__droplet_actions_get", "DigitalOcean", "Retrieve a Droplet action."),
    app_doc("digitalocean__domains_create_record", "DigitalOcean", "Create a new domain record."),
    app_doc("digitalocean__domains_list", "DigitalOcean", "List all domains."),
    app_doc("asana__get_project", "Asana", "Get a project."),
    app_doc("asana__get_projects", "Asana", "Get multiple projects."),
    app_doc("asana__get_project_brief", "Asana", "Get a project brief."),
    app_doc("github__issues_get", "GitHub", "Get an issue."),
    app_doc("github__issues_create", "GitHub", "Create an issue."),
    app_doc("github__issues_create_label", "GitHub", "Create a label."),
    app_doc("github__pulls_get", "GitHub", "Get a pull request."),
    app_doc("github__pulls_list", "GitHub", "List pull requests."),
    app_doc("github__repos_list_for_authenticated_user", "GitHub", "List repositories for the authenticated user."),
    app_doc("github__activity_star_repo_for_authenticated_user", "GitHub", "Star a repository."),
    app_doc("github__gists_star", "GitHub", "Star a gist."),
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
    app_doc("jira__create_issue", "Jira", "Creates an issue."),
    app_doc("jira__get_comments", "Jira", "Returns all comments for an issue."),
    app_doc("jira__search_for_issues_using_jql", "Jira", "Searches for issues using JQL."),
    app_doc("jira__find_assignable_users", "Jira", "Returns users that can be assigned to an issue."),
    app_doc("jira__find_users_and_groups", "Jira", "Returns users and groups matching a string, for an issue."),
    app_doc("box__post_files_content", "Box", "Upload file. Uploads a small file to Box."),
    app_doc("box__post_files_upload_sessions", "Box", "Create upload session. Creates an upload session for files."),
    app_doc("box__get_files_id", "Box", "Get file information. Retrieves the details about a file."),
    app_doc("box__get_files_id_content", "Box", "Download file. Returns the contents of a file."),
    app_doc("box__get_folders_id_items", "Box", "List items in folder. Retrieves the items in a folder."),
    app_doc("stripe__delete_coupons_coupon", "Stripe", "Delete a coupon: the coupon is gone, a coupon no longer."),
    app_doc("stripe__post_customers_customer", "Stripe", "Update a customer."),
    app_doc("stripe__get_customers_customer", "Stripe", "Retrieve a customer."),
    app_doc("stripe__delete_customers_customer", "Stripe", "Delete a customer."),
    app_doc("stripe__get_coupons_coupon", "Stripe", "Retrieves the coupon with the given ID."),
    app_doc("stripe__get_charges", "Stripe", "List all charges."),
    app_doc("stripe__get_charges_charge", "Stripe", "Retrieve a charge."),
    app_doc("stripe__post_charges_charge_refund", "Stripe", "Refund a charge, only once."),
    app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices or purchase bills."),
    app_doc("xero__get_reports_list", "Xero", "Retrieves a list of the organisation's unique reports."),
    app_doc("jira__find_users_with_all_permissions", "Jira", "Returns users with all the permissions, for an issue."),
    app_doc("slack__users_lookup_by_email", "Slack", "Find a user with an email address."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
]
_INDEX = SearchIndex.build(DOCS)


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestLoneFrames:
    def test_a_frame_noun_whose_names_say_nothing_else_asked_frames_the_read(self) -> None:
        assert _names("get details of digitalocean droplet 3342")[:1] == ["digitalocean__droplets_get"]
        assert _names("get details of digitalocean droplet 3342", lone_frames=False)[:1] == [
            "digitalocean__genai_get_indexing_job_details_signed_url"
        ]

    def test_a_frame_noun_a_name_says_with_the_thing_stays(self) -> None:
        request = "get details of digitalocean droplet 3342"
        assert rank(_INDEX, request).idf.get("details", 0.0) == 0.0
        documents = [*DOCS, app_doc("digitalocean__droplets_get_details", "DigitalOcean", "Get a Droplet's details.")]
        assert rank(SearchIndex.build(documents), request).idf["details"] > 0.0


class TestPluralHeads:
    def test_a_plural_head_is_done_by_the_name_saying_it_plural(self) -> None:
        assert _names("asana_get_projects")[:1] == ["asana__get_projects"]
        assert _names("asana_list_projects")[:1] == ["asana__get_projects"]
        assert _names("asana_get_projects", plural_heads=False)[:1] == ["asana__get_project"]

    def test_a_singular_head_keeps_the_one(self) -> None:
        assert _names("asana_get_project")[:1] == ["asana__get_project"]
        assert _names("get asana project 12")[:1] == ["asana__get_project"]


class TestOpenedReads:
    def test_open_a_thing_named_reads_it(self) -> None:
        assert _names("open github issue 42")[:1] == ["github__issues_get"]
        assert _names("open the jira issue OPS-1")[:1] == ["jira__get_issue"]
        assert _names("open pull request 17 in acme/api")[:1] == ["github__pulls_get"]
        assert _names("open github issue 42", opened_reads=False)[:1] == ["github__issues_create"]

    def test_open_a_thing_unnamed_makes_it_and_open_things_are_listed(self) -> None:
        assert _names("jira open ticket")[:1] == ["jira__create_issue"]
        assert _names("open a github issue with label bug")[:1] == ["github__issues_create"]
        assert _names("open the pull requests in acme/web")[:1] == ["github__pulls_list"]
        assert query_tokens("open github issue 42")[0] == "get"
        assert query_tokens("open github issue 42", without(opened_reads=False))[0] == "create"


class TestPluralTitles:
    def test_things_in_the_plural_say_a_title_doing_it_to_one(self) -> None:
        assert _names("upload files to box")[:1] == ["box__post_files_content"]
        assert _names("upload files to box", plural_titles=False)[:1] == ["box__post_files_upload_sessions"]

    def test_a_read_of_things_says_no_title_of_one(self) -> None:
        assert _names("get files in box")[:1] != ["box__get_files_id_content"]


class TestElsewhereHeads:
    def test_a_name_acting_on_its_own_thing_goes_after(self) -> None:
        assert _names("find jira issue")[:1] == ["jira__search_for_issues_using_jql"]
        assert _names("find jira issue", elsewhere_heads=False)[:1] != ["jira__search_for_issues_using_jql"]


class TestListedPhrases:
    def test_a_list_asked_for_as_a_thing_lists_them(self) -> None:
        assert as_words(_INDEX, "give me a list of all open jira bugs") == "give me list all open jira bugs"
        assert as_words(_INDEX, "I want the full list of stripe charges") == "I want list stripe charges"
        assert as_words(_INDEX, "add bob to the list of reviewers") == "add bob to the list of reviewers"
        assert _names("a list of all open jira bugs")[:1] == ["jira__search_for_issues_using_jql"]
        assert _names("a list of all open jira bugs", listed_phrases=False)[:1] == [
            "jira__find_users_with_all_permissions"
        ]


class TestUnaskedEndings:
    def test_a_request_naming_no_action_never_deletes_first(self) -> None:
        # (the delete tool's description says "coupon" most: first among equals by that alone)
        assert _names("stripe coupon SUMMER25")[:1] == ["stripe__get_coupons_coupon"]
        assert _names("stripe coupon SUMMER25", unasked_endings=False)[:1] == ["stripe__delete_coupons_coupon"]
        assert _names("stripe customer cus_123")[:1] == ["stripe__get_customers_customer"]

    def test_a_request_asking_to_delete_still_does(self) -> None:
        assert _names("delete stripe customer cus_123")[:1] == ["stripe__delete_customers_customer"]


class TestWithoutASwitch:
    def test_a_wish_and_a_limit_before_the_request(self) -> None:
        assert _names("I want a list of all open jira bugs")[:1] == ["jira__search_for_issues_using_jql"]
        assert _names("I'd like the stripe customer cus_123")[:1] == ["stripe__get_customers_customer"]
        assert _names("only list the stripe charges over $100")[:1] == ["stripe__get_charges"]
        assert "only" in query_tokens("only admins can do that")

    def test_shortened_and_british_words_spelled_as_the_names(self) -> None:
        assert _names("list xero invs")[:1] == ["xero__get_invoices"]
        assert "ticket" in query_tokens("create a jira tkt") and "color" in query_tokens("the colour of a label")
        assert "organization" in query_tokens("list the organisation's repos")

    def test_open_a_thing_by_its_number_heads_a_read(self) -> None:
        assert _names("open stripe customer cus_123")[:1] == ["stripe__get_customers_customer"]

    def test_codes_and_ids_in_capitals_are_values(self) -> None:
        assert has_value_digits("SUMMER25") and has_value_digits("WELCOME10") and has_value_digits("cus_Q1")
        assert not has_value_digits("S3") and not has_value_digits("EC2") and not has_value_digits("oauth_v2")
        assert _names("delete the stripe coupon SUMMER25")[:1] == ["stripe__delete_coupons_coupon"]
        assert _names("change the email of stripe customer cus_Q1 to a@b.co")[:1] == ["stripe__post_customers_customer"]

    def test_the_verb_after_asking_acts_on_a_file_or_a_slug(self) -> None:
        assert as_words(_INDEX, "could you upload budget.xlsx to box") == "could you upload the file budget.xlsx to box"
        assert as_words(_INDEX, "I'd like to star acme/api") == "I'd like to star the repository acme/api"
        assert as_words(_INDEX, "upload budget.xlsx to box") == "upload the file budget.xlsx to box"

    def test_a_slug_a_question_asks_about(self) -> None:
        assert {"acme", "api"} <= set(rank(_INDEX, "how many open pull requests does acme/api have").values)
        assert is_slug("acme/api", "does") and not is_slug("acme/api", "list") and not is_slug("read/write", "")
        assert _names("how many open pull requests does acme/api have")[:1] == ["github__pulls_list"]

    def test_a_containers_contents_and_a_dns_record(self) -> None:
        assert _names("box list folder contents")[:1] == ["box__get_folders_id_items"]
        assert _names("add a dns record in digitalocean")[:1] == ["digitalocean__domains_create_record"]

    def test_the_first_step_asked_before_then(self) -> None:
        assert without_reasons("list my github repos, then star acme/api") == "list my github repos, then star acme/api"
        assert without_reasons("I created jira issue ENG-9, now assign it to bob") == "assign it to bob"
        words = ("first", "list", "my", "github", "repos", "then", "star", "acme", "api")
        assert second_action(words, frozenset({"acme", "api"}), frozenset({"github"})) == 5
        assert _names("first list my github repos, then star acme/api")[:1] == [
            "github__repos_list_for_authenticated_user"
        ]
        assert _names("get the slack user by email and then DM them")[:1] == ["slack__users_lookup_by_email"]

    def test_a_count_is_no_field(self) -> None:
        sequence = ("what", "is", "the", "latest", "comment", "on", "jira", "issue", "ops", "9")
        assert field_phrase(sequence, asked_on=True) is None
        assert field_phrase(("what", "is", "the", "status", "of", "jira", "issue", "ops", "9")) is not None
        assert _names("What's the latest comment on jira issue OPS-9")[:1] == ["jira__get_comments"]

    def test_a_participle_measuring_a_value(self) -> None:
        assert dated_participle("lasting", ["15", "minutes"]) and dated_participle("pointing", ["to", "1.2.3.4"])
        assert dated_participle("costing", ["$20"])
        assert not dated_participle("recording", ["RE55"]) and not dated_participle("running", ["in", "nyc3"])
        assert not dated_participle("pending", ["review"])


def test_hostile_requests_stay_fast() -> None:
    for request in (
        "get details of " * 400 + "digitalocean droplet 3342",
        "asana_get_" + "projects_" * 400,
        "open " * 500 + "github issue 42",
        "upload " + "files " * 500 + "to box",
        "find " * 300 + "jira issue",
        "first list my repos, then " * 200 + "star acme/api",
        "what's the latest " + "comment " * 300 + "on jira issue OPS-9",
        "add a record " + "lasting 15 minutes " * 300 + "in digitalocean",
        "could you upload " + "a.pdf " * 400 + "to box",
        "I want a list of " * 300 + "stripe charges",
        "stripe customer " + "cus_123 " * 500,
    ):
        started = time.perf_counter()
        rank(_INDEX, request)
        assert time.perf_counter() - started < 1.0, request[:40]
