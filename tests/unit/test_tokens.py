"""The one tokenizer every search field and every query goes through."""

from __future__ import annotations

import pytest

from cardamom.core.search.tokens import DESCRIPTION_STOP_WORDS, description_tokens, tokenize, unique


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("list_all_users", ["list", "all", "users"]),
        ("list-all-users", ["list", "all", "users"]),
        ("list.all.users", ["list", "all", "users"]),
        ("list all users", ["list", "all", "users"]),
        ("  list__all--users..  ", ["list", "all", "users"]),
        ("list_all-users.now later", ["list", "all", "users", "now", "later"]),
        ("notion-legal__list_all_users", ["notion", "legal", "list", "all", "users"]),
        ("a/b:c,d(e)", ["a", "b", "c", "d", "e"]),
    ],
)
def test_splits_on_separators(text: str, expected: list[str]) -> None:
    assert tokenize(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("listAllUsers", ["list", "all", "users"]),
        ("ListAllUsers", ["list", "all", "users"]),
        ("HTTPServer", ["http", "server"]),
        ("getURLForUser", ["get", "url", "for", "user"]),
        ("parseJSON", ["parse", "json"]),
        ("URL", ["url"]),
        ("simple", ["simple"]),
    ],
)
def test_splits_camel_case(text: str, expected: list[str]) -> None:
    assert tokenize(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("v2", ["v", "2"]),
        ("oauth2Token", ["oauth", "2", "token"]),
        ("2FA", ["2", "fa"]),
        ("HTTP2Server", ["http", "2", "server"]),
        ("getV2Users", ["get", "v", "2", "users"]),
        ("page123abc", ["page", "123", "abc"]),
        ("2024", ["2024"]),
    ],
)
def test_splits_letter_digit_boundaries(text: str, expected: list[str]) -> None:
    assert tokenize(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ｌｉｓｔＡｌｌＵｓｅｒｓ", ["list", "all", "users"]),  # full-width letters
        ("ＨＴＴＰ", ["http"]),
        ("ﬁle", ["file"]),  # the 'fi' ligature
        ("ﬁle_ﬂow", ["file", "flow"]),
        ("v²", ["v", "2"]),  # superscript two normalises to a digit
        ("①", ["1"]),
        ("№5", ["no", "5"]),  # a symbol that normalises to letters is split like letters
        ("℡", ["tel"]),
        ("getⅫ", ["get", "xii"]),
    ],
)
def test_normalises_nfkc_before_splitting(text: str, expected: list[str]) -> None:
    assert tokenize(text) == expected


def test_normalised_forms_match_plain_forms() -> None:
    assert tokenize("ｌｉｓｔ＿ａｌｌ") == tokenize("list_all")
    assert tokenize("ﬁnd") == tokenize("find")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Straße", ["strasse"]),
        ("STRASSE", ["strasse"]),
        ("ΣΊΣΥΦΟΣ", ["σίσυφοσ"]),
        ("σίσυφος", ["σίσυφοσ"]),  # final sigma folds like the capital
        ("LIST", ["list"]),
    ],
)
def test_case_folds(text: str, expected: list[str]) -> None:
    assert tokenize(text) == expected


def test_case_folding_makes_spellings_meet() -> None:
    assert tokenize("Straße") == tokenize("STRASSE") == tokenize("strasse")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("東京タワー", ["東京タワー"]),  # a caseless run stays one token
        ("東京 タワー", ["東京", "タワー"]),
        ("東京Tower", ["東京", "tower"]),
        ("東京API", ["東京", "api"]),
        ("東京_list", ["東京", "list"]),
        ("東京2", ["東京", "2"]),
        ("สวัสดี", ["สวัสดี"]),  # Thai with combining vowel marks stays whole
    ],
)
def test_caseless_scripts(text: str, expected: list[str]) -> None:
    assert tokenize(text) == expected


def test_decomposed_accent_stays_with_its_letter() -> None:
    decomposed = "cafe\u0301"
    assert tokenize(decomposed) == ["café"]
    assert tokenize(decomposed) == tokenize("café")


@pytest.mark.parametrize("text", ["", "   ", "___", "-.-", "!?"])
def test_no_letters_no_tokens(text: str) -> None:
    assert tokenize(text) == []


def test_duplicates_are_kept_in_order() -> None:
    assert tokenize("list list_List") == ["list", "list", "list"]


def test_unique_keeps_first_seen_order() -> None:
    assert unique(["b", "a", "b", "c", "a"]) == ("b", "a", "c")


def test_stop_words_are_the_documented_four() -> None:
    assert frozenset({"set", "connection", "frozen", "more"}) == DESCRIPTION_STOP_WORDS


@pytest.mark.parametrize("word", ["set", "connection", "frozen", "more", "Set", "CONNECTION", "Frozen", "MORE"])
def test_description_tokens_drop_stop_words(word: str) -> None:
    assert description_tokens(f"{word} pages") == frozenset({"pages"})


def test_tokenize_keeps_stop_words() -> None:
    assert tokenize("set connection frozen more") == ["set", "connection", "frozen", "more"]


def test_description_tokens_of_frozen_scaffolding_keep_only_the_values() -> None:
    text = "List users. Frozen parameters set on this connection: workspace=legal; more below."
    tokens = description_tokens(text)
    assert tokens == frozenset({"list", "users", "parameters", "on", "this", "workspace", "legal", "below"})
    assert tokens.isdisjoint(DESCRIPTION_STOP_WORDS)


def test_description_tokens_only_drop_whole_tokens() -> None:
    # Longer words that merely start with a stop word are not stop words.
    assert description_tokens("settings connections moreover") == frozenset({"settings", "connections", "moreover"})


def test_description_tokens_split_like_tokenize() -> None:
    assert description_tokens("getURLForUser v2 Straße") == frozenset(
        {"get", "url", "for", "user", "v", "2", "strasse"}
    )
