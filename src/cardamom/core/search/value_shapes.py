"""The shapes of words with digits that are argument values, not names: ``42``, ``$20``,
``PROJ-123``, ``ch_3MqL``, ``RE55``, ``8a7b``, ``c0ffee``, ``7d1``, ``us-east-1``, ``2GB``, ``v2.0``; a
name with digits (``s3``, ``k8s``, ``oauth2``, ``2fa``) has none of these shapes
(``argument_values`` reads the rest). And one without: a prefixed id in capitals, as examples
write them (``prod_ABC``); a handle after its kind (``spammer99``); a URL or an e-mail address."""

from __future__ import annotations

import re
from collections.abc import Container, Sequence

from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import singular, tokenize

# A word carrying digits is a value when it is a number, an issue-style key (PROJ-123),
# a date, or an id with three digits or more (a name like s3, ec2, oauth2 or mp3 has fewer).
_ISSUE_KEY = re.compile(r"^[A-Za-z][A-Za-z0-9]*-\d+$")
# A prefixed object id (Stripe's ch_3MqL..., cus_9s6X..., a test's dp_1, an example's cus_9X or
# cus_Q1): a short prefix, an underscore, then letters and digits mixed, or a digit first, or a
# capital and a digit ("oauth_v2" is a name).
_PREFIXED_ID = re.compile(
    r"^[A-Za-z]{1,8}_(?:(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{3,}|\d[^\W_]*|[A-Z]\d)$", re.ASCII
)
# The same in capitals alone after a prefix in lower case, as examples write them ("prod_ABC"); and an
# id's prefix in capitals with x's for the rest, as documentation writes a placeholder ("HAxxxxxxxx").
_CAPITALS_ID = re.compile(r"^(?:[a-z]{2,8}_[A-Z]{3,}|[A-Z]{1,4}(?:x{3,}|X{3,}))$")
# An id or a code in capitals and digits ("RE55", "SM12", a coupon's "SUMMER25"); one letter or
# one digit is a product's name more often ("S3", "EC2", "H264").
_UPPER_ID = re.compile(r"^[A-Z]{2,12}\d{2,}$")
# An id as Twilio writes its SIDs, shortened in an example: two capitals, digits, then hexadecimal in
# lower case ("service *IS55aa*", "*IS2f3e*"), five characters or more ("MP3s", its "s" no hexadecimal
# digit, is a word)
_SID = re.compile(r"^[A-Z]{2}\d+[a-f][0-9a-f]*$")
_SID_LENGTH = 5
# A hexadecimal id of four characters or more, two digits and a letter among them ("8a7b",
# "99aa", "4f2a9c": Notion's and git's ids, shortened); a name with digits has a letter past "f"
# ("h264", "i18n", "k8s", "x509") or fewer characters ("b2b", "2fa").
_HEX_ID = re.compile(r"^(?=(?:[a-f]*\d){2})(?=\d*[a-f])[0-9a-f]{4,}$", re.IGNORECASE)
# A longer one with a single digit ("c0ffee", "deadb33f"): a name of six hex letters and one
# digit is rarer still.
_LONG_HEX_ID = re.compile(r"^(?=[a-f]*\d)(?=\d*[a-f])[0-9a-f]{6,}$", re.IGNORECASE)
# A version with its "v" ("v2.0", "v1.4"): without the "v" it is a number already.
_VERSION = re.compile(r"^[vV]\d+(?:\.\d+)+$")
# A code of three parts or more joined by dashes, digits among them: a size, a region, a
# version ("s-2vcpu-4gb", "us-east-1"); a two-part name keeps its digits ("gpt-4", "utf-8").
_CODE = re.compile(r"^(?=[\w-]*\d)[A-Za-z0-9]+(?:-[A-Za-z0-9]+){2,}$")
# A quantity with its unit written on: a size, a duration ("2GB", "512mb", "30s", "1.5h", "30m",
# "1w": a worklog's "2h 30m"; "3d" is a word).
_QUANTITY = re.compile(r"^\d+(?:\.\d+)?(?:[kmgtp]i?b|b|k|ms|s|secs?|mins?|h|hrs?|m|w)$", re.IGNORECASE)
# A short id whose letters stand between digits ("7d1", "8c2"), after a short prefix and a dash or
# not ("fn-8c2"): a name with digits has its letters around them ("x86", "k8s", "b2b", "gpt-4o").
_SPLIT_ID = re.compile(r"^(?:[a-z]{1,8}-)?\d+[a-z]{1,3}\d[a-z0-9]*$", re.IGNORECASE)


_DIGIT = re.compile(r"\d")
# Addresses: a URL or an e-mail address. It names a host, never the app a request is for
# ("email bob@x.com" does not name X.com; "invite bob@github.com" names GitHub only by its host).
ADDRESS = r"https?://\S+|www\.\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
_ADDRESSES = re.compile(ADDRESS, re.IGNORECASE)


def without_addresses(query: str) -> str:
    """``query`` with its e-mail addresses and URLs cut out (each leaves a space)."""
    if "@" not in query and "://" not in query and "www." not in query:
        return query
    return _ADDRESSES.sub(" ", query)


# A file's extension, as a file's name ends ("report.pdf"): ``argument_values`` reads the name as
# a value, ``written_forms`` a name a verb acts on as a file.
FILE_EXTENSIONS = r"(?:pdf|docx?|xlsx?|csv|tsv|pptx?|png|jpe?g|gif|svg|txt|md|json|ya?ml|xml|zip|mp[34]|mov|wav|html?)"
FILE_NAME = rf"\b[\w-]+\.{FILE_EXTENSIONS}\b"  # a file's name: "report.pdf", "quote-signed.pdf"

# Quoted text: a quote opening after a space or the start and closing before a space,
# punctuation or the end (so the apostrophes of "don't" and "Messi's" never open one).
QUOTED = re.compile(
    r"""(?:^|(?<=[\s(\[:,=]))(?:'([^']+)'|"([^"]+)"|\u201c([^\u201d]+)\u201d|\u2018([^\u2019]+)\u2019|`([^`]+)`)(?=$|[\s.,;:!?)\]])"""
)
# A domain name: "example.com", "api.acme.io" (an app's own name, "cal.com", is an app word,
# which the query reading keeps out of the values).
_DOMAIN = r"\b[a-z0-9][\w-]*(?:\.[\w-]+)*\.(?:com|org|net|io|dev|app|co|ai|us|uk|de|fr|eu|info|biz|me|tv)\b"
SHAPES = re.compile(
    ADDRESS
    + r"""
    | (?<![\w@])[@#][\w][\w.-]*                              # @handles, #channels
    | \b\d{1,2}:\d{2}(?::\d{2})?\s?(?:am|pm)?\b              # times
    | \b\d{1,2}\s?(?:am|pm)\b
    | """
    + rf"{FILE_NAME} | {_DOMAIN}",  # a file's name, a domain name
    re.IGNORECASE | re.VERBOSE,
)
# An emoji by its short name (``argument_values``' ``named_things``): ":tada:", ":+1:".
EMOJI = re.compile(r"(?<![\w:]):[a-z+][\w+-]*:(?![\w:])")
# An event or constant's name in capitals, its parts joined: "FILE.UPLOADED", "ISSUE_CREATED".
EVENT_NAME = re.compile(r"^[A-Z][A-Z0-9]*(?:[._:][A-Z][A-Z0-9]*)+$")


def has_value_digits(word: str) -> bool:
    """A word carrying digits that is a value: a number, an amount, a key, an id, a code, a
    quantity with its unit, or any word of three digits or more."""
    if _DIGIT.search(word) is None:  # most words: no digit, nothing to count
        return False
    digits = sum(c.isdigit() for c in word)
    core = word.strip(".:-/")
    return (
        core.strip("$€£%").replace(".", "").replace(",", "").isdigit()  # 42, 3.5, $20, 20%
        or bool(_ISSUE_KEY.match(core))
        or bool(_UPPER_ID.match(core))
        or (len(core) >= _SID_LENGTH and bool(_SID.match(core)))
        or bool(_PREFIXED_ID.match(core))
        or bool(_CODE.match(core))
        or bool(_HEX_ID.match(core))
        or bool(_LONG_HEX_ID.match(core))
        or bool(_VERSION.match(core))
        or bool(_QUANTITY.match(core))
        or (len(core) <= 12 and bool(_SPLIT_ID.match(core)))
        or digits >= 3
    )


def is_capitals_id(word: str) -> bool:
    """A prefixed id in capitals without digits ("prod_ABC", "cus_XYZ", "BUxxxx"), as examples write them."""
    return bool(_CAPITALS_ID.match(word.strip(".,:;!?'\"")))


# A short id of letters and digits mixed ("9f2", "a1b", "x7") after the kind of thing it names
# ("notion page *9f2*", "asana task *12a*"); alone, it may be a name ("s3", "2fa", "b2b")
_SHORT_ID = re.compile(r"^(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]{2,5}$", re.IGNORECASE)
_ID_KINDS = frozenset(
    {"page", "block", "database", "task", "project", "issue", "ticket", "file", "folder", "droplet", "invoice"}
    | {"customer", "contact", "conversation", "message", "comment", "booking", "record", "item", "order"}
    | {"card", "event", "user", "channel", "section", "doc", "document", "note", "pr", "commit"}
)


def is_short_id(word: str, previous: str, named: Container[str] = ()) -> bool:
    """``word`` is a short id of letters and digits after the kind of thing it names
    (``short_ids``); ``named`` (``named_short_ids``): the words of the app's names, after any of
    which it is one too, with two digits ("xero overpayment *9a1*"), unless a name says it as well
    or the word before it is a verb ("list *a1b2* buckets"); "aws *ec2*" and "aws *s3*" name products."""
    core = word.strip(".,:;!?'\"")
    if _SHORT_ID.match(core) is None:
        return False
    kind = previous.casefold()
    if kind in _ID_KINDS:
        return True
    # (two digits at least: "ec2", "k8s", "s3" name products after an app's name)
    digits = sum(c.isdigit() for c in core) >= 2
    return digits and kind in named and core.casefold() not in named and not is_action_word(kind)


# A handle: three letters or more, then digits ("spammer99", "jdoe42", "build_bot7"), after the
# kind of thing or person it names ("block user *spammer99*"); alone, it may be a name ("base64",
# "route53", "win10")
_HANDLE = re.compile(r"^[a-z][a-z._-]{2,}\d{1,4}$", re.IGNORECASE)
# ... or a name of three dashed parts or more ("my codespace *glowing-space-xyz*"), none a grammar
# word ("end-to-end", "out-of-office" are words)
_DASHED = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+){2,}$", re.IGNORECASE)
_DASHED_WORDS = frozenset({"to", "of", "the", "on", "as", "in", "and", "a", "an", "by", "for", "up", "at", "you"})
_HANDLE_KINDS = _ID_KINDS | {"username", "login", "member", "collaborator", "assignee", "reviewer", "account", "bot"}
_HANDLE_KINDS |= {"codespace", "branch", "environment", "workflow", "runner", "deployment", "service", "app"}


def is_handle(word: str, previous: str) -> bool:
    """``word`` is a handle of letters then digits, or a name of three dashed parts or more, after
    the kind of thing or person it names (``handle_ids``)."""
    if previous.casefold() not in _HANDLE_KINDS:
        return False
    core = word.strip(".,:;!?'\"")
    dashed = _DASHED.match(core) is not None and _DASHED_WORDS.isdisjoint(core.casefold().split("-"))
    return dashed or _HANDLE.match(core) is not None


# A word of parts joined by dots, a letter first, one part of two characters or more: a user's
# name ("maria.k"), an event's type ("com.twilio.messaging.message.delivered"), not "e.g."
_DOTTED = re.compile(r"^(?=[\w.-]*[A-Za-z0-9]{2})[A-Za-z][\w-]*(?:\.[A-Za-z0-9][\w-]*)+$")


def is_dotted_value(word: str, named: Container[str]) -> bool:
    """``word`` is parts joined by dots not every one of which is a word of ``named`` (the tool
    names' words, or their singulars): an API method written so ("chat.postMessage",
    "messages.create") is a name (``dotted_values``)."""
    core = word.strip(".,:;!?'\"")
    return _DOTTED.match(core) is not None and not all(w in named or singular(w) in named for w in tokenize(core))


# a range's or a move's end after its start ("from feature/login *into* main", "from v1 *to* v2")
_PAIR_ENDS = frozenset({"into", "onto", "to"})


def ends_pair(previous: str, read: Sequence[tuple[str, bool]]) -> bool:
    """A word after a pair's end ("into") whose start, after "from" and maybe its kind ("from
    repo acme/web"), is a value (``read``: the words before, lowered, each with whether it is
    one) is a value too (``paired_values``)."""
    return previous in _PAIR_ENDS and len(read) >= 3 and read[-2][1] and "from" in (r[0] for r in read[-4:-2])
