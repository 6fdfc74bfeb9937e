"""Issue 13's fifty-seventh round: an opaque id's pieces are no words (``opaque_ids``); the fields a
read of one thing asks to see are no words of its tool (``seen_fields``); a slug's owner naming an
app the org lacks names no app (``unconnected_owners``); what a request says it does not want is no
word of its tool (``denied_tails``); a question's determiner is followed by no verb
(``which_modifiers``); the owner a request names comes before the caller (``named_owners``)."""

from __future__ import annotations

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.aside_clauses import without_seen_fields
from cardamom.core.search.denied_tails import without_denied_tail
from cardamom.core.search.opaque_ids import opaque_pieces
from cardamom.core.search.unsaid_modifiers import quoted_modifiers
from tests.unit.search_documents import app_doc, shipped_names, without

STRIPE = [
    app_doc("stripe__get_disputes_dispute", "Stripe", "Retrieve a dispute. Retrieves the dispute with the given ID."),
    app_doc("stripe__get_disputes", "Stripe", "List all disputes. Returns a list of your disputes."),
    app_doc("stripe__post_disputes_dispute_close", "Stripe", "Close a dispute. Closing the dispute accepts the loss."),
    app_doc("stripe__get_balance_transactions_id", "Stripe", "Retrieve a balance transaction."),
    app_doc("stripe__get_customers_customer", "Stripe", "Retrieve a customer. Returns its status and reason."),
]
DIGITALOCEAN = [
    app_doc(
        "digitalocean__droplets_get",
        "DigitalOcean",
        "Retrieve an existing Droplet. To show details about an individual Droplet, send a GET request.",
    ),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List all Droplets."),
    app_doc(
        "digitalocean__monitoring_get_droplet_autoscale_current_instances",
        "DigitalOcean",
        "Get current instances of an autoscale pool: their size, status and IPs.",
    ),
    app_doc("digitalocean__sizes_list", "DigitalOcean", "List all Droplet sizes."),
    app_doc("github__repos_get", "GitHub", "Get a repository: its details, size and status."),
]
GITHUB = [
    app_doc("github__pulls_list_files", "GitHub", "List pull requests files: the files changed in a pull request."),
    app_doc("github__pulls_get", "GitHub", "Get a pull request."),
    app_doc("github__repos_get", "GitHub", "Get a repository."),
    app_doc("jira__get_issue_changelogs", "Jira", "Get changelogs. Returns what changed in an issue."),
    app_doc("slack__files_list", "Slack", "List files. Lists and filters team files."),
]
INTERCOM = [
    app_doc("intercom__delete_contact", "Intercom", "Delete a contact."),
    app_doc("intercom__archive_contact", "Intercom", "Archive contact. You can archive a single contact."),
    app_doc("intercom__show_contact", "Intercom", "Get a contact."),
    app_doc("intercom__block_contact", "Intercom", "Block a contact."),
]


class TestOpaqueIds:
    def test_the_pieces_of_ids_no_word_is_read_from(self) -> None:
        pieces = opaque_pieces("look up balance transaction txn_1MiN3gLkdIwHu7ixxapQrznl: the fees")
        assert {"txn", "mi", "lkd", "ixxap", "qrznl"} <= pieces and "fees" not in pieces
        assert {"bd", "5959", "af"} <= opaque_pieces("cluster bd5f5959-5e1e-4205-a714-a914373942af")
        assert "wq" in opaque_pieces("queue WQ8f1e2d3c4b5a69788796a5b4c3d2e1f0")
        # a name with digits, a short id, a number: no opaque id
        assert opaque_pieces("oauth2token for k8s on s3, droplet 3164444, page 8a7b, PROJ-123") == frozenset()

    def test_a_piece_written_as_a_word_too_stays(self) -> None:
        assert "e" not in opaque_pieces("plan e for queue WQ8f1e2d3c4b5a69788796a5b4c3d2e1f0")

    def test_a_request_naming_no_app_stands_on_its_words(self) -> None:
        query = "Retrieve dispute dp_1MtJUT2eZvKYlo2C"
        assert shipped_names(STRIPE, query)[:1] == ["stripe__get_disputes_dispute"]
        assert shipped_names(STRIPE, query, opaque_ids=False) == []  # ("mt", "jut", "ylo": the rarest words)
        # the id stays a value: its pieces are no words of the ranking, still the request's values
        ranking = rank(SearchIndex.build(STRIPE), query)
        assert "jut" not in ranking.query_tokens and "jut" in ranking.values


class TestSeenFields:
    def test_the_fields_listed_after_the_thing(self) -> None:
        assert without_seen_fields("Show me droplet 3164444 \u2014 its IPs, size and current status.") == (
            "Show me droplet 3164444"
        )
        assert without_seen_fields("Retrieve dispute dp_1Mt so I can see its status and reason.") == (
            "Retrieve dispute dp_1Mt"
        )
        assert without_seen_fields("Get Twilio recording RT63 - track name, codec and duration.") == (
            "Get Twilio recording RT63"
        )
        assert without_seen_fields("Pull up asana project 1204, including its team, owner and due date") == (
            "Pull up asana project 1204"
        )

    def test_what_stays(self) -> None:
        # a thing given by no id: the fields may be what it is about ("a brand's logo")
        brand = "Retrieve the brand information for Adidas, including their logo, colors, and fonts."
        assert without_seen_fields(brand) == brand
        # after a dash, two parts that are no fields of "its" are a request of their own
        request = "We have no evidence to fight dispute dp_1Oa \u2014 just accept the loss and close it."
        assert without_seen_fields(request) == request
        quoted = "Show issue PROJ-1 - 'status', 'owner' and 'due date'"
        assert without_seen_fields(quoted) == quoted
        assert without_seen_fields("droplet 31 - its size and status") == "droplet 31 - its size and status"  # 2 words

    def test_the_read_of_the_thing_comes_first(self) -> None:
        query = "Show me the details of droplet 3164444 \u2014 its IPs, size and current status."
        assert shipped_names(DIGITALOCEAN, query)[:1] == ["digitalocean__droplets_get"]
        assert shipped_names(DIGITALOCEAN, query, seen_fields=False)[:1] != ["digitalocean__droplets_get"]
        fields = "Retrieve dispute dp_1MtJUT2eZvKYlo2C so I can see its status and reason."
        assert shipped_names(STRIPE, fields)[:1] == ["stripe__get_disputes_dispute"]


class TestUnconnectedOwners:
    QUERY = "Which files were changed in pull request #482 of facebook/react?"

    def test_a_repository_whose_owner_is_an_app_the_org_lacks(self) -> None:
        assert shipped_names(GITHUB, self.QUERY)[:1] == ["github__pulls_list_files"]
        off = rank(SearchIndex.build(GITHUB, without(unconnected_owners=False)), self.QUERY)
        assert off.reason is not None and off.reason.kind == "app_not_connected"

    def test_an_app_the_org_lacks_named_on_its_own_is_still_not_connected(self) -> None:
        ranking = rank(SearchIndex.build(GITHUB), "list the files changed in facebook pull request 482")
        assert ranking.reason is not None and ranking.reason.kind == "app_not_connected"
        # two apps side by side name both ("slack/jira"); one the org has names it
        assert shipped_names(GITHUB, "list files of pull request 9 in github/docs")[:1] == ["github__pulls_list_files"]


class TestDeniedTails:
    def test_the_tail_saying_what_is_not_wanted(self) -> None:
        assert without_denied_tail("Permanently delete the Intercom contact 6512 - not archive, delete.") == (
            "Permanently delete the Intercom contact 6512"
        )
        assert without_denied_tail("Uninstall our GitHub App from installation 48 - remove it, don't suspend it.") == (
            "Uninstall our GitHub App from installation 48"
        )
        assert without_denied_tail("List my Codespaces secrets on GitHub (just the names, not values).") == (
            "List my Codespaces secrets on GitHub"
        )
        assert without_denied_tail("Show my copilot agent tasks across every repository, not just one repo.") == (
            "Show my copilot agent tasks across every repository"
        )
        assert without_denied_tail("close github issue 5. Don't notify anyone.") == "close github issue 5."

    def test_what_stays(self) -> None:
        for request in (
            "list jira issues not done in project ENG",  # a filter, no tail
            "do not delete the repo",  # nothing before
            "archive asana task 12 - not 'Launch'",  # a quoted tail is a value
            "archive slack channel C1 - the old one",  # no denial
        ):
            assert without_denied_tail(request) == request

    def test_the_request_before_it_finds_its_tool(self) -> None:
        query = "Permanently delete the Intercom contact 6512a3b4f0e1c2d3a4b5c6d7 - not archive, delete."
        assert shipped_names(INTERCOM, query)[:1] == ["intercom__delete_contact"]
        assert shipped_names(INTERCOM, query, denied_tails=False)[:1] != ["intercom__delete_contact"]


class TestWhichModifiers:
    DOCUMENTS = (
        app_doc("digitalocean__droplets_list_firewalls", "DigitalOcean", "List all firewalls for a Droplet."),
        app_doc("digitalocean__firewalls_list", "DigitalOcean", "List all firewalls."),
        app_doc("digitalocean__droplets_get", "DigitalOcean", "Retrieve an existing Droplet."),
        app_doc("github__repos_get", "GitHub", "Get a repository in the cloud."),
    )

    def test_the_word_after_which_is_a_modifier_the_app_never_says(self) -> None:
        index = SearchIndex.build(list(self.DOCUMENTS))
        query = "Which cloud firewalls are applied to DigitalOcean droplet 3164494?"
        assert quoted_modifiers(index, query) == (
            'Which "cloud" firewalls are applied to DigitalOcean droplet 3164494?',
            ("cloud",),
        )
        off = SearchIndex.build(list(self.DOCUMENTS), without(which_modifiers=False))
        assert quoted_modifiers(off, query) == (query, ())  # (read as the request's verb)
        # the request's verb stays where no determiner opens it
        assert quoted_modifiers(index, "rebuild firewalls of digitalocean droplet 31") == (
            "rebuild firewalls of digitalocean droplet 31",
            (),
        )

    def test_the_question_finds_its_tool(self) -> None:
        query = "Which cloud firewalls are currently applied to DigitalOcean droplet 3164494?"
        documents = list(self.DOCUMENTS)
        assert shipped_names(documents, query)[:1] == ["digitalocean__droplets_list_firewalls"]
        assert shipped_names(documents, query, which_modifiers=False) == []


class TestNamedOwners:
    # GitHub's twins, with their own descriptions' first sentences
    DOCUMENTS = (
        app_doc(
            "github__packages_delete_package_version_for_authenticated_user",
            "GitHub",
            "Delete a package version for the authenticated user. Deletes a specific package version for a package "
            "owned by the authenticated user.",
        ),
        app_doc(
            "github__packages_delete_package_version_for_user",
            "GitHub",
            "Delete package version for a user. Deletes a specific package version for a user.",
        ),
        app_doc(
            "github__packages_delete_package_version_for_org",
            "GitHub",
            "Delete package version for an organization. Deletes a specific package version in an organization.",
        ),
    )

    def test_a_user_named_by_a_handle_gets_the_users_twin(self) -> None:
        documents = list(self.DOCUMENTS)
        query = "Delete version 4512 of user monalisa's npm package on GitHub"
        assert shipped_names(documents, query)[:1] == ["github__packages_delete_package_version_for_user"]
        # (turned off, the caller's twin comes first over the workspace's tools: ``test_written_requests``)
        handle = "Delete version 4512 of the npm package 'left-pad' of GitHub user monalisa"
        assert shipped_names(documents, handle)[:1] == ["github__packages_delete_package_version_for_user"]

    def test_an_organization_named_gets_its_twin(self) -> None:
        documents = list(self.DOCUMENTS)
        query = "delete version 3 of the package owned by the acme org on github"
        assert shipped_names(documents, query)[:1] == ["github__packages_delete_package_version_for_org"]
        named = "delete version 3 of the package of github organization acme"
        assert shipped_names(documents, named)[:1] == ["github__packages_delete_package_version_for_org"]
