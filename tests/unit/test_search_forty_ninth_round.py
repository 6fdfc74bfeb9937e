"""Issue 13's forty-ninth round: a tool's parameters in the ranking. Among equal scores, the tool
taking the things a request gives ids for (``parameter_fit``: its path's parameters and required
arguments, ``parameter_paths``; the request's things, ``given_ids``); a repository's slug implies
the one app whose tools take repositories (``slug_apps``); a name's head read after a path's
method (``head_nouns.name_head``)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cardamom.core.naming import advertised_name
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.pool import PoolTool
from cardamom.core.search import SearchDocument, SearchIndex, rank, shortened_names
from cardamom.core.search.given_ids import says_repository, valued_things
from cardamom.core.search.head_nouns import name_head
from cardamom.core.search.parameter_fit import fitted
from cardamom.core.search.parameter_paths import parameter_things
from cardamom.core.search.postings import own_name_size, own_name_words
from cardamom.core.search.prefixed_ids import kinded_ids
from cardamom.core.search.query import analyse_query
from cardamom.core.search.search_text import search_document
from cardamom.core.search.shortened_names import remember_whole_name, whole_name
from cardamom.core.search.tokens import tokenize
from cardamom.core.snapshot import build_snapshot
from cardamom.core.snapshot_codec import decode_snapshot, encode_snapshot
from tests.unit.search_documents import app_doc, without


def _taking(doc: SearchDocument, *things: str) -> SearchDocument:
    return dataclasses.replace(doc, parameters=frozenset(things))


DOCS = [
    app_doc("asana__get_team_memberships", "Asana", "Get team memberships."),
    _taking(app_doc("asana__get_team_memberships_for_team", "Asana", "Get memberships from a team."), "team"),
    _taking(app_doc("asana__get_team_memberships_for_user", "Asana", "Get memberships from a user."), "user"),
    app_doc("box__post_group_memberships", "Box", "Add user to group."),
    _taking(app_doc("box__put_group_memberships_id", "Box", "Update group membership."), "membership"),
    _taking(app_doc("jira__get_project_role", "Jira", "Returns a project role's actors."), "project", "role"),
    _taking(app_doc("jira__get_project_role_by_id", "Jira", "Returns the project role's details."), "role"),
    app_doc("stripe__post_credit_notes", "Stripe", "Issue a credit note."),
    _taking(app_doc("stripe__post_customers_customer_cards", "Stripe", "Create a card."), "customer"),
    _taking(app_doc("stripe__get_treasury_inbound_transfers_id", "Stripe", "Retrieve an InboundTransfer."), "transfer"),
    _taking(
        app_doc("stripe__get_treasury_outbound_transfers_outbound_transfer", "Stripe", "Retrieve an OutboundTransfer."),
        "transfer",
    ),
    app_doc("stripe__get_treasury_outbound_transfers", "Stripe", "List OutboundTransfers."),
]
_INDEX = SearchIndex.build(DOCS)


def _names(query: str, documents: list[SearchDocument] = DOCS, **switches: bool) -> list[str]:
    index = SearchIndex.build(documents, without(**switches)) if switches else _INDEX
    return [h.name for h in rank(index, query).hits]


class TestParameterThings:
    def test_a_paths_parameters(self) -> None:
        assert parameter_things("/teams/{team_gid}/team_memberships", {}) == {"team"}
        # an ``id`` names the segment before it; a parameter of two words, its last
        found = parameter_things("/v1/customers/{customer}/bank_accounts/{id}", {})
        assert found == {"customer", "account"}
        assert parameter_things("/rest/api/3/issue/{issueIdOrKey}/worklog/{id}", {}) == {"issu", "worklog"}
        assert parameter_things("/2010-04-01/Accounts/{AccountSid}/Recordings/{Sid}.json", {}) == {"account", "record"}
        assert parameter_things("/v1/subscriptions/{subscription_exposed_id}/discount", {}) == {"subscription"}

    def test_a_schemas_required_arguments_and_never_a_frozen_one(self) -> None:
        schema: dict[str, Any] = {"type": "object", "required": ["owner", "repo", "issue_number"]}
        assert parameter_things("", schema) == {"owner", "repo", "issu"}
        assert parameter_things("/repos/{owner}/{repo}", {}, frozen=("owner",)) == {"repo"}
        assert parameter_things("", {"required": "owner"}) == frozenset()  # no list: nothing read

    def test_a_snapshots_document_carries_them(self) -> None:
        tool = PoolTool(
            name="github__issues_get",
            account="github",
            connector="github",
            tool="issues_get",
            description="Get an issue.",
            input_schema={"type": "object", "required": ["owner", "repo", "issue_number"]},
            classification="read",
            method="GET",
            path="/repos/{owner}/{repo}/issues/{issue_number}",
            target=None,
            arguments_in={},
            frozen={"owner": "acme"},
        )
        assert search_document(tool, "GitHub").parameters == {"repo", "issu"}


class TestGivenIds:
    @staticmethod
    def _given(query: str) -> tuple[tuple[frozenset[str], ...], bool]:
        analysis = analyse_query(query, without())
        return analysis.id_things, analysis.unnamed_ids

    def test_things_named_before_an_id(self) -> None:
        things, unnamed = self._given("list memberships of asana team 77")
        assert len(things) == 1 and "team" in things[0] and not unnamed
        things, _ = self._given("get comments on jira ticket KAN-5")
        assert any("issu" in t for t in things)  # a ticket is an issue too
        things, _ = self._given("force cancel workflow run 88 in acme/api")
        assert {"owner"} in things and any({"repo", "repositori"} <= t for t in things)  # its id too

    def test_no_id_no_thing(self) -> None:
        assert self._given("stripe customers created in the past week") == ((), False)
        assert (
            self._given('comment "deployed to staging" on jira issue KAN-12')[0]
            == (self._given("get jira issue KAN-12")[0])
        )  # the verb opening the request names no thing
        assert self._given("have twilio ring +15551234567") == ((), False)  # a phone number

    def test_an_id_of_an_unsaid_thing(self) -> None:
        assert self._given("get the shield information barrier for 2981504 on box")[1]

    def test_read_from_the_words_in_order(self) -> None:
        words = tuple(tokenize("get membership 12 of team 5"))
        things, unnamed = valued_things(words, frozenset({"12", "5"}), "get membership 12 of team 5")
        assert [("membership" in t, "team" in t) for t in things] == [(True, False), (False, True)] and not unnamed


class TestParameterFit:
    def test_the_tool_taking_the_things_given(self) -> None:
        query = "list memberships of asana team 77"
        assert _names(query)[0] == "asana__get_team_memberships_for_team"
        assert _names(query, parameter_fit=False)[0] == "asana__get_team_memberships"
        assert _names("make bob an admin of box group membership 4410")[0] == "box__put_group_memberships_id"

    def test_fewer_things_the_request_does_not_give(self) -> None:
        assert _names("jira: show project role 10002")[0] == "jira__get_project_role_by_id"
        assert _names("jira: show project role 10002 of project 10000")[0] == "jira__get_project_role"

    def test_only_among_tools_covering_the_same_words(self) -> None:
        # "add a $25 credit to stripe customer cus_1": the card's tool takes the customer, and
        # covers less of the request than the credit note's at the same score (the written
        # requests' workspace finds ``post_credit_notes`` first, ``tests/bench``)
        notes, cards = 7, 8  # (positions in DOCS)
        things = (frozenset({"customer"}),)
        even = fitted(_INDEX, [(notes, 9, 1, 4.0, 0.0, 0, 1, 0), (cards, 9, 1, 4.0, 0.0, 0, 1, 0)], things)
        assert [c[7] for c in even] == [7, 15]  # fewer unfilled below, the customer's taker above
        uneven = fitted(_INDEX, [(notes, 9, 1, 4.5, 0.0, 0, 1, 0), (cards, 9, 1, 3.7, 0.0, 0, 1, 0)], things)
        assert [c[7] for c in uneven] == [0, 0]
        assert fitted(_INDEX, uneven, ()) == uneven


class TestNameHeads:
    def test_a_plural_action_after_a_paths_method_is_a_thing(self) -> None:
        assert name_head("stripe__get_treasury_outbound_transfers").head == "transfer"
        assert name_head("jira__quick_filters").head == "quick"  # no method: maybe a verb read backwards

    def test_a_parameter_of_two_words_repeats_its_kind(self) -> None:
        read = name_head("stripe__get_treasury_outbound_transfers_outbound_transfer")
        assert (read.head, read.modifiers, read.item) == ("transfer", {"treasuri", "outbound"}, True)
        assert not name_head("github__packages_restore_package_for_org").item

    def test_ranked(self) -> None:
        query = "retrieve stripe outbound transfer obt_1Mx"
        assert _names(query)[0] == "stripe__get_treasury_outbound_transfers_outbound_transfer"


_REPOSITORIES = [
    _taking(app_doc("github__actions_force_cancel_workflow_run", "GitHub", "Force cancel a run."), "owner", "repo"),
    _taking(app_doc("github__actions_list_workflow_runs", "GitHub", "List workflow runs."), "owner", "repo"),
    # a pipeline's "workflow run" too: the words imply no app (``implied_app``)
    _taking(app_doc("gitlab__force_cancel_workflow_run", "GitLab", "Force cancel a run."), "project", "pipeline"),
    app_doc("box__get_folders_id", "Box", "Get information about a folder."),
]


class TestSlugApps:
    def test_a_slug_implies_the_app_taking_repositories(self) -> None:
        query = "force cancel workflow run 8812 in acme/api"
        assert _names(query, _REPOSITORIES, parameter_fit=True)[0] == "github__actions_force_cancel_workflow_run"
        assert _names(query, _REPOSITORIES, slug_apps=False) == []
        assert _names("force cancel workflow run 8812", _REPOSITORIES, parameter_fit=True) == []  # no slug

    def test_two_apps_taking_repositories_imply_none(self) -> None:
        also = _taking(_REPOSITORIES[2], "owner", "repo")
        query = "force cancel workflow run 8812 in acme/api"
        assert _names(query, [*_REPOSITORIES[:2], also, _REPOSITORIES[3]], parameter_fit=True) == []

    def test_no_slug_no_app(self) -> None:
        assert _names("what is 3/4 of 100", _REPOSITORIES, parameter_fit=True) == []
        assert _names("cancel the run dated 12/05", _REPOSITORIES, parameter_fit=True) == []

    def test_a_slug_after_the_words_implied_an_app_with_nothing(self) -> None:
        # "hook 12" is a thing only Twilio's names say, and Twilio has nothing for the request
        documents = [
            _taking(
                app_doc("github__repos_redeliver_webhook_delivery", "GitHub", "Redeliver a delivery for a webhook."),
                *("owner", "repo", "hook", "deliveri"),
            ),
            _taking(app_doc("github__repos_list_webhook_deliveries", "GitHub", "List deliveries."), "owner", "repo"),
            app_doc("twilio__fetch_hook", "Twilio", "Fetch a hook."),
            app_doc("twilio__fetch_call", "Twilio", "Fetch a call."),
            app_doc("box__get_folders_id", "Box", "Get a folder."),
        ]
        query = "redeliver webhook delivery 991 of hook 12"
        assert _names(f"{query} in acme/api", documents, parameter_fit=True) == [
            "github__repos_redeliver_webhook_delivery"
        ]
        assert _names(query, documents, parameter_fit=True) == []
        assert _names(f"{query} in acme/api", documents, slug_apps=False) == []


class TestPrefixedKinds:
    def test_a_kind_its_prefix_starts_though_a_verb_too(self) -> None:
        documents = [
            app_doc("stripe__get_transfers_transfer", "Stripe", "Retrieves a transfer."),
            app_doc("stripe__post_transfers_id_reversals", "Stripe", "Reverses a transfer."),
            app_doc("stripe__get_terminal_readers_reader", "Stripe", "Retrieves a reader."),
            app_doc("stripe__post_terminal_readers_reader", "Stripe", "Updates a reader."),
        ]
        index = SearchIndex.build(documents)
        assert kinded_ids(index, "reverse $50 of transfer tr_1Mx", ["Stripe"]) == "reverse $50 of transfer tr_1Mx"
        assert kinded_ids(index, "get tr_1Mx", ["Stripe"]) == "get terminal reader tr_1Mx"


class TestShortenedNames:
    def test_a_shortened_names_readings_read_its_whole_name(self) -> None:
        tool = "post_treasury_outbound_transfers_outbound_transfer_cancel"
        advertised = advertised_name("stripe", tool)
        assert len(advertised) == 64 and not advertised.endswith("cancel")
        remember_whole_name(advertised, "stripe", tool)
        assert whole_name(advertised) == f"stripe__{tool}"
        assert own_name_words(advertised)[-1] == "cancel"
        assert name_head(advertised).head == "transfer"
        assert whole_name("stripe__get_charges") == "stripe__get_charges"  # not shortened
        # the tie order's name size stays the advertised name's
        assert own_name_size(advertised) == len(set(tokenize(advertised.split("__", 1)[1])))

    def test_a_snapshot_remembers_them(self) -> None:
        tool = "codespaces_remove_repository_for_secret_for_authenticated_user_in_a_long_name"
        advertised = advertised_name("github-acme", tool)
        pool_tool = PoolTool(
            name=advertised,
            account="github-acme",
            connector="github",
            tool=tool,
            description="Remove a repository from a secret.",
            input_schema={"type": "object"},
            classification="write",
            method="DELETE",
            path="/user/codespaces/secrets/{secret_name}/repositories/{repository_id}",
            target=None,
            arguments_in={},
            frozen={},
        )
        search_document(pool_tool, "GitHub")
        assert whole_name(advertised) == f"github-acme__{tool}"

    def test_a_decoded_snapshot_remembers_them(self, monkeypatch: pytest.MonkeyPatch) -> None:
        tool = "remove_the_selected_repository_from_an_organization_secret"
        org = parse_org_definition(
            "org: acme\n"
            "connectors:\n"
            "  - id: gh\n"
            "    label: GitHub\n"
            "    base_url: https://api.example.com\n"
            "    auth: {type: bearer}\n"
            "    tools:\n"
            f"      - name: {tool}\n"
            "        description: Remove a repository from a secret.\n"
            "        method: DELETE\n"
            "        path: /orgs/{org}/secrets/{secret_name}/repositories/{repository_id}\n"
            "connections:\n"
            "  - account: github\n"
            "    connector: gh\n"
            "    credentials: {token_env: GH_TOKEN}\n",
            "org.yaml",
        )
        blob = encode_snapshot(build_snapshot(org, 1))
        monkeypatch.setattr(shortened_names, "_WHOLE", {})  # as a fresh Lambda, which decodes only
        snapshot = decode_snapshot(blob)
        advertised = snapshot.index.documents[0].name
        assert advertised != f"github__{tool}" and whole_name(advertised) == f"github__{tool}"
        assert snapshot.index.parameter_things[0] == {"org", "secret", "repositori"}


class TestRepositorySlugs:
    def test_an_owner_and_name_not_a_pair_of_words(self) -> None:
        assert says_repository("force cancel workflow run 88 in acme/api")
        assert says_repository("get the README of octocat/hello-world")
        for query in ("list issues and/or PRs", "give read/write access", "labels w/o owners", "3/4 of 100"):
            assert not says_repository(query), query
        assert not says_repository("save https://acme.com/spec in box")
