"""Credentials by reference to environment variables (the embedded default).

The directory stores only the variable's name; the value is read at call time and
never stored, logged or returned.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from cardamom.core.orgdef import AuthSpec
from cardamom.core.outbound import NO_CREDENTIAL, Credential, Secret
from cardamom.core.pool import AccountInfo
from cardamom.errors import CredentialUnavailable


class EnvCredentialResolver:
    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        self._environ = os.environ if environ is None else environ

    def _value(self, account: AccountInfo, name: str | None) -> Secret:
        if name is None:
            raise CredentialUnavailable(f"connection {account.account} has no credential reference")
        value = self._environ.get(name)
        if not value:
            raise CredentialUnavailable(
                f"the credential of connection {account.account} is not available "
                f"(environment variable {name} is not set)"
            )
        return Secret(value)

    async def resolve(self, org: str, account: AccountInfo, auth: AuthSpec) -> Credential:
        refs = account.credentials
        if auth.type == "none":
            return NO_CREDENTIAL
        if auth.type == "bearer":
            return Credential("bearer", token=self._value(account, refs.token_env))
        if auth.type == "api_key":
            return Credential("api_key", token=self._value(account, refs.api_key_env))
        return Credential(
            "basic",
            username=self._value(account, refs.username_env),
            password=self._value(account, refs.password_env),
        )

    def reject(self, org: str, account: AccountInfo, auth: AuthSpec, credential: Credential) -> bool:
        return False  # the variable holds the one value there is
