"""Who is calling: a verified token's claims checked against the directory, live, on every request.

Suspension, removal and revocation bite on the member's next call: nothing about a member is
cached between requests.
"""

from __future__ import annotations

from cardamom.core.snapshot import Snapshot
from cardamom.errors import AuthenticationError, NotFound
from cardamom.ports import Claims, Directory
from cardamom.service.authorization import Caller
from cardamom.service.snapshots import SnapshotService


class IdentityService:
    def __init__(self, directory: Directory) -> None:
        self._directory = directory

    def caller(self, claims: Claims) -> Caller:
        """One directory read: the member's status, role and grant-revocation watermark."""
        record = self._directory.get_member(claims.org, claims.member)
        if record is None:
            raise AuthenticationError(f"member {claims.member!r} is not in org {claims.org!r}")
        member = record.member
        if member.status != "active":
            raise AuthenticationError(f"member {claims.member!r} is {member.status}")
        revoked = record.grants_revoked_at
        # A token issued in the same second as a revocation is refused too: safe side.
        if revoked is not None and (claims.issued_at is None or claims.issued_at <= revoked):
            raise AuthenticationError(f"this token of member {claims.member!r} was revoked; get a new one")
        # One grant revoked (/oauth/revoke, cardamom__grants__revoke, refresh reuse): read with the member.
        if claims.grant is not None and claims.grant in record.revoked_grants:
            raise AuthenticationError(f"this token's grant was revoked; member {claims.member!r} must sign in again")
        return Caller(claims.org, member.id, member.role, claims.scopes, claims.token_id, claims.client_id)


def caller_snapshot(snapshots: SnapshotService, caller: Caller) -> Snapshot:
    """The snapshot of the caller's org; an org that no longer exists authenticates no one."""
    try:
        return snapshots.current(caller.org)
    except NotFound as exc:
        raise AuthenticationError(str(exc)) from exc
