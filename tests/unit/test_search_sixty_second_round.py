"""Issue 13's sixty-second round: one shuts a thing down as one stops it (a phrase of two words
opening the request, ``slang_verbs``); a requirement one stops is removed ("stop requiring signed
commits"); a plain name after its kind ends before the role it is given ("in github org *acme* as
a maintainer", ``lowercase_names``)."""

from __future__ import annotations

from cardamom.core.search.argument_values import read_values
from cardamom.core.search.slang_verbs import plain_verb
from cardamom.core.search.value_words import plain_name_after_kind
from tests.unit.search_documents import app_doc, shipped_names

POOL = [
    app_doc(
        "github__codespaces_stop_for_authenticated_user",
        "GitHub",
        "Stops a user's codespace. OAuth app tokens and personal access tokens need the codespace scope.",
    ),
    app_doc("github__codespaces_start_for_authenticated_user", "GitHub", "Starts a user's codespace."),
    app_doc("github__codespaces_list_for_authenticated_user", "GitHub", "Lists the authenticated user's codespaces."),
    app_doc(
        "github__repos_delete_commit_signature_protection",
        "GitHub",
        "Delete commit signature protection. When authenticated with admin or owner permissions to the repository, "
        "you can disable required signature commits on a branch.",
    ),
    app_doc(
        "github__repos_create_commit_signature_protection",
        "GitHub",
        "Create commit signature protection. When authenticated with admin or owner permissions to the repository, "
        "you can enable required signature commits on a branch.",
    ),
    app_doc("github__repos_get_branch", "GitHub", "Get a branch."),
    app_doc("github__teams_list_members_in_org", "GitHub", "Team members will include the members of child teams."),
    app_doc("github__orgs_list_members", "GitHub", "List all users who are members of an organization."),
]


def _nothing(word: str) -> bool:
    return False


class TestShutDown:
    def test_shutting_down_or_off_is_stopping(self) -> None:
        assert plain_verb("shut down my running codespace on GitHub", _nothing) == "stop my running codespace on GitHub"
        assert plain_verb("please shut off droplet 5", _nothing) == "please stop droplet 5"

    def test_an_app_saying_shut_keeps_its_word(self) -> None:
        assert plain_verb("shut down droplet 5", lambda word: word == "shut") == "shut down droplet 5"

    def test_the_request_finds_the_stop(self) -> None:
        query = "Shut down my running codespace 'fuzzy-potato-9x7' on GitHub"
        assert shipped_names(POOL, query)[:1] == ["github__codespaces_stop_for_authenticated_user"]


class TestEndedRequirements:
    def test_a_requirement_stopped_is_removed(self) -> None:
        named_stop = lambda word: word == "stop"  # noqa: E731 (GitHub's codespaces stop: an app's own word)
        assert plain_verb("Stop requiring signed commits on main", named_stop) == (
            "remove the requirement for signed commits on main"
        )
        assert plain_verb("please no longer enforce branch protection for admins", named_stop) == (
            "please remove the enforcement of branch protection for admins"
        )
        assert plain_verb("stop the codespace", named_stop) == "stop the codespace"

    def test_the_request_finds_the_removal(self) -> None:
        query = "Stop requiring signed commits on the main branch of acme/api in GitHub"
        assert shipped_names(POOL, query)[:1] == ["github__repos_delete_commit_signature_protection"]
        assert shipped_names(POOL, query, slang_verbs=False)[:1] != ["github__repos_delete_commit_signature_protection"]


class TestNameBeforeItsRole:
    def test_a_plain_name_after_its_kind_ends_before_as(self) -> None:
        assert plain_name_after_kind("acme", ["in", "github", "org"], "as")
        assert not plain_name_after_kind("acme", ["in", "github", "org"], "members")  # a compound goes on

    def test_the_name_is_a_topic_of_the_request(self) -> None:
        # a topic: a value where no name of the app carries it, as "org acme" at the request's end
        assert "acme" in read_values("add octocat to the backend team in GitHub org acme as a maintainer").topics
        assert "acme" in read_values("add octocat to the backend team in GitHub org acme").topics
