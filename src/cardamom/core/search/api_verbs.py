"""Verbs an API's operations do that no synonym group holds: "*refund* charge ch_77", "*archive*
it", "*invite* ana@acme.com", "*merge* PR 12". They open a sentence as a request as the action
words do, where a rule reads a request by its sentences' first words (``named_verbs``:
``request_parts``, after statements or in listed steps). A closed list: the words a tool's name
ends with are as often its things ("get_customers_*customer*") as its verbs."""

from __future__ import annotations

API_VERBS = frozenset(
    {"refund", "archive", "unarchive", "invite", "merge", "approve", "reject", "reopen", "void", "pay", "reply"}
    | {"comment", "link", "unlink", "remind", "share", "book", "reschedule", "reboot", "resize", "fork", "star"}
    | {"pin", "unpin", "mute", "unmute", "follow", "unfollow", "subscribe", "unsubscribe", "publish", "capture"}
    | {"confirm", "decline", "accept", "restore", "rename", "lock", "unlock", "enable", "disable", "stop", "pause"}
    | {"resume", "trigger", "dispatch", "deploy", "redeploy", "rollback", "sync", "verify", "revoke", "rotate"}
    | {"restart", "snapshot", "backup", "shutdown"}
    | {"schedule", "notify", "mention", "react", "resolve", "complete", "finish", "transition", "tag", "label"}
)

# Verbs that change a thing's state, which an API often does through its update operation:
# GitHub closes an issue with ``issues_update`` (state "closed"), Notion archives a page with
# ``patch_page``, Asana completes a task with ``update_task``.
STATE_VERBS = frozenset(
    {"close", "reopen", "archive", "unarchive", "complete", "finish", "resolve", "void", "mark", "pause", "resume"}
    | {"assign", "reassign", "unassign", "rename", "lock", "unlock", "publish", "unpublish", "approve", "reject"}
    | {"release", "unrelease", "reschedule"}
)

# The HTTP methods a REST operation's name opens with (``post_tax_transactions``, ``put_files_id``).
NAME_METHODS = frozenset({"get", "post", "put", "patch", "delete"})
