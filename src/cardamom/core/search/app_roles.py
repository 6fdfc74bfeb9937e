"""The part an app plays in a request naming two: the place it acts in, or what it acts on.

A request moving a thing between apps names both, but acts in one: "create a jira issue *from
this slack message*" creates in Jira (Slack's message is its source), "post the latest *stripe*
revenue *to slack*" posts in Slack (Stripe's revenue is the message). Ranked over both apps'
tools, the source's words pull in its own tools (Slack's ``chat_post_message`` for "message",
Stripe's ``post_*`` names for "post"); read as the request's values, they leave it to the app it
acts in (``sent_to_apps``).
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.attached_files import attached_words
from cardamom.core.search.options import SearchOptions
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import ARTICLES, QUERY_FILLER_WORDS

# Verbs sending a thing to a place or a person ("*post* the release notes to #announcements")
SENDING = frozenset({"post", "send", "share", "forward", "broadcast"})
# Verbs that are a message's kind too after an article ("post *an update* in #releases", "send
# *a reply* to ..."): a thing sent, not the request's action (``posted_updates``)
MESSAGE_NOUNS = frozenset({"update", "updates", "reply", "post"})
_LONGEST_POSTED = 4  # words of a thing posted "in" a place: "post *the standup summary* in #eng"
# the words between "from" and the app its thing comes from ("from *this* slack message")
_POINTING = ARTICLES | {"this", "that", "these", "those", "my", "our", "their", "its"}
# the words ending the source's thing ("from the slack message *and* assign it to me")
_ENDS = frozenset({"and", "then", "to", "into", "in", "on", "for", "with", "as"})
# the words naming an app as a means, not a thing of it ("from the Google News *API tool*")
_MEANS = frozenset({"tool", "tools", "api", "apis", "service", "app", "integration", "endpoint", "platform", "sdk"})


def things_sent(
    sequence: tuple[str, ...], values: frozenset[str], apps: Container[str], options: SearchOptions
) -> frozenset[str]:
    """What a request sends (``sent_things``) or, where it opens with an attaching verb, the
    words describing the file it uploads or attaches (``attached_files``)."""
    sent = (
        sent_words(sequence, values, apps, options.sent_to_apps, options.posted_in, options.posted_updates)
        if options.sent_things
        else frozenset()
    )
    return sent | attached_words(sequence, values, apps) if options.attached_files else sent


def sent_words(
    sequence: tuple[str, ...],
    values: frozenset[str],
    apps: Container[str],
    to_apps: bool = False,
    posted_in: bool = False,
    updates: bool = False,
) -> frozenset[str]:
    """What a request sends, where it sends it to a value ("post *the release notes* to
    #announcements", "send *the weekly report* to jane@acme.com"): the words between its verb,
    first, and "to" (``sent_things``); ``to_apps`` (``sent_to_apps``): to an app too ("post
    *the latest revenue* to slack"); ``posted_in`` (``posted_in``): "in" or "on" a value too, where
    it says no "to" ("post *an announcement* in #releases"); ``updates`` (``posted_updates``): a
    message's kind an article opens, though a verb ("post *an update* in #releases")."""
    words = [w for w in sequence if w not in apps]
    if not words or words[0] not in SENDING:
        return frozenset()
    if "to" not in words:
        return _posted_in(words, values, updates) if posted_in else frozenset()
    if _sent_to(words, "to") not in values and not (to_apps and _sent_to(sequence, "to") in apps):
        return frozenset()  # ... to a value, or (``to_apps``) to an app ("... to *slack*")
    return frozenset(w for w in words[1 : words.index("to")] if w not in QUERY_FILLER_WORDS and w not in values)


def _posted_in(words: Sequence[str], values: frozenset[str], updates: bool) -> frozenset[str]:
    """The words between a sending verb and the first "in" or "on" a value follows, itself no
    word of a value ("post 'Fixed *in* build 142'"): up to four, no action among them ("send a text
    ... *and get* the output in English" posts nothing in a place)."""
    at = next((i for i, w in enumerate(words) if w in _POSTED_IN and w not in values), None)
    if at is None or next((w for w in words[at + 1 :] if w not in ARTICLES), "") not in values:
        return frozenset()
    sent = [w for w in words[1:at] if w not in QUERY_FILLER_WORDS and w not in values]
    nouns = MESSAGE_NOUNS if updates and words[1:2] and words[1] in ARTICLES else frozenset()
    if len(sent) > _LONGEST_POSTED or any(is_action_word(w) and w not in nouns for w in sent):
        return frozenset()
    return frozenset(sent)


def _sent_to(words: Sequence[str], to: str) -> str:
    """The first word after the first ``to`` of ``words``, past an article."""
    return next((w for w in words[words.index(to) + 1 :] if w not in ARTICLES), "")


_POSTED_IN = frozenset({"in", "on", "into"})


def content_apps(
    sequence: tuple[str, ...], found: Sequence[AppMention], values: Container[str] = (), *, placed: bool = False
) -> tuple[tuple[AppMention, ...], frozenset[str]]:
    """The apps of a request naming two connected apps that name what it acts on, not where it
    acts, and the words of their things: the one a thing comes *from* after the other is named
    ("create a jira issue from *this slack message*"), and, where a sending verb opens the
    request and "to" names one app, the others ("post the latest *stripe* revenue to slack");
    ``placed`` (``placed_apps``): where a place word names one app ("... *in slack* channel C0123",
    "*via twilio*"), the other, where a thing of it follows its name by its id (``values``):
    "post the *github PR 12* link in slack channel C0123"."""
    connected = [m for m in found if m.connected]
    if len({m.name for m in connected}) != 2:
        return (), frozenset()
    found_at = {m: _position(sequence, m.words) for m in connected}
    at = {m: i for m, i in found_at.items() if i is not None}
    if len(at) != len(found_at):
        return (), frozenset()
    for source in connected:
        start = before = at[source]
        while before > 0 and sequence[before - 1] in _POINTING:
            before -= 1
        others = [m for m in connected if m.name != source.name]
        if before > 0 and sequence[before - 1] == "from" and all(at[m] < before for m in others):
            end = start + len(source.words)
            thing = []
            for word in sequence[end:]:
                if word in _ENDS:
                    break
                thing.append(word)
            # "fetch the user *from QuickMocker*", "from the Joke1 *API*": the app it acts in
            if any(w not in _MEANS for w in thing):
                return (source,), frozenset((*source.words, *thing))
    if sequence and sequence[0] in SENDING and "to" in sequence:
        to = sequence.index("to")
        target = next(
            (m for m in connected if at[m] == to + 1 or (at[m] == to + 2 and sequence[to + 1] in ARTICLES)), None
        )
        if target is not None:
            content = tuple(m for m in connected if m.name != target.name and at[m] < to)
            return content, frozenset(w for m in content for w in m.words)
    return _placed_content(sequence, connected, at, values) if placed else ((), frozenset())


# the words placing the app a request acts in ("*in* slack channel C0123", "*via* twilio"; not "to":
# "assign jira issue ENG-4 *to* ..." names a person, "link ENG-4 *to* github PR 12" either app)
_PLACING = frozenset({"in", "on", "into", "inside", "within", "via", "through", "using"})
_THING_WORDS = 3  # "github *pull request 12*": the most words of a thing before its id
_AFTER_ID = 2  # ... and after it


def _placed_content(
    sequence: tuple[str, ...], connected: Sequence[AppMention], at: dict[AppMention, int], values: Container[str]
) -> tuple[tuple[AppMention, ...], frozenset[str]]:
    """The app of two a place word names none of, and its thing's words, where one app is placed
    and a thing of the other follows its name by its id ("add a comment on jira issue ENG-4
    linking *github PR 12*": Jira's comment; the PR is the comment's content)."""

    def placed(mention: AppMention) -> bool:
        before = at[mention]
        while before > 0 and sequence[before - 1] in ARTICLES:
            before -= 1
        return before > 0 and sequence[before - 1] in _PLACING

    places = [m for m in connected if placed(m)]
    if len({m.name for m in places}) != 1:
        return (), frozenset()
    content = tuple(m for m in connected if m.name != places[0].name)
    thing: list[str] = []
    for mention in content:
        end = at[mention] + len(mention.words)
        words = list(sequence[end : end + _THING_WORDS + _AFTER_ID + 1])
        valued = next((i for i, w in enumerate(words[: _THING_WORDS + 1]) if w in values), None)
        if valued is None or any((w in _ENDS and w != "for") or is_action_word(w) for w in words[:valued]):
            return (), frozenset()  # ("show the stripe connect url in cal.com": Cal.com's own words)
        while valued < len(words) and words[valued] in values:
            valued += 1
        # ... and what of it the request uses ("github PR 12 *link*", "jira issue ENG-4 *status*")
        after, last = valued, min(len(words), valued + _AFTER_ID)
        while after < last and words[after] not in _ENDS and words[after] not in _PLACING:
            after += 1
        # (right after the first verb, past articles, and nothing of it used: the thing the verb acts
        # on, "close *jira issue ENG-12* ... in github")
        between = sum(1 for w in sequence[1 : at[mention]] if w not in ARTICLES)
        if after == valued and between == 0:
            return (), frozenset()
        thing.extend((*mention.words, *words[:after]))
    return content, frozenset(thing)


def _position(sequence: tuple[str, ...], words: tuple[str, ...]) -> int | None:
    """Where ``words`` first stand together in ``sequence``."""
    return next((i for i in range(len(sequence) - len(words) + 1) if sequence[i : i + len(words)] == words), None)
