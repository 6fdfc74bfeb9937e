"""In a question, an action's word that nothing able to lead a verb comes before is the
question's thing, no action it asks for: "is my DigitalOcean uptime *check* currently up?"
reads the check (``uptime_get_check``, then ``uptime_get_check_state``), where "check" had made
the question one that checks, and ``uptime_create_check`` came first. A verb in a question follows its subject,
a modal, "to" or "do" ("how do *I delete* ...", "is there a way *to create* ..."), and keeps
its action; a word after a possessive or another noun ("my check", "uptime check") does not.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardamom.core.search.synonyms import action_forms

# The words a verb may follow in a question: its subject, a modal, "to", "do", a courtesy, or
# another verb it is coordinated with ("can I read *and* delete ...").
_VERB_LEADS = frozenset(
    {"to", "i", "you", "we", "they", "he", "she", "it", "someone", "somebody", "anyone", "anybody", "one"}
    | {"can", "could", "should", "would", "will", "shall", "must", "may", "might", "do", "does", "did", "t"}
    | {"please", "me", "us", "let", "and", "or", "then", "not", "also", "just", "first", "still"}
)


def question_things(after_words: Iterable[tuple[str, str]], *, unled: bool = True) -> frozenset[str]:
    """The words of a question read as its things, each given with the word before it: a word
    after "the" ("is box web link 5 in *the trash*?", ``articled_acts``), and with ``unled``
    (``question_things``) an action's own form that no word able to lead a verb comes before."""
    own = action_forms()
    return frozenset(
        word for before, word in after_words if before == "the" or (unled and word in own and before not in _VERB_LEADS)
    )
