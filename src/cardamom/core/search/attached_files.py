"""What a request uploads or attaches: a file described by its content, not a tool's word.

"upload *the signed contract* to box folder 12", "attach *a screenshot* to jira issue OPS-3",
"attach *the design mockup* to asana task 12": the words between the verb and the place the
file goes say what the file holds. No name of the app says "contract", "screenshot" or
"mockup", so read as words of the tool they are the rarest words of the request and hold half
its mass: nothing clears the floor, though Box's ``post_files_content`` uploads a file and
Jira's ``add_attachment`` attaches one. They are the file's content, a value to pass, as the
text a request posts is (``app_roles.sent_words``): they leave the mass in an app taking files
where no name carries the word as the same noun (``described_content``): Xero's
``create_receipt_attachment_by_file_name`` keeps "attach *the receipt* to ...".

An app whose names never upload but attach ("upload a file to an asana task": Asana's
``create_attachment_for_object``, "Upload an attachment") takes an upload as an attachment
(``uploaded_as_attached``).
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Sequence

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import union_of
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import QUERY_FILLER_WORDS, inflection_key, singular

# Verbs putting a file on a thing or in a place ("*upload* the contract to box folder 12")
ATTACHING = frozenset({"upload", "attach", "reupload"})
# Verbs making a file ("upload the contract to box"), not linking one to a thing ("attach")
UPLOADING = frozenset({"upload", "reupload"})
FILE = "file"  # the thing an upload makes, its own inflection key
# Words saying where the file goes ("attach the logs *to* jira issue OPS-3", "upload the deck *into* folder 7")
_PLACES = frozenset({"to", "into", "onto", "in", "on"})
# Words of a name saying it acts on a file ("create_receipt_*attachment*_by_file_name"; their
# plurals through ``_named``'s inflections)
_FILE_WORDS = ("file", "attachment", "upload")
_LONGEST_DESCRIBED = 4  # words describing a file: "upload *the signed Q3 sales contract* to box"


def attached_words(sequence: Sequence[str], values: Container[str], apps: Container[str]) -> frozenset[str]:
    """The words describing the file a request opening with an attaching verb uploads or
    attaches, up to the word placing it: at most ``_LONGEST_DESCRIBED``, no action among them
    ("upload the file *and share* it" does two things), no value (a thing named by its id is one
    of the app's, no file's content: "attach *volume vol-123* to droplet 3342"; "upload
    notes.txt": a file's name is a value already)."""
    words = [w for w in sequence if w not in apps]
    start = next((i for i, w in enumerate(words) if w not in QUERY_FILLER_WORDS), len(words))  # "please upload"
    if start == len(words) or words[start] not in ATTACHING:
        return frozenset()
    at = next((i for i in range(start + 1, len(words)) if words[i] in _PLACES), None)
    if at is None:
        return frozenset()
    described = [w for w in words[start + 1 : at] if w not in QUERY_FILLER_WORDS]
    if len(described) > _LONGEST_DESCRIBED or any(is_action_word(w) or w in values for w in described):
        return frozenset()
    return frozenset(described)


def described_content(index: SearchIndex, described: Iterable[str], scoped: frozenset[int]) -> frozenset[str]:
    """The words of ``described`` (``attached_words``) that are a file's content: none where no
    name of ``scoped`` takes a file (``_FILE_WORDS``: Intercom's ``attach_contact_to_...`` attach
    things), else those no name of ``scoped`` carries as the same noun, one or many ("attach *the
    firewall* to droplet 99" keeps DigitalOcean's firewalls, "upload *the signed* contract" lets
    Box's "sign" requests go)."""
    if not union_of(_named(index, w) for w in _FILE_WORDS) & scoped:
        return frozenset()
    return frozenset(w for w in described if not _named_as_noun(index, w, scoped))


def _named_as_noun(index: SearchIndex, word: str, scoped: frozenset[int]) -> bool:
    forms = (f for f in index.name_forms.get(inflection_key(word), ()) if singular(f) == singular(word))
    return any(index.postings(f).name & scoped for f in (word, *forms))


def as_file(index: SearchIndex, kept: tuple[str, ...], scoped: frozenset[int]) -> tuple[str, ...]:
    """``kept`` with "file", the thing an upload makes, where the request opens with an uploading
    verb, says no file, and some name of ``scoped`` says one: "upload *a screenshot* to box" is
    Box's ``post_files_content`` ("Upload file"), as "upload a file to box" is, not its upload
    sessions, the only names saying "upload"."""
    if not kept or kept[0] not in UPLOADING or any(inflection_key(w) == FILE for w in kept):
        return kept
    return (*kept, FILE) if _named(index, FILE) & scoped else kept


def _named(index: SearchIndex, word: str) -> frozenset[int]:
    """The tools whose names say ``word`` as written or inflected."""
    entry = index.postings(word)
    return union_of((entry.name, entry.inflected))


_UPLOAD = re.compile(r"^(\s*(?:please\s+)?)(?:re)?upload\b", re.IGNORECASE)


def uploaded_as_attached(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` opening with an upload, where no name of ``tools`` uploads and one says
    attachments, opening with "attach" ("upload a file to an asana task": "attach a file to an
    asana task"); ``request`` as written otherwise."""
    found = _UPLOAD.match(request)
    if found is None or _named(index, "upload") & tools or not _named(index, "attachment") & tools:
        return request
    return f"{found.group(1)}attach{request[found.end() :]}"
