"""A request's opening frame: the words a person or a model writes before what it asks ("I need
to", "can you please", "help me", "is there a tool to", "how do I"). They name nothing a tool
does, yet "need" and "want" are no closed-class words the filler list may hold ("want" is a wish
list's word, "like" a post's), so they go only where they open the request, before its action."""

from __future__ import annotations

import functools
import re

from cardamom.core.search.synonyms import action_forms
from cardamom.core.search.tokens import inflection_key
from cardamom.core.search.verbal_nouns import gerund_verb, known_verb

_GREETING = r"(?:(?:hey|hi|hello|ok|okay|so|please|kindly)\b[,!]?\s+)*"
# ``chat_openers``: the words a request in a conversation opens with ("ok *now* delete ...",
# "*next,* create ...", "*one more:* how many ..."); the ones that are adjectives too ("next
# week's bookings", "first page") only with a mark after them
_CHATTING = (
    r"(?:(?:(?:hey|hi|hiya|howdy|hello|ok|okay|so|please|kindly|now|then|also|and|basically|alright|actually|btw"
    r"|um+|uh+|hmm+|oops|yeah|yep|sorry)\b"
    r"|(?:next|first|finally|lastly|great|thanks|cool|right|after\s+that|and\s+then)(?=\s*[,:;!\-\u2013\u2014])"
    r"|(?:one\s+more(?:\s+thing)?|last\s+thing|real\s+quick|quick\s+q(?:uestion)?))\s*[,!:;\-\u2013\u2014]*\s+)*"
)
# ... and its longer forms: "would you *be able to*", "are you able to", "would you *mind*
# closing" (its "-ing" read as the verb, ``_acted``)
_ASKING = (
    r"(?:(?:(?:can|could|would|will)\s+you|are\s+you\s+able\s+to)\s+(?:please\s+)?"
    r"(?:(?:be\s+able|be\s+so\s+kind\s+as)\s+to\s+|(?<=you\s)mind\s+)?|(?:would|do)\s+you\s+mind\s+)?"
)
_WISHING = (
    r"(?:(?:i|we)(?:'d|\u2019d|\s+would)?\s+(?:really\s+|also\s+|just\s+)?"
    r"(?:need|want|like|love|wish|have|got|ha(?:ve|s)\s+got)(?:\s+you)?\s+to"
    r"|(?:i|we)(?:'m|\u2019m|'re|\u2019re|\s+am|\s+are)\s+(?:trying|looking|going|hoping|planning)\s+to"
    # the same without its subject, as a note is written: "want to buy ...", "trying to delete ..."
    r"|(?:would\s+like|need|want|trying|looking|hoping|planning)\s+to"
    r"|(?:(?:i|we)\s+)?(?:wanna|gotta)"
    r"|help\s+(?:me|us)(?:\s+to)?"
    # an urging: "time to close ...", "go ahead and delete ...", "we should archive ..."
    r"|(?:it(?:'s|\u2019s|\s+is)\s+)?time\s+to|go\s+ahead\s+and|(?:i|we|you)\s+(?:should|must)"
    r"|let(?:'s|\u2019s|\s+me|\s+us)"
    # asking for a way or a tool: "is there a tool to", "find the tool that", "how do I"
    r"|(?:is\s+there|(?:find|get|give\s+me|show\s+me|i\s+need|we\s+need)\s+(?:me\s+)?)\s*(?:a|an|any|the|some)\s+"
    r"(?:way|tool|function|api|endpoint|method|operation|helper)\s+(?:to|that|which|for)"
    r"|how\s+(?:do|can|should|would)\s+(?:i|we|you)|how\s+to"
    # ... and the way it is best done: "what's the best way to", "the easiest way to", "is it possible to"
    r"|(?:what(?:'s|\u2019s|\s+is|\s+would\s+be)\s+)?(?:the\s+)?(?:best|easiest|quickest|simplest|fastest|right"
    r"|proper|correct|recommended|preferred)\s+way\s+to|is\s+it\s+possible\s+to"
    r"|(?:can|could|may)\s+(?:i|we)(?:\s+(?:also|just|still))?(?:\s+be\s+able\s+to)?"  # "can I upload ..."
    r")\s+"
)
# after the wish, a question it asks: "I'd like to *know* which subscriptions are past due"
_LEARNING = r"(?:(?:know|find\s+out|see|learn|understand)\s+(?=(?:which|what|who|whose|where|when|how)\b))?"
# ``told_frames``: a request told of someone else ("the user wants to", "user is asking to",
# "the customer would like to know ..."), or one asking for a thing that does it without saying
# who asks ("tool for creating", "a function that deletes", "something to list")
_TELLER = r"(?:(?:the\s+)?(?:user|customer|client|requester|caller)s?|they|he|she)\s+"
_TOLD = (
    rf"{_TELLER}(?:wants?|would\s+like|needs?|wish(?:es)?|asks?|asked|has\s+asked|is\s+asking|is\s+trying"
    r"|is\s+looking|is\s+hoping|is\s+requesting|requests?|requested)(?:\s+(?:me|us|you))?\s+to"
    # ... or the thing itself: "user needs *the list of Xero contacts*"
    rf"|{_TELLER}(?:wants?|needs?|would\s+like|(?:is\s+)?ask(?:s|ed|ing)\s+for|requests?|requested)"
    r"(?=\s+(?:the|a|an|all|their|his|her|my|our|some|every)\b)"
    # "user request: close ...", "the user's question is: ..." (not "user task list in asana")
    r"|(?:the\s+)?user(?:'s|\u2019s)?\s+(?:request|question|query|task)(?:\s+is\s*:?|\s*:)"
    r"|(?:(?:i|we)\s+)?(?:need|want|looking\s+for|searching\s+for)?\s*(?:a|an|any|the|some)?\s*"
    r"(?:way|tool|function|api|endpoint|method|operation|helper|something|anything)\s+(?:to|that|which|for)"
)
# ``tool_frames``: a tool asked for in other words ("what tool lets me", "which function can",
# "tools related to", "functions available for", "capability:"); the words linking the tool to
# what it does, before an action ("that can", "lets me", "to", "for *sending*") or a topic
_TOOL_WORD = r"(?:tools?|functions?|apis?|endpoints?|methods?|operations?|capabilit(?:y|ies))"
_TOOL_ACTS = (
    r"(?:(?:that|which)(?:\s+(?:can|could|will|would|should))?)?\s*(?:lets?|allows?|helps?|enables?)\s+"
    r"(?:me|us|you|one)(?:\s+to)?"
    r"|(?:that|which)\s+(?:can|could|will|would|should)"
    r"|(?:can|could|should|do|would)\s+(?:i|we|you)\s+use(?:\s+(?:to|for))?"
    r"|to(?:\s+use(?:\s+(?:to|for))?)?|can|could|that|which|for(?=\s+\w+ing\b)"
)
# (a topic after "for" never after functions or methods: "functions *for* namespace abc" are DigitalOcean's)
_TOOL_TOPIC = r"(?:related|relating)\s+to|available\s+(?:for|in|to|on|with)"
# the words seeking it: "I need", "(I'm) looking for", "is there", "do you have"
_SEEKING = (
    r"(?:(?:i|we)(?:'m|\u2019m|'re|\u2019re|\s+am|\s+are)?\s+)?"
    r"(?:(?:need|want|looking\s+for|searching\s+for|search\s+for|find(?:\s+me)?|is\s+there"
    r"|do\s+you\s+have)\s+)?"
)
_TOOL_ASKING = (
    rf"{_SEEKING}(?:(?:are\s+there|what|which)\s+)?(?:a|an|any|the|some|all)?\s*"
    rf"(?:{_TOOL_WORD}\s+(?:{_TOOL_ACTS}|{_TOOL_TOPIC})|(?:tools?|function|capabilit(?:y|ies)|endpoints?)\s+(?:for|about|with))"
    r"|(?:capabilit(?:y|ies)|tools?|functions?)\s*:"
)
# ... of an app the request names between: "the *twilio* tool for sending sms", "which *slack*
# tool can post a message" (never "the payment methods for customer ...": an action follows)
_APP_TOOL = re.compile(
    rf"^\s*(?:{_SEEKING}(?:a|an|any|the|some|which|what)\s+(?P<app>[\w.\-]+(?:\s+[\w.\-]+)?)\s+"
    rf"(?:tools?|functions?|endpoints?|capabilit(?:y|ies))"
    # ... or the app's one word and "tool" opening it, as a note is written: "jira tool for transitioning ..."
    rf"|(?!(?:a|an|the|any|some|which|what|this|that|my|our|is|are)\s)(?P<alone>[\w.\-]+)\s+tools?)\s+(?:{_TOOL_ACTS})\s+",
    re.IGNORECASE,
)
# ``verbed_tools``: a tool asked for by what it does, its verb right after it ("which tool
# *uploads* a file to box", "what tool *deletes* a droplet", "which *slack* tool *sends* a message")
_VERBED_TOOL = re.compile(
    rf"^\s*{_SEEKING}(?:which|what|a|an|any|the)\s+(?:(?P<app>[\w.\-]+)\s+)?{_TOOL_WORD}\s+(?=[a-z]{{4,}}\b)",
    re.IGNORECASE,
)
# ``hedged_requests``: a hedge before what is asked ("*maybe* list the stripe customers", "*I
# think* I need to create ...", "*probably best to* archive ...")
_HEDGING = (
    r"(?:(?:maybe|perhaps|probably|possibly|i\s+(?:think|guess|believe|suppose)(?:\s+that)?"
    r"|(?:it(?:'d|\u2019d|\s+would|'s|\u2019s|\s+is)\s+(?:be\s+)?)?(?:best|better)\s+to"
    r"|(?:i|we)?\s*might\s+(?:want|need|have)\s+to|(?:you|we)\s+could"
    r"|is\s+it\s+possible\s+to|(?:am\s+i|are\s+we)\s+able\s+to"
    # ... and a greeting's addressee, "yo", "quick one": "hi *assistant,* can you ...", "*quick one:* ..."
    r"|(?:assistant|claude|chatgpt|gpt|gemini|copilot|bot|there|team|all|folks|everyone)(?=\s*,)|yo|quick\s+one"
    r"|one\s+thing|(?:(?:have\s+)?got|do\s+(?:we|you)\s+have)(?=\s+any\b))\b[\s,:]*)*"
)
# The frame a request asks with before its verb ("could you", "I'd like to", "please go ahead
# and", "help me"), for the readings of what that verb acts on (``written_forms``)
ASKING_FRAME = rf"{_GREETING}{_ASKING}(?:please\s+)?(?:{_WISHING})?"
_TOLD_FIRST = rf"(?:{_TOLD})\s+|"
_TOOL_FIRST = rf"(?:{_TOOL_ASKING})\s+|"


@functools.cache
def _preamble(told: bool, learning: bool, chatting: bool, tools: bool, hedges: bool) -> re.Pattern[str]:
    """The frame's pattern, by the switches reading it (compiled on first use)."""
    hedge = _HEDGING if hedges else ""
    return re.compile(
        rf"^\s*{_CHATTING if chatting else _GREETING}{hedge}{_ASKING}(?:please\s+)?{hedge}"
        rf"(?:{_TOOL_FIRST if tools else ''}{_TOLD_FIRST if told else ''}{_WISHING})?(?:please\s+)?{hedge}"
        + (_LEARNING if learning else ""),
        re.IGNORECASE,
    )


def without_preamble(
    request: str,
    *,
    learning: bool = True,
    told: bool = True,
    chatting: bool = True,
    tools: bool = True,
    hedges: bool = False,
    verbs: bool = False,
) -> str:
    """``request`` from its first word past the opening frame ("I need to *add* a comment ...",
    "can you please help me *find* ..."); the request as written when the frame is all there is.
    ``learning``: a wish to know opens the frame too ("I'd like to know *which* ..."); ``told``:
    so does a request told of someone else, or asking for a tool ("the user wants to", ``_TOLD``);
    ``chatting``: so do the words opening a turn of a conversation ("ok now", "next,", ``_CHATTING``);
    ``tools``: so does a tool asked for in other words ("what tool lets me", "tools related to"),
    and an app's tool, whose app's name then opens the request ("the twilio tool for sending
    sms": "twilio send sms"); ``hedges``: so does a hedge ("maybe", "I think", "probably best to");
    ``verbs`` (``verbed_tools``): so does a tool asked for by the verb right after it, in the third
    person ("which slack tool *sends* a message": "slack send a message")."""
    verbed = _VERBED_TOOL.match(request) if tools and verbs else None
    if verbed is not None:
        rest = request[verbed.end() :]
        acting = _in_base_form(rest)
        if acting != rest:  # a verb indeed ("which tool *exists*" is no action's)
            return f"{verbed.group('app')} {acting}" if verbed.group("app") else acting
    app = _APP_TOOL.match(request) if tools else None
    if app is not None:
        rest = _acted(app.group(0), request[app.end() :])
        return f"{app.group('app') or app.group('alone')} {rest}" if rest.strip() else request
    match = _preamble(told, learning, chatting, tools, hedges).match(request)
    if match is None or not match.group(0).strip():
        return request
    rest = _acted(match.group(0), request[match.end() :]) if told or tools else request[match.end() :]
    return rest if rest.strip() else request


# ``tool_words``: a tool asked for by a word the API's readers call it ("which *api call* refunds a
# stripe charge", "what's the *command* to archive a slack channel", "the slack *method* for
# inviting someone", "the *name of the tool* that reboots a droplet", "which *request* adds a
# comment"): the word, the app's name before it, then what it does (never "which pull request ...")
_CALLED_TOOL = re.compile(
    r"^\s*(?:(?:what|which)(?:'s|\u2019s|\s+is)?(?:\s+the)?|(?:the\s+)?name\s+of\s+the|the)\s+"
    r"(?:(?P<app>[\w.\-]+)(?:'s|\u2019s)?\s+)??(?:tool|function|endpoint|api\s+call|api|method|operation|command|route"
    r"|action|request|call)\s+(?P<link>to|that|which|for|(?=[a-z]+s\b))\s*(?P<rest>[a-z].*)$",
    re.IGNORECASE | re.DOTALL,
)


def called_tool(request: str) -> str:
    """``request`` asking for a tool by a word the API's readers call it read as what the tool
    does, its app's name first ("what's the cal.com route for cancelling a booking": "cal.com
    cancel a booking"); ``request`` as written otherwise."""
    called = _CALLED_TOOL.match(request[:500])
    if called is None or (called["app"] or "").casefold() in {"pull", "the", "a", "an"}:
        return request
    link, rest = called["link"].casefold(), called["rest"]
    acting = as_verb(rest) if link == "for" else rest if link == "to" else _in_base_form(rest)
    first = acting.split(maxsplit=1)[0].casefold()
    if (acting == rest and link != "to") or not known_verb(first):
        return request  # no action after it ("which request is slow", "the call to bob")
    return f"{called['app']} {acting}" if called["app"] else acting


def _acted(frame: str, rest: str) -> str:
    """``rest`` with its first word written as the action the tool asked for does: "a tool for
    *creating* a xero invoice" ("create"), "a tool that *tags* an intercom contact" ("tag")."""
    ending = frame.rstrip().casefold()
    if ending.endswith(("for", " mind")):
        return as_verb(rest)
    if ending.endswith(("that", "which")):
        return _in_base_form(rest)
    return rest


def _in_base_form(rest: str) -> str:
    """``rest`` with a first word in the third person written as its verb, where it is a known
    one ("tags" is "tag", "watches" "watch", "copies" "copy"; "news" is none)."""
    first, _, after = rest.partition(" ")
    lowered = first.casefold()
    if not lowered.endswith("s") or len(lowered) < 4 or not lowered.isalpha() or inflection_key(lowered) == lowered:
        return rest  # ("news", "always": no inflection)
    candidates = (lowered[:-1], lowered[:-2] if lowered.endswith("es") else "", lowered[:-3] + "y")
    verb = next((c for c in candidates if c and known_verb(c)), None)
    return f"{verb} {after}" if verb is not None else rest


def as_verb(rest: str) -> str:
    """``rest`` with a first word in "-ing" written as the action it names, where it is one
    ("adding" is "add", "creating" "create", "getting" "get")."""
    first, _, after = rest.partition(" ")
    # (the actions' own forms, or a verb requests open with: "for *transitioning* an issue")
    verb = (gerund_verb(first, action_forms()) or gerund_verb(first)) if len(first) >= 6 else None
    return f"{verb} {after}" if verb is not None else rest


# ``described_requests``: a request written as a tool's description says what it does, its verb
# in the third person before what it acts on ("*Refunds* a Stripe charge", "*Lists* all Droplets
# in your account", "*Queries* a Notion database"); read as written, "refunds" was the refunds
# listed. Only before a determiner: "refunds for customer cus_1" are things.
_DESCRIBING = re.compile(
    r"^\s*[A-Za-z]{4,}s\s+(?=(?:a|an|the|all|one|your|its|their|every|each|any|some|multiple|existing|new"
    r"|specified|given|selected)\b)",
    re.IGNORECASE,
)


def described_request(request: str) -> str:
    """``request`` with its first word, a verb in the third person before a determiner, in its
    base form ("Refunds a Stripe charge": "refund a Stripe charge"); ``request`` as written
    otherwise."""
    return _in_base_form(request.lstrip()) if _DESCRIBING.match(request) else request
