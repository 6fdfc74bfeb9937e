"""Phrasal verbs a request writes for an action: "*spin down* the droplet", "*look into* jira
issue ENG-5", "*follow up on* intercom conversation 77", "*sign off on* PR 12". The particle is
filler and the verb alone another action or none ("look", "follow", "sign"); joined, the pair
reads as the action it names (``phrasal_verbs``; ``synonyms.join_compounds``)."""

from __future__ import annotations

PHRASAL_VERBS: dict[tuple[str, str], str] = {
    ("spin", "down"): "shutdown",
    ("take", "down"): "delete",
    ("take", "away"): "revoke",  # "take the admin role away from the platform team": revoked
    ("hang", "up"): "end",  # "hang up slack call R012": the call's end
    ("kick", "out"): "remove",  # "kick alice out of asana team 77": the names remove her
    ("boot", "out"): "remove",
    ("clean", "up"): "delete",
    ("look", "into"): "get",
    ("look", "at"): "get",
    ("look", "through"): "search",
    ("look", "for"): "search",  # "look for notion pages about onboarding"
    ("follow", "up"): "reply",
    ("sign", "off"): "approve",
    ("write", "up"): "create",
    ("fill", "in"): "update",
    ("fill", "out"): "update",
    ("back", "up"): "backup",
    ("bring", "back"): "restore",
    ("call", "off"): "cancel",
    ("put", "off"): "reschedule",
    ("send", "out"): "send",
    ("send", "over"): "send",
}
