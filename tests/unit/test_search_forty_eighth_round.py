"""Issue 13's forty-eighth round: requests over the apps' whole catalogs again. A name reading a
field is no tool changing it (``read_carriers``), a question's "things do I have" (``held_questions``),
"are set up" as a state (``stated_compounds``), an adverb kept only where a title says it
(``titled_adverbs``), a short id after any named thing (``named_short_ids``), how a thing looks
(``looks_questions``), a reference as the kind said before it (``said_references``), time logged as a
time entry (``time_entries``), a predicate participle (``framing_participles``), "can be assigned"
as "assignable" (``able_words``), a move to the top as a reorder (``ordered_moves``), what happened
as the events (``happened_questions``), a constant's name inside a request (``constant_values``),
which things a thing has (``which_had``), which things another belongs to (``belonged_questions``);
slang words and two plural forms."""

from __future__ import annotations

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.able_words import able_form, as_able
from cardamom.core.search.about_questions import about_thing
from cardamom.core.search.app_scope import without_constant_names
from cardamom.core.search.had_questions import had_question
from cardamom.core.search.happened_questions import events_asked
from cardamom.core.search.ordered_moves import reordered
from cardamom.core.search.relation_questions import related_things
from cardamom.core.search.said_fillers import owned_as_mine
from cardamom.core.search.slang_verbs import plain_verb
from cardamom.core.search.synonyms import join_compounds
from cardamom.core.search.tokens import is_plural, singular
from cardamom.core.search.value_shapes import is_short_id
from cardamom.core.search.written_forms import read_references
from tests.unit.search_documents import app_doc, ranked_names, without

DOCS = [
    app_doc("intercom__update_ticket", "Intercom", "Update a ticket. You can update a ticket."),
    app_doc("intercom__list_ticket_states", "Intercom", "List all ticket states."),
    app_doc("intercom__delete_conversation", "Intercom", "Delete a conversation. Deleting one is permanent."),
    app_doc(
        "intercom__delete_conversation_attribute",
        "Intercom",
        "Delete a conversation attribute. The attribute is permanently deleted from conversations.",
    ),
    app_doc("jira__get_my_permissions", "Jira", "Get my permissions."),
    app_doc("jira__get_all_permissions", "Jira", "Get all permissions."),
    app_doc("jira__get_issue_type", "Jira", "Get issue type. Returns an issue type."),
    app_doc("jira__get_issue_types_for_project", "Jira", "Get issue types for project."),
    app_doc("jira__find_assignable_users", "Jira", "Find users assignable to issues."),
    app_doc("jira__get_issue", "Jira", "Get issue."),
    app_doc("jira__move_version", "Jira", "Move version. Modifies the version's sequence within the project."),
    app_doc("jira__reorder_issue_types_in_issue_type_scheme", "Jira", "Change order of issue types."),
    app_doc("jira__do_transition", "Jira", "Transition issue. Moves an issue through a workflow transition."),
    app_doc("jira__get_issue_type_scheme", "Jira", "Get issue type scheme."),
    app_doc("xero__get_asset_types", "Xero", "Searches fixed asset types."),
    app_doc("xero__create_asset_type", "Xero", "Adds a fixed asset type."),
    app_doc("xero__create_overpayment_allocations", "Xero", "Creates a single allocation for a specific overpayment."),
    app_doc("xero__get_overpayment", "Xero", "Retrieves a specific overpayment."),
    app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices."),
    app_doc("xero__create_invoices", "Xero", "Creates one or more sales invoices."),
    app_doc("github__issues_approve_suggestion", "GitHub", "Approve an issue suggestion."),
    app_doc("github__pulls_create_review_comment", "GitHub", "Create a review comment for a pull request."),
    app_doc("github__pulls_create_review", "GitHub", "Create a review for a pull request."),
    app_doc("github__issues_dismiss_suggestion", "GitHub", "Dismiss an issue suggestion."),
    app_doc("github__issues_list_suggestions", "GitHub", "List suggestions on an issue."),
    app_doc("asana__create_time_tracking_entry", "Asana", "Create a time tracking entry on a task."),
    app_doc("asana__get_audit_log_events", "Asana", "Get audit log events."),
    app_doc("asana__get_task", "Asana", "Get a task."),
    app_doc("stripe__get_charges_charge_refunds", "Stripe", "List the refunds belonging to a charge."),
    app_doc("stripe__get_charges_charge", "Stripe", "Retrieves a charge."),
    app_doc("stripe__post_charges_charge_capture", "Stripe", "Capture the payment of a charge made before."),
    app_doc("stripe__get_events", "Stripe", "List events, going back up to 30 days."),
    app_doc("stripe__get_refunds", "Stripe", "Returns a list of all refunds."),
    app_doc("stripe__post_refunds", "Stripe", "Create a refund."),
    app_doc("stripe__get_refunds_refund", "Stripe", "Retrieves the details of an existing refund."),
    app_doc("stripe__get_account", "Stripe", "Retrieves the details of an account."),
]
_INDEX = SearchIndex.build(DOCS)


def _first(query: str, **switches: bool) -> str | None:
    names = ranked_names(DOCS, query, **switches)
    return names[0] if names else None


class TestReadCarriers:
    def test_a_name_reading_the_field_changes_none(self) -> None:
        query = "change the state of intercom ticket 4412 to resolved"
        assert _first(query) == "intercom__update_ticket"
        assert _first(query, read_carriers=False) != "intercom__update_ticket"
        assert _first("list the ticket states in intercom") == "intercom__list_ticket_states"


class TestHeldQuestions:
    def test_the_things_one_has(self) -> None:
        asked = ("what", "permissions", "do", "i", "have", "in", "jira")
        assert owned_as_mine(asked, asked=True) == ("list", "my", "permissions", "in", "jira")
        assert owned_as_mine(asked) == asked
        words = ("which", "github", "app", "installations", "can", "i", "access")
        assert owned_as_mine(words, asked=True) == ("list", "my", "github", "app", "installations")
        belong = ("which", "teams", "do", "i", "belong", "to", "in", "asana")
        assert owned_as_mine(belong, asked=True) == ("list", "my", "teams", "in", "asana")
        due = ("what", "do", "i", "have", "due", "in", "asana")  # no things named
        assert owned_as_mine(due, asked=True) == due

    def test_ranked(self) -> None:
        assert _first("what permissions do I have in jira") == "jira__get_my_permissions"
        assert _first("what permissions do I have in jira", held_questions=False) != "jira__get_my_permissions"


class TestStatedCompounds:
    def test_set_up_after_a_copula_is_a_state(self) -> None:
        words = ("which", "webhooks", "are", "set", "up")
        assert join_compounds(words, stative=True) == ("which", "webhooks", "are", "created")
        assert join_compounds(words) == ("which", "webhooks", "are", "create")
        assert join_compounds(("set", "up", "a", "webhook"), stative=True) == ("create", "a", "webhook")

    def test_ranked(self) -> None:
        query = "what fixed asset types are set up in xero"
        assert _first(query) == "xero__get_asset_types"
        # (the sixty-fourth round's ``question_things`` reads the "create" after "are" as the question's thing too)
        assert _first(query, stated_compounds=False, question_things=False) == "xero__create_asset_type"


class TestTitledAdverbs:
    def test_an_adverb_a_description_says(self) -> None:
        query = "permanently delete intercom conversation 9912"
        assert _first(query) == "intercom__delete_conversation"
        assert _first(query, titled_adverbs=False) == "intercom__delete_conversation_attribute"


class TestNamedShortIds:
    def test_after_any_named_thing(self) -> None:
        named = {"overpayment", "a12", "list", "aws"}
        assert is_short_id("9a1", "overpayment", named)
        assert not is_short_id("9a1", "overpayment")  # no names: the kinds' list only
        assert not is_short_id("a12", "overpayment", named)  # a name says it
        assert not is_short_id("a1b2", "list", named)  # after a verb
        assert not is_short_id("ec2", "aws", named)  # one digit: a product's name
        assert is_short_id("9f2", "page")

    def test_ranked(self) -> None:
        # ("9a1", letters between digits, is an id by its shape alone: ``value_shapes``)
        query = "show xero overpayment a91"
        assert _first(query) == "xero__get_overpayment"
        assert {"a", "91"} <= set(rank(_INDEX, query).values)
        assert _first(query, named_short_ids=False) is None  # its "a" and "91" weighed, and no name says them


class TestLooksQuestions:
    def test_how_one_thing_looks(self) -> None:
        asked = "what does jira issue type 10004 look like"
        assert about_thing(asked, looks=True) == "get jira issue type 10004"
        assert about_thing(asked) == asked
        assert about_thing("show me what box folder 77 looks like", looks=True) == "get box folder 77"
        general = "what does a good jira issue look like"  # no one thing named
        assert about_thing(general, looks=True) == general

    def test_ranked(self) -> None:
        query = "what does jira issue type 10004 look like"
        assert _first(query) == "jira__get_issue_type"
        assert _first(query, looks_questions=False) != "jira__get_issue_type"


class TestSaidReferences:
    def test_the_kind_said_before_it(self) -> None:
        request = "approve the suggestion on github issue acme/api#88"
        assert read_references(request, True, said=True) == "approve the suggestion on github issue 88 in acme/api"
        assert "pull request 88" in read_references(request, True)
        assert (
            read_references("approve acme/api#88", True, said=True) == "approve pull request 88 in acme/api on github"
        )

    def test_ranked(self) -> None:
        query = "approve the suggestion on github issue acme/api#88"
        assert _first(query) == "github__issues_approve_suggestion"
        assert _first(query, said_references=False) != "github__issues_approve_suggestion"


class TestTimeEntries:
    def test_time_logged_as_a_time_entry(self) -> None:
        query = "log 2 hours on asana task 1209"
        assert _first(query) == "asana__create_time_tracking_entry"
        assert _first(query, time_entries=False) != "asana__create_time_tracking_entry"


class TestFramingParticiples:
    def test_a_participle_after_a_copula_weighs_nothing(self) -> None:
        query = "which refunds have been made on stripe charge ch_3Mx"
        assert _first(query) == "stripe__get_charges_charge_refunds"
        assert _first(query, framing_participles=False) != "stripe__get_charges_charge_refunds"


class TestAbleWords:
    def test_can_be_assigned_is_assignable(self) -> None:
        assert able_form("assigned") == ("assignable", "assigneable")
        assert "submitable" in able_form("submitted")
        assert as_able("who can be assigned jira issue KAN-4", {"assignable"}) == "who assignable jira issue KAN-4"
        assert as_able("who can be assigned jira issue KAN-4", set()) == "who can be assigned jira issue KAN-4"

    def test_ranked(self) -> None:
        query = "who can be assigned jira issue KAN-4"
        assert _first(query) == "jira__find_assignable_users"
        assert _first(query, able_words=False) != "jira__find_assignable_users"


class TestOrderedMoves:
    def test_a_move_to_an_end_is_a_reorder(self) -> None:
        tools = frozenset(range(len(DOCS)))
        read = reordered(_INDEX, "move the Bug issue type to the top of jira issue type scheme 10010", tools)
        assert read == "reorder the Bug issue type in jira issue type scheme 10010"
        # a name moving the thing is its own
        assert reordered(_INDEX, "move jira version 10020 to the top", tools) == "move jira version 10020 to the top"
        assert reordered(_INDEX, "move box file 5 to folder 9", tools) == "move box file 5 to folder 9"

    def test_ranked(self) -> None:
        query = "move the Bug issue type to the top of jira issue type scheme 10010"
        assert _first(query) == "jira__reorder_issue_types_in_issue_type_scheme"
        assert _first(query, ordered_moves=False) != "jira__reorder_issue_types_in_issue_type_scheme"


class TestHappenedQuestions:
    def test_what_happened_is_the_events(self) -> None:
        tools = frozenset(range(len(DOCS)))
        assert events_asked(_INDEX, "what happened in my stripe account?", tools) == "list events in my stripe account"
        asked = "what's been happening on stripe account acct_1"
        assert events_asked(_INDEX, asked, tools) == "list events on stripe account acct_1"
        assert events_asked(_INDEX, "what happened in my stripe account", frozenset()) == (
            "what happened in my stripe account"  # no name lists events
        )
        going = "what's going on with slack channel C0123"  # its state
        assert events_asked(_INDEX, going, tools) == going

    def test_ranked(self) -> None:
        query = "what happened in my stripe account in the last day"
        assert _first(query) == "stripe__get_events"
        assert _first(query, happened_questions=False) != "stripe__get_events"


class TestConstantValues:
    def test_a_constant_names_no_app_the_org_lacks(self) -> None:
        indexed = {"github": ("GitHub",)}
        assert without_constant_names("delete the AWS_KEY secret in acme/api", indexed) == (
            "delete the   secret in acme/api"
        )
        kept = "make the GITHUB_TOKEN read-only in acme/api"  # the org's app
        assert without_constant_names(kept, indexed) == kept
        assert without_constant_names("SALESFORCE_CREATE_LEAD", indexed) == "SALESFORCE_CREATE_LEAD"  # a guessed name

    def test_ranked(self) -> None:
        docs = [*DOCS, app_doc("github__actions_delete_repo_secret", "GitHub", "Delete a repository secret.")]
        query = "get rid of the AWS_KEY secret in the acme/api repo"
        assert ranked_names(docs, query)[:1] == ["github__actions_delete_repo_secret"]
        assert ranked_names(docs, query, constant_values=False) == []  # AWS: an app the org lacks


class TestWhichHad:
    def test_which_things_a_thing_has(self) -> None:
        asked = "what repos does the acme org have on github"
        assert had_question(asked, which=True) == "list repos of the acme org on github"
        assert had_question(asked) == asked
        one = "what custom fields does asana project 1201 have"  # named by its id: the thing questions'
        assert had_question(one, which=True) == one

    def test_ranked(self) -> None:
        docs = [
            *DOCS,
            app_doc("github__repos_list_for_org", "GitHub", "List organization repositories."),
            app_doc("github__teams_list_repos_in_org", "GitHub", "List team repositories in an organization."),
            app_doc("github__orgs_get", "GitHub", "Get an organization."),
            app_doc("github__actions_list_selected_repos_for_org_secret", "GitHub", "List selected repositories."),
            app_doc("github__actions_list_selected_repos_for_org_variable", "GitHub", "List selected repositories."),
            app_doc("github__repos_get", "GitHub", "Get a repository."),
            app_doc("github__repos_delete", "GitHub", "Delete a repository."),
        ]
        query = "what repos does the acme org have on github"
        assert ranked_names(docs, query)[:1] == ["github__repos_list_for_org"]
        # read as their list: the list's verb, which the question had not said
        assert "list" in rank(SearchIndex.build(docs), query).query_tokens
        assert "list" not in rank(SearchIndex.build(docs, without(which_had=False)), query).query_tokens


class TestBelongedQuestions:
    def test_which_things_another_belongs_to(self) -> None:
        asked = "which teams does asana user 1201 belong to"
        assert related_things(asked, belonged=True) == "list teams for asana user 1201"
        assert related_things(asked) == asked
        one = "which customer does stripe invoice in_55 belong to"  # one thing: the invoice's field
        assert related_things(one, belonged=True) == one
        person = "which orgs does octocat belong to on github"
        assert related_things(person, belonged=True) == "list orgs for user 'octocat' on github"
        mine = "which teams do I belong to in asana"  # the caller's: ``held_questions``
        assert related_things(mine, belonged=True) == mine

    def test_ranked(self) -> None:
        docs = [
            *DOCS,
            app_doc("asana__get_teams_for_user", "Asana", "Get teams for a user."),
            app_doc("asana__get_users_for_team", "Asana", "Get users in a team."),
        ]
        query = "which teams does asana user 1201 belong to"
        assert ranked_names(docs, query)[:1] == ["asana__get_teams_for_user"]
        assert ranked_names(docs, query, belonged_questions=False)[:1] != ["asana__get_teams_for_user"]


class TestSlangAndForms:
    def test_slang(self) -> None:
        def unnamed(word: str) -> bool:
            return False

        assert plain_verb("clear github actions cache 9012", unnamed) == "delete github actions cache 9012"
        assert plain_verb("upsert credit notes in xero", unnamed) == "update credit notes in xero"
        assert plain_verb("register a webhook in stripe", unnamed) == "create a webhook in stripe"
        assert plain_verb("point box webhook 77 at https://acme.com/hook", unnamed) == (
            "update box webhook 77 at https://acme.com/hook"
        )
        assert plain_verb("register dynamic webhooks", lambda word: word == "register") == "register dynamic webhooks"
        assert (
            plain_verb("take acme.com off box's allowed domains", unnamed)
            == "remove acme.com from box's allowed domains"
        )
        assert plain_verb("take 10% off xero invoice INV-3", unnamed) == "take 10% off xero invoice INV-3"  # an amount
        assert plain_verb("clear the sheet", lambda word: word == "clear") == "clear the sheet"  # a name's own word

    def test_plural_forms(self) -> None:
        assert is_plural("people") and singular("people") == "person"
        assert singular("statuses") == "status" and singular("aliases") == "alias"
        assert singular("causes") == "cause" and singular("releases") == "release"
