"""Recording that a connection needs reauthorization, wherever its refused grant was met.

A refused grant (``ReauthorizationNeeded``, raised by ``CredentialService``) is met by
execution, which then rebuilds the snapshot so the connection's tools leave search at once,
or by discovery during a rebuild, after which the snapshot service rebuilds from the
directory as the write left it. The write itself rebuilds nothing, so discovery can make it
from inside a rebuild without calling back into the snapshot service.
"""

from __future__ import annotations

import logging

from cardamom.core.directory import DirectoryChange
from cardamom.core.orgdef import OrgDefinition
from cardamom.errors import ReauthorizationNeeded
from cardamom.service.admin import DirectoryWriter

log = logging.getLogger(__name__)


def needs_reauth_change(definition: OrgDefinition, account: str) -> DirectoryChange:
    """An active connection moves to ``needs_reauth``; any other status is left as it is."""
    for conn in definition.connections:
        if conn.account == account and conn.status == "active":
            return DirectoryChange(connections={conn.account: conn.model_copy(update={"status": "needs_reauth"})})
    return DirectoryChange()


class Reauthorization:
    def __init__(self, writer: DirectoryWriter) -> None:
        self._writer = writer

    def record(self, org: str, refusal: ReauthorizationNeeded) -> bool:
        """Mark the refused connection ``needs_reauth``; True when the directory changed (the
        connection's tools must leave the snapshot)."""
        log.warning(
            "connection needs reauthorization", extra={"org": org, "account": refusal.account, "why": str(refusal)}
        )
        _, changed = self._writer.change(org, lambda definition: needs_reauth_change(definition, refusal.account))
        return changed
