"""An app's own word for a thing. Slack's API calls its channels "conversations"
(``conversations_list``, ``conversations_archive``, ``conversations_info``): no name its members
call says "channel", only its administrators' do (``admin_usergroups_list_channels``). Read as
written, "list slack channels" found the administrators' tool, whose name says the word, before
``conversations_list``, which says it only through a synonym (``app_words``).

A request's word that no member's name of the app says, as written or inflected, whose synonym
opens at least five of them (the app's own namespace for the thing), is read as that synonym.
``name_forms`` reads each word of a request in the form the app's names say it, this one's and
``word_forms.name_form``'s.
"""

from __future__ import annotations

from cardamom.core.search.admin_tools import is_admin_name
from cardamom.core.search.api_verbs import STATE_VERBS
from cardamom.core.search.head_nouns import RequestHead
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import EMPTY, own_name_words, union_of
from cardamom.core.search.synonyms import is_action_word, synonyms_of
from cardamom.core.search.tokens import inflection_key, is_plural, unique
from cardamom.core.search.word_forms import name_form

# names a namespace opens: fewer may be a word's chance (Slack's "chat_*" are the messages')
_NAMESPACE = 5


def app_word(index: SearchIndex, word: str, scoped: frozenset[int]) -> str | None:
    """The word the app's names (``scoped``) open with for ``word``, where no member's name there
    says ``word``; None otherwise."""
    if is_action_word(word) or not word.isalpha():
        return None
    documents = index.documents
    entry = index.postings(word)
    if any(not is_admin_name(documents[d].name) for d in union_of((entry.name, entry.inflected)) & scoped):
        return None
    for synonym in sorted(synonyms_of(word)):
        if is_action_word(synonym):
            continue
        for form in sorted(index.name_forms.get(inflection_key(synonym), ())):
            opened = 0
            for doc_id in index.name_postings.get(form, EMPTY) & scoped:
                name = documents[doc_id].name
                opened += own_name_words(name)[:1] == [form] and not is_admin_name(name)
            if opened >= _NAMESPACE:
                return _in_number(index, form, word, scoped)
    return None


def _in_number(index: SearchIndex, form: str, word: str, scoped: frozenset[int]) -> str:
    """``form`` in ``word``'s grammatical number, where the app's names say it so ("get cal.com
    *callback*": "webhook", as ``get_webhook`` says it, not the namespace's "webhooks")."""
    if is_plural(word) == is_plural(form):
        return form
    same = (f for f in sorted(index.name_forms.get(inflection_key(form), ())) if is_plural(f) == is_plural(word))
    return index.first_named(same, scoped) or form


def name_forms(
    index: SearchIndex, kept: tuple[str, ...], scoped: frozenset[int], values: frozenset[str], head: RequestHead | None
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """``kept`` with each word the app's names say in another form read in that form (the app's
    own word for the thing acted on, ``app_word``; ``word_forms.name_form``), and the words read
    so, as ``Scope.read_as`` reports them; a noun made from a verb is the request's action only
    where it has no other."""
    words: list[str] = []
    read_as: list[tuple[str, str]] = []
    actions = {t for t in kept if is_action_word(t) or t in STATE_VERBS}
    for word in kept:
        # (the thing acted on: its head, or a verbless request's plural; "label *bug*" is a value)
        heading = word == head.head if head is not None else is_plural(word)
        own = app_word(index, word, scoped) if index.options.app_own_words and heading and word not in values else None
        if own is not None:  # "list slack *channels*": Slack's ``conversations_list``
            words.append(own)
            read_as.append((word, own))
            continue
        form = None if word in values else name_form(index, word, scoped, acted=bool(actions - {word}))
        if form is None:
            words.append(word)
        else:
            words.extend(form)
            read_as.append((word, " ".join(form)))
    return (unique(words), tuple(read_as)) if read_as else (kept, ())
