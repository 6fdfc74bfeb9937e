"""Where the authorization server's signing keys live: a local file, or AWS Secrets Manager.

Both hold the key ring as one JWKS document (private keys, newest first). Creating it is
exclusive (``create=True``): two processes starting at once agree on one ring.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from cardamom.errors import Conflict, StoreError


class FileKeyStore:
    """The local ring: one file under CARDAMOM_HOME, readable by its owner only."""

    def __init__(self, path: Path) -> None:
        self._path = path

    def load(self) -> str | None:
        try:
            return self._path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StoreError(f"cannot read the signing keys at {self._path}: {exc.strerror}") from None

    def save(self, document: str, *, create: bool) -> None:
        self._path.parent.mkdir(parents=True, exist_ok=True)
        if create:
            try:
                fd = os.open(self._path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                raise Conflict(f"{self._path} already exists") from None
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(document)
            return
        fd, tmp = tempfile.mkstemp(dir=self._path.parent, prefix=".keys-")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(document)
        os.chmod(tmp, 0o600)
        os.replace(tmp, self._path)


class SecretsManagerKeyStore:
    """The ring on AWS: one secret (``cardamom/oauth/signing-keys`` by default)."""

    def __init__(self, client: Any, secret_id: str) -> None:
        self._client = client
        self._id = secret_id

    def load(self) -> str | None:
        try:
            response = self._client.get_secret_value(SecretId=self._id)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == "ResourceNotFoundException":
                return None
            raise StoreError(f"cannot read the signing keys: {exc.response.get('Error', {}).get('Code')}") from None
        except BotoCoreError as exc:
            raise StoreError(f"cannot read the signing keys: {type(exc).__name__}") from None
        value: str = response["SecretString"]
        return value

    def save(self, document: str, *, create: bool) -> None:
        try:
            if create:
                self._client.create_secret(Name=self._id, SecretString=document)
            else:
                self._client.put_secret_value(SecretId=self._id, SecretString=document)
        except ClientError as exc:
            code = exc.response.get("Error", {}).get("Code")
            if create and code == "ResourceExistsException":
                raise Conflict(f"secret {self._id} already exists") from None
            raise StoreError(f"cannot write the signing keys: {code}") from None
        except BotoCoreError as exc:
            raise StoreError(f"cannot write the signing keys: {type(exc).__name__}") from None


class MemoryKeyStore:
    """A ring that lives as long as the process (tests that never sign in)."""

    def __init__(self) -> None:
        self._document: str | None = None

    def load(self) -> str | None:
        return self._document

    def save(self, document: str, *, create: bool) -> None:
        if create and self._document is not None:
            raise Conflict("the key ring already exists")
        self._document = document
