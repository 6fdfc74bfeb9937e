"""A feeling said before a request (``interjections``): "*ugh,* droplet 77 is frozen again, reboot
it", "*ffs* just refund stripe charge ch_9", "*omg* please delete box file 123", "*for the love of
god* merge PR 12", "*sigh...* delete asana task 12", "*come on,* just create a jira issue".

An interjection says how the person feels, nothing a tool does; as written "ugh", "omg" and "god"
were the request's rarest words, no name of the app carries them, and it found nothing. Read
without it, where what follows is the request (an order, or a sentence the request's parts read).
Only words that are nothing else open it bare; the ones that are words too ("man", "well",
"seriously", "honestly") only with a mark after them. So too (``go_aheads``) an answer saying yes
before the order it lets go ahead: "*yes,* go ahead and delete box file 123", "*sure,* refund ...",
"*approved,* close ...", "*sounds good,* send ...", "*go for it:* text ...". Marks said loud
("!!!", "?!") end a sentence as one mark does.
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import order_first

# words that say a feeling and nothing else: "*ugh* reboot it", "*ffs* just refund ..."
_BARE = (
    r"u+g+h+|a+r+g+h+|ff+s|omf?g|wtf|wth|jee+z|gee+z|sigh|gosh|geez+|yikes|oof|ugh+|jfc|smh|welp|meh|dang\s+it|darn\s+it|damn\s+it"
    r"|dammit|dang|darn|damn|crap|bah|gah|blah|eek|phew|whew|yay|hooray|erm|ahem|pfft|ahh+|ooh+|whoops|oops|uh[\s-]+oh|oh\s+no|oh\s+man|oh\s+god|oh\s+boy"
    r"|for\s+(?:the\s+love\s+of\s+(?:god|pete|all\s+that\s+is\s+holy)|god'?s\s+sake|goodness'?\s+sake|heaven'?s\s+sake"
    r"|crying\s+out\s+loud|real)|good\s+grief|come\s+on|c'?mon|jeez\s+louise"
)
# ... and words that are words too, only before a mark: "*seriously,* why is ...", "*man,* ..."
_MARKED = r"seriously|honestly|man|dude|boy|wow|well|hmm+|urgh|great|brilliant|fantastic|unbelievable|really"
_OPENING = re.compile(
    rf"^\s*(?:(?:(?:{_BARE})(?:\s*[,.!?:;\u2026\-\u2013\u2014]+(?=\s)|\s+(?=\S))|(?:{_MARKED})\s*[,.!?:;\u2026\-\u2013\u2014]+(?=\s))"
    r"\s*)+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# ``go_aheads``: a yes before the order, with a mark after it ("*sure,* refund ...", "*yep that's
# right,* archive ..."), or bare before an order ("*yes* delete it")
_YES = (
    r"(?:yes|yeah|yep|yup|yea|ya|sure|ok|okay|alright|all\s+right|fine|right|correct|exactly|absolutely|definitely"
    r"|certainly|of\s+course|perfect|great|cool|nice|agreed|approved|confirmed|affirmative|roger(?:\s+that)?|understood"
    r"|sounds\s+(?:good|great|fine|right)|that\s+works|works\s+for\s+me|that'?s\s+(?:right|correct|fine|it)|go\s+for\s+it"
    r"|do\s+it|makes\s+sense|good\s+(?:idea|call)|please\s+do|thanks|thank\s+you|will\s+do|lgtm|looks\s+good(?:\s+to\s+me)?)"
)
_ANSWER = re.compile(
    rf"^\s*(?:(?:{_YES})(?:\s*[,.!:;\-\u2013\u2014]+(?=\s)|\s+(?=(?:{_YES})\b))\s*)+(?P<rest>\S.*)$|^\s*(?:yes|yeah|yep|sure)\s+"
    r"(?P<bare>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
_LOUD = re.compile(r"[!?]*![!?]+|\?[!?]*!")  # "!!!", "?!", "!?"
_ENDING = re.compile(r"\s*(?:(?:in|on)\s+[\w.]+(?:\s+[\w.]+)?\s*)?$", re.IGNORECASE)
_LONGEST = 400  # characters


def without_interjection(request: str, answers: bool = False) -> str:
    """``request`` without the interjections opening it (and, ``answers``, the yes before it);
    ``request`` as written where none does, or where nothing follows them."""
    if len(request) > _LONGEST:
        return request
    said = _OPENING.match(request)
    read = said["rest"] if said is not None and len(said["rest"].split()) >= 2 else request
    answer = _ANSWER.match(read) if answers else None
    if answer is not None:
        rest = answer["rest"] or answer["bare"]
        read = rest if len(rest.split()) >= 2 and (answer["rest"] or order_first(rest)) else read
    # marks said loud end a sentence as one does: "reboot it!!!", "not sent yet?! send it"
    return _LOUD.sub(_one_mark, read)


def _one_mark(mark: re.Match[str]) -> str:
    """A loud mark as one: none where the request ends (or only its app's place follows)."""
    if _ENDING.match(mark.string, mark.end()):
        return ""
    return "?" if "?" in mark[0] else "."
