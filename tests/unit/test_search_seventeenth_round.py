"""Issue 13's seventeenth round: requests written as code or as an address. An endpoint as a
method and a path ("POST /v1/customers") reads as the request it stands for
(``endpoint_paths``); an SDK call ("twilio messages.create", "accountingApi.getContacts"), a
command line ("gh issue create --title bug") and a host ("github.com") read as words, and an
app's CLI or SDK names the app (``sdk_calls``); a second action may follow "then"."""

from __future__ import annotations

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.app_scope import app_vocabulary
from cardamom.core.search.call_forms import read_calls, read_flags
from cardamom.core.search.endpoint_paths import read_endpoints
from cardamom.core.search.host_names import read_hosts
from cardamom.core.search.keyword_order import verb_first
from cardamom.core.search.request_clauses import second_action
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    # Stripe names its tools from its paths; one description says "v1" and "customers"
    app_doc("stripe__post_customers", "Stripe", "Create a customer."),
    app_doc("stripe__get_customers", "Stripe", "List all customers."),
    app_doc("stripe__get_customers_customer", "Stripe", "Retrieve a customer."),
    app_doc("stripe__delete_customers_customer", "Stripe", "Delete a customer."),
    app_doc(
        "stripe__post_payment_methods_payment_method_attach",
        "Stripe",
        "Attach a PaymentMethod to a customer. Use POST /v1/customers/:id to set it as the default.",
    ),
    app_doc("stripe__post_invoices_invoice_finalize", "Stripe", "Finalize an invoice."),
    app_doc("stripe__get_invoices", "Stripe", "List all invoices."),
    # Asana lists a project's tasks and a task's projects
    app_doc("asana__get_tasks_for_project", "Asana", "Get tasks from a project."),
    app_doc("asana__get_projects_for_task", "Asana", "Get projects a task is in."),
    app_doc("asana__get_projects", "Asana", "Get multiple projects."),
    # Twilio creates a message, and feedback on one
    app_doc("twilio__create_message", "Twilio", "Send a message."),
    app_doc("twilio__create_message_feedback", "Twilio", "Create message feedback."),
    app_doc("twilio__create_message_interaction", "Twilio", "Create a message interaction."),
    app_doc("twilio__create_account", "Twilio", "Create a Twilio subaccount."),
    # Xero's SDK client is the "accountingApi"; a financial statement says "accounting"
    app_doc("xero__get_contacts", "Xero", "Retrieves all contacts in a Xero organisation."),
    app_doc(
        "xero__get_financial_statement_contacts_expense",
        "Xero",
        "Get the expense contacts of the accounting API's financial statements.",
    ),
    # GitHub, by its CLI ("gh") and its SDK ("octokit")
    app_doc("github__issues_create", "GitHub", "Create an issue."),
    app_doc("github__issues_update", "GitHub", "Update an issue. Close or reopen it."),
    app_doc("github__issues_list", "GitHub", "List issues assigned to the authenticated user."),
    app_doc("github__issues_add_labels", "GitHub", "Add labels to an issue."),
    app_doc("github__pulls_create", "GitHub", "Create a pull request."),
    app_doc("github__repos_list_for_authenticated_user", "GitHub", "List repositories for the authenticated user."),
    app_doc("github__repos_list_collaborators", "GitHub", "List repository collaborators."),
    app_doc("github__git_create_ref", "GitHub", "Create a reference, such as a branch."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestEndpointPaths:
    def test_a_path_reads_as_its_request(self) -> None:
        assert read_endpoints("POST /v1/customers on stripe") == "post customers on stripe"
        assert read_endpoints("GET /v1/invoices stripe") == "list invoices stripe"  # a collection
        assert read_endpoints("GET /v1/balance") == "get balance"  # one thing
        assert read_endpoints("GET /2.0/users/me") == "get my user"  # the caller's
        assert read_endpoints("DELETE /v1/customers/{id}") == "delete customer"  # one customer
        assert read_endpoints("GET /projects/{project_gid}/tasks") == "list tasks in project"
        assert read_endpoints("PUT /api.xro/2.0/Invoices") == "put invoices"
        assert read_endpoints("GET /rest/api/3/issue/{issueIdOrKey}") == "get issue"
        assert read_endpoints("POST /2010-04-01/Accounts/{Sid}/Messages.json") == "post messages in account"
        # the last segment may be the action; a method's name says its own
        assert read_endpoints("POST /v1/invoices/{invoice}/finalize") == "finalize invoice"
        assert read_endpoints("POST https://slack.com/api/chat.postMessage") == "chat.postMessage slack"
        assert read_endpoints("GET https://api.stripe.com/v1/invoices") == "list invoices stripe"

    def test_what_is_no_endpoint_stays(self) -> None:
        for request in (
            "upload /Users/ana/report.pdf to box",  # a file: no method, parameter or version
            "review https://github.com/acme/api/pull/12",  # a web page: its number is an id
            "see /docs/2024/notes",  # a number inside a path is no version
            "use and/or in the search",
            "get /{id}",  # no resource
            "list stripe customers",
        ):
            assert read_endpoints(request) == request, request

    def test_the_endpoint_finds_its_tool(self) -> None:
        for query, tool in (
            ("POST /v1/customers on stripe", "stripe__post_customers"),
            ("stripe DELETE /v1/customers/{id}", "stripe__delete_customers_customer"),
        ):
            assert _names(query)[0] == tool, query
            assert _names(query, endpoint_paths=False)[:1] != [tool], query
        assert _names("POST /v1/invoices/{invoice}/finalize stripe")[0] == "stripe__post_invoices_invoice_finalize"
        assert _names("GET /projects/{project_gid}/tasks asana")[0] == "asana__get_tasks_for_project"


class TestSdkCalls:
    def test_a_call_reads_as_words(self) -> None:
        assert read_calls("twilio messages.create") == "twilio create messages"
        assert read_calls("stripe.customers.create") == "create stripe customers"
        assert read_calls("octokit.rest.issues.create") == "create octokit issues"  # "rest": the SDK's
        assert read_calls("xero accountingApi.getContacts") == "xero getContacts"  # the client goes
        # a method in camel case reads as a guessed name does, but for a client or an id
        assert read_calls("octokit.issues.addLabels") == "octokit.issues.addLabels"
        assert read_calls("box files.getFileById") == "box files getFile"  # the id is the argument

    def test_what_is_no_call_stays(self) -> None:
        for request in (
            "create a webhook on FILE.UPLOADED",  # a constant
            "upload report.pdf to box",
            "github.com list my repos",  # a host (``read_hosts``)
            "bump the version to v1.2",
            "slack users.info",  # no verb: as written, which its names say
            "stripe customers.created event",  # not the verb as a method names it
        ):
            assert read_calls(request) == request, request

    def test_flags_read_as_fields(self) -> None:
        assert read_flags("gh issue create --title 'Login fails'") == "gh issue create with title 'Login fails'"
        assert read_flags("doctl create --size=s-1vcpu --dry-run x") == "doctl create with size s-1vcpu with dry run x"
        assert read_flags("list --all") == "list --all"  # no value

    def test_a_command_and_its_ids_keep_the_verb_first_reading(self) -> None:
        assert verb_first("gh issue create --title bug") == "create gh issue --title bug"
        assert verb_first("github issue close 12") == "close github issue 12"
        assert verb_first("jira issue delete PROJ-12") == "delete jira issue PROJ-12"
        assert verb_first("close 12 13") == "close 12 13"

    def test_a_state_verb_as_often_a_noun_is_a_thing_before_the_action(self) -> None:
        def names(first: str, second: str) -> bool:
            return False

        assert verb_first("gh release list", names) == "list gh release"
        assert verb_first("jira version release", names) == "release jira version"
        assert verb_first("github issue close list", names) == "github issue close list"  # "close" acts

    def test_a_host_naming_an_app_is_its_name(self) -> None:
        mentions = {"github", "git hub", "notion", "cal com", "calcom", "asana"}
        assert read_hosts("github.com list my repos", mentions) == "github list my repos"
        assert read_hosts("search notion.so pages", mentions) == "search notion pages"
        assert read_hosts("app.asana.com list projects", mentions) == "asana list projects"
        assert read_hosts("cal.com bookings", mentions) == "cal.com bookings"  # its name is its host
        for request in ("email ana@github.com", "open https://github.com/acme/api", "acme.atlassian.net issue"):
            assert read_hosts(request, mentions) == request, request

    def test_an_apps_cli_and_sdk_name_it(self) -> None:
        _, mentions = app_vocabulary({"GitHub": [0]}, {}, lambda token: frozenset())
        assert mentions["gh"] == ("GitHub",) and mentions["octokit"] == ("GitHub",)
        _, without = app_vocabulary({"GitHub": [0]}, {}, lambda token: frozenset(), tooling=False)
        assert "gh" not in without

    def test_the_call_finds_its_tool(self) -> None:
        for query, tool in (
            ("twilio messages.create", "twilio__create_message"),
            ("xero accountingApi.getContacts", "xero__get_contacts"),
            ("gh pr create", "github__pulls_create"),
            ("gh issue create --title 'Login fails'", "github__issues_create"),
            ("octokit.issues.addLabels", "github__issues_add_labels"),
            ("github.com list my repos", "github__repos_list_for_authenticated_user"),
        ):
            assert _names(query)[0] == tool, query
            assert _names(query, sdk_calls=False)[:1] != [tool], query

    def test_an_unconnected_apps_cli_names_that_app(self) -> None:
        index = SearchIndex.build(DOCS)
        for request, app in (("glab mr create", "GitLab"), ("kubectl get pods", "Kubernetes")):
            ranking = rank(index, request)
            assert ranking.hits == () and ranking.reason is not None, request
            assert (ranking.reason.kind, ranking.reason.apps) == ("app_not_connected", (app,)), request


class TestThenClauses:
    def test_a_second_action_after_then(self) -> None:
        words = ("create", "a", "branch", "then", "open", "a", "pull", "request")
        assert second_action(words, (), ()) == 3
        assert second_action(("create", "a", "branch", "and", "then", "assign", "it"), (), ()) == 3
        # "then" with no action after it joins nothing
        assert second_action(("list", "issues", "then", "bob"), (), ()) is None

    def test_the_first_action_finds_its_tool(self) -> None:
        assert _names("create a github issue then assign it to bob")[0] == "github__issues_create"
        assert _names("create a github issue then assign it to bob", second_actions=False)[:1] != [
            "github__issues_create"
        ]
