"""Issue 13's fifty-eighth round: a word a request writes whole is a word of the names writing its
two parts side by side (``fused_names``); a past participle placing the things a request acts on
is no action on them (``placed_participles``)."""

from __future__ import annotations

from cardamom.core.search import SearchIndex
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.fused_names import fused_carriers
from tests.unit.search_documents import app_doc, shipped_names

CALCOM = [
    app_doc("cal_com__o_auth_clients_controller_get_o_auth_clients", "Cal.com", "Get all clients."),
    app_doc("cal_com__o_auth_client_users_controller_get_managed_users", "Cal.com", "Get all managed users."),
    app_doc(
        "cal_com__o_auth_client_users_controller_force_refresh",
        "Cal.com",
        "If you have lost managed user access or refresh token, get new ones with the OAuth client's credentials.",
    ),
    app_doc("cal_com__bookings_controller_get_bookings", "Cal.com", "Get all bookings."),
    app_doc("able_style_fashion__able_style", "Able Style", "Fashion advice and outfit ideas."),
    app_doc("github__issues_create_comment", "GitHub", "Create an issue comment."),
]
GITHUB = [
    app_doc("github__repos_list_commit_statuses_for_ref", "GitHub", "List commit statuses for a reference."),
    app_doc("github__repos_add_status_check_contexts", "GitHub", "Add status check contexts to a protected branch."),
    app_doc("github__repos_get_branch", "GitHub", "Get a branch."),
    app_doc("github__issues_list_comments", "GitHub", "List issue comments."),
    app_doc("github__issues_get", "GitHub", "Get an issue."),
    app_doc("box__get_folders_id_items", "Box", "List items in folder."),
    app_doc("box__post_files_content", "Box", "Upload file. Uploads a small file to Box."),
    app_doc("box__get_files_upload_sessions_id", "Box", "Get upload session."),
]


class TestFusedNames:
    def test_the_tools_whose_names_write_the_word_in_two(self) -> None:
        index = SearchIndex.build(CALCOM)
        names = [index.documents[d].name for d in fused_carriers("oauth", index.name_postings, index.documents)]
        assert sorted(names) == [
            "cal_com__o_auth_client_users_controller_force_refresh",
            "cal_com__o_auth_client_users_controller_get_managed_users",
            "cal_com__o_auth_clients_controller_get_o_auth_clients",
        ]

    def test_no_word_across_the_account_nor_a_verb_run_into_its_thing(self) -> None:
        index = SearchIndex.build(CALCOM)
        # "able-style-fashion__able_style": "fashion" ends the account, "able" opens the name
        assert fused_carriers("fashionable", index.name_postings, index.documents) == frozenset()
        # "createcomment": a request run together, read as its two words (``word_forms``), no name's word
        assert fused_carriers("createcomment", index.name_postings, index.documents) == frozenset()
        assert fused_carriers("auth", index.name_postings, index.documents) == frozenset()  # (too short to part)

    def test_the_request_finds_the_tool_the_name_says_it_in_two(self) -> None:
        query = "list the cal.com oauth clients"
        assert shipped_names(CALCOM, query)[:1] == ["cal_com__o_auth_clients_controller_get_o_auth_clients"]
        # written whole, "oauth" met only the description saying it: the refresh first
        off = shipped_names(CALCOM, query, fused_names=False)
        assert off[:1] != ["cal_com__o_auth_clients_controller_get_o_auth_clients"]


class TestPlacedParticiples:
    def test_a_participle_before_a_place_named_by_kind_or_id_is_a_value(self) -> None:
        assert "left" in read_values("list comments left on github issue 42 in acme/web").values
        assert "uploaded" in read_values("list the files uploaded to box folder 5521 last week").values
        assert "mapped" in read_values("remove issue types mapped to workflow 'Bug Flow'").values
        assert "posted" in read_values("list every CI status posted on branch main").values
        assert "left" not in read_values("list comments left on github issue 42", located=False).values

    def test_no_verb_of_the_request_nor_a_place_no_kind_or_id_names(self) -> None:
        assert "posted" not in read_values("I have posted on github issue 42").values  # the request's own verb
        assert "banned" not in read_values("which cards are banned in the Standard format").values
        assert "encoded" not in read_values("make a QR code with my address encoded in it").values
        assert "run" not in read_values("list the workflow run on branch main").values  # a thing
        assert "sent" not in read_values("list twilio messages sent to +15551112222", tags=False).values  # whom to

    def test_the_things_listed_come_first_not_an_action_the_participle_says(self) -> None:
        query = "list every status posted on branch main of github repo acme/web"
        assert shipped_names(GITHUB, query)[:1] == ["github__repos_list_commit_statuses_for_ref"]
        assert shipped_names(GITHUB, query, placed_participles=False)[:1] != [
            "github__repos_list_commit_statuses_for_ref"
        ]
        query = "list the files uploaded to box folder 5521"
        assert shipped_names(GITHUB, query)[:1] == ["box__get_folders_id_items"]
        assert shipped_names(GITHUB, query, placed_participles=False)[:1] != ["box__get_folders_id_items"]
