"""A shortened tool name's whole words, for the readings of a name's words.

An advertised name longer than 64 characters keeps its start and a digest of the whole
(``cardamom.core.naming``): GitHub's ``codespaces_remove_repository_for_secret_for_authenticated_user``
is advertised as ``github__codespaces_remove_repository_for_secret_for_aut-d226853b``. Its name
tokens are read from the whole name (``search_text.name_words``), but the readings of a name's
words in order (its head noun, its verb, its caller's words: ``head_nouns.name_head``,
``postings.own_name_words``) read the advertised name, and lost what the cut took: "cancel stripe
outbound transfer obt_1" found Stripe's outbound transfer's cancel, shortened, acting on no
transfer, after the inbound one's. Each whole name is remembered here when its document is built
or its snapshot decoded. A digest is of the whole name, so one advertised name has one whole name
whichever org or index remembered it: process-wide, as the readings' own caches are.
"""

from __future__ import annotations

_WHOLE: dict[str, str] = {}
_SEPARATOR = "__"
_LONGEST = 64  # (``cardamom.core.naming.MAX_NAME_LENGTH``: a name this long may be shortened)


def remember_whole_name(advertised: str, prefix: str, tool: str) -> None:
    """Remember ``prefix__tool`` (an account's or a merged connector's) as the whole of
    ``advertised``, where it was shortened."""
    if len(advertised) == _LONGEST:
        whole = f"{prefix}{_SEPARATOR}{tool}"
        if whole != advertised:
            _WHOLE[advertised] = whole


def whole_name(name: str) -> str:
    """The whole of a shortened advertised name, or ``name``."""
    return _WHOLE.get(name, name) if len(name) == _LONGEST else name
