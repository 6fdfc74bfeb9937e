"""Contractions written without their apostrophe (``unmarked_contractions``).

Typed fast, or on a phone, "I'd like" is "id like", "don't" "dont", "what's" "whats": "id like to
reboot droplet 77", "im trying to refund ...", "whats in box folder 99", "lets reply to ...",
"shouldnt notion page abc be updated". The readings of a request's frame and questions know the
contractions with their mark; without it the words were no frame's and no tool's, and left the
request under the floor. Written with the mark, each only where it is no word of its own ("id"
only before a wish's verb; "lets" only opening the request; "its", "were", "well", "ill" never).
"""

from __future__ import annotations

import re

# a negation's, anywhere ("cant", "wont": no word of a request's own)
_NEGATIONS = {
    "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "cant": "can't", "wont": "won't", "isnt": "isn't",
    "arent": "aren't", "wasnt": "wasn't", "werent": "weren't", "havent": "haven't", "hasnt": "hasn't",
    "hadnt": "hadn't", "couldnt": "couldn't", "wouldnt": "wouldn't", "shouldnt": "shouldn't", "mustnt": "mustn't",
}  # fmt: skip
# a subject's, only opening a clause ("*whats* in ...", "*im* trying ..."; "generated *whats* app" is
# WhatsApp, "send an *im*" a message)
_SUBJECTS = {
    "im": "I'm", "ive": "I've", "youre": "you're", "youll": "you'll", "youve": "you've", "youd": "you'd",
    "theyre": "they're", "weve": "we've", "whats": "what's", "wheres": "where's", "whos": "who's",
    "hows": "how's", "whens": "when's", "thats": "that's", "theres": "there's", "heres": "here's",
}  # fmt: skip
_NEGATION = re.compile(r"\b(?:" + "|".join(sorted(_NEGATIONS, key=len, reverse=True)) + r")\b", re.IGNORECASE)
_SUBJECT = re.compile(
    r"(?P<before>^\s*|[,.;:!?\-\u2013\u2014(]\s*|\b(?:and|but|so|because|if|as|ok|okay|hey|hi)\s+)"
    r"(?P<word>" + "|".join(sorted(_SUBJECTS, key=len, reverse=True)) + r")\b(?!\s+app\b)",
    re.IGNORECASE,
)
# "id like", "id love", "id rather" opening a clause: "I'd"; "lets" opening the request before a verb: "let's"
_ID = re.compile(
    r"(?P<before>^\s*|[,.;:!?]\s*)id(?=\s+(?:like|love|prefer|rather|want|need|appreciate|be)\b)", re.IGNORECASE
)
# a word each subject's contraction holds
_SUBJECT_CUES: tuple[str, ...] = (
    "im",
    "ive",
    "you",
    "they",
    "weve",
    "whats",
    "wheres",
    "whos",
    "hows",
    "whens",
    "thats",
    "theres",
)
_SUBJECT_CUES += ("heres",)
_LETS = re.compile(r"^(\s*)lets\b(?=\s+[a-z])", re.IGNORECASE)
_LONGEST = 2000  # characters


def marked(request: str) -> str:
    """``request`` with its contractions written with their apostrophe ("whats in box folder 99":
    "what's in box folder 99"); ``request`` as written where it holds none."""
    if len(request) > _LONGEST:
        return request
    lowered = request.casefold()
    read = request
    if "nt" in lowered:  # (every negation's: a cheap test first)
        read = _NEGATION.sub(lambda found: _NEGATIONS[found.group(0).casefold()], read)
    if any(cue in lowered for cue in _SUBJECT_CUES):
        read = _SUBJECT.sub(lambda found: found["before"] + _SUBJECTS[found["word"].casefold()], read)
    return _LETS.sub(r"\1let's", _ID.sub(r"\g<before>I'd", read), count=1)
