"""Unmet searches, summarised: the words that may be kept, and what admins are shown."""

from __future__ import annotations

from cardamom.core.insights import UnmetSearch, recordable_words, summarize


def test_only_word_shaped_words_outside_the_values_are_kept() -> None:
    words = ["Gmail", "ticket", "4242", "bob@acme.com", "x", "follow-up", "café", "ab12", "a" * 40, "gmail", "maria"]
    assert recordable_words(words, values=["maria"]) == ("gmail", "ticket", "follow-up", "café")
    assert len(recordable_words([f"word{c}" for c in "abcdefghijkl"] + [c * 3 for c in "abcdefghijkl"])) == 8


def record(i: int, member: str, reason: str, day: int = 29, **fields: tuple[str, ...]) -> UnmetSearch:
    return UnmetSearch(
        "acme",
        f"u{i}",
        f"2026-11-{day:02d}T12:00:{i:02d}+00:00",
        member,
        "sales" if member.startswith("s") else "member",
        reason,  # type: ignore[arg-type]
        **fields,
    )


def test_summaries_rank_items_by_how_many_members_asked() -> None:
    records = [
        record(1, "ann", "app_not_connected", apps=("Gmail",), words=("gmail",)),
        record(2, "ann", "app_not_connected", apps=("Jira",)),
        record(3, "ann", "app_not_connected", apps=("Jira",)),
        record(4, "bob", "app_not_connected", day=30, apps=("Gmail",)),
        record(5, "sue", "restricted_only", day=30, restricted_tools=("slack__post_message",)),
        record(
            6, "sam", "app_without_usable_tools", day=30, apps=("Slack",), restricted_tools=("slack__post_message",)
        ),
        record(7, "bob", "words_uncovered", day=30, words=("ticket", "gmail")),
        UnmetSearch("globex", "g1", "2026-11-30T00:00:00+00:00", "eve", "member", "app_not_connected", apps=("Gmail",)),
    ]
    found = summarize("acme", records, top=10)
    assert (found.searches, found.members) == (7, 4)
    assert found.reasons == {
        "app_not_connected": 4,
        "app_without_usable_tools": 1,
        "restricted_only": 1,
        "words_uncovered": 1,
    }
    # Gmail: 2 searches by 2 members beats Jira: 2 searches by 1 member.
    assert [(i.name, i.count, i.members) for i in found.unconnected_apps] == [("Gmail", 2, 2), ("Jira", 2, 1)]
    assert found.unconnected_apps[0].last_at == "2026-11-30T12:00:04+00:00"
    assert [(i.name, i.members) for i in found.unusable_apps] == [("Slack", 1)]
    assert [(i.name, i.count, i.members) for i in found.uncovered_words] == [("gmail", 2, 2), ("ticket", 1, 1)]
    assert [(i.name, i.role, i.members) for i in found.restricted_tools] == [("slack__post_message", "sales", 2)]
    assert [(d.day, d.searches, d.members) for d in found.per_day] == [("2026-11-29", 3, 1), ("2026-11-30", 4, 3)]
    assert summarize("acme", records, since="2026-11-30").searches == 4
    assert len(summarize("acme", records, top=1).unconnected_apps) == 1
    as_dict = found.as_dict()
    assert as_dict["restricted_tools"][0] == {
        "name": "slack__post_message",
        "searches": 2,
        "members": 2,
        "role": "sales",
        "last_at": "2026-11-30T12:00:06+00:00",
    }
