"""A to-do list's open item is the request (``checklist_items``).

A list pasted from a note, an issue or a chat keeps its boxes: "- [ ] reboot droplet 77", "☐ cancel
cal.com booking 55", "[x] archive slack channel C0123 [ ] delete box file 123", "- [x] created the
jira issue - [ ] assign jira issue ENG-4 to bob". A ticked item is done; the open one is what is
asked. As written, the boxes' marks and the done items' words were read with it ("archive" before
"delete": Slack's archive), or left it under the floor. Read as the first open item's words.

Only where the request holds a box: "[ ]", "[x]", "☐", "☑", "✅", "✔".
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import asked_order

_OPEN = r"(?:\[\s\]|\u2610)"
_DONE = r"(?:\[[xX\u2713\u2714]\]|\u2611|\u2705|\u2714\ufe0f?|\u2713)"
# a box with the list's mark before it ("- [ ]", "* [x]", "1) [ ]")
_BOX = re.compile(rf"(?:^|\s)(?:[-*+\u2022]|\d+[.)])?\s*(?P<box>{_OPEN}|{_DONE})\s*", re.IGNORECASE)
_DONE_BOX = re.compile(_DONE)
_OPENER = re.compile(r"^\s*(?:to-?dos?|tasks?|next|checklist)\s*:\s*", re.IGNORECASE)
_MARKS = ("[", "\u2610", "\u2611", "\u2705", "\u2714", "\u2713")  # (a cheap test first)
_LONGEST = 2000  # characters


def open_item(request: str) -> str:
    """The first open item of ``request`` written as a to-do list ("[x] archive slack channel C0123
    [ ] delete box file 123": "delete box file 123"); ``request`` as written where it holds no box
    or no open item."""
    if len(request) > _LONGEST or not any(mark in request for mark in _MARKS):
        return request
    boxes = list(_BOX.finditer(request))
    if not boxes:
        return request
    for at, box in enumerate(boxes):
        if _DONE_BOX.fullmatch(box["box"]):
            continue
        end = boxes[at + 1].start() if at + 1 < len(boxes) else len(request)
        item = _OPENER.sub("", request[box.end() : end].strip(" \t\n;,-"))
        return item if asked_order(item) else request
    return request
