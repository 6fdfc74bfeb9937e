"""A connection's stored secret, read for a call: its values, and the fields a credential needs.

Both the plain credentials (``service/credentials.py``) and the OAuth client credentials and
refresh token (``service/oauth_tokens.py``) come from here, with the same refusals, each
naming the connection.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardamom.core.pool import AccountInfo
from cardamom.errors import CredentialUnavailable
from cardamom.ports import SecretStore


def stored_secret(secrets: SecretStore, org: str, account: AccountInfo, *, fresh: bool = False) -> dict[str, str]:
    """The values of the secret ``account`` names (``fresh``: past any cache)."""
    name = account.credentials.secret
    values = None if name is None else secrets.get(org, name, fresh=fresh)
    if values is None:
        raise CredentialUnavailable(f"the credential of connection {account.account} is not in the secret store")
    return values


def secret_field(values: Mapping[str, str], name: str, account: AccountInfo) -> str:
    """A field the credential needs, present and not empty."""
    value = values.get(name)
    if not value:
        raise CredentialUnavailable(f"the secret of connection {account.account} has no {name!r}")
    return value
