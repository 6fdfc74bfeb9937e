"""Secrets on the embedded store: one Fernet-encrypted JSON file beside a 0600 key file.

The key is generated on first use under the local state directory; the file holds every
org's named secrets and is rewritten atomically (write aside, then rename).
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

from cardamom.errors import ConfigError, StoreError


class FernetSecretStore:
    def __init__(self, path: Path, key_path: Path) -> None:
        self._path = path
        self._lock = threading.Lock()
        self._fernet = Fernet(self._key(key_path))

    @staticmethod
    def _key(path: Path) -> bytes:
        if path.exists():
            return path.read_bytes().strip()
        path.parent.mkdir(parents=True, exist_ok=True)
        key = Fernet.generate_key()
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(key)
        return key

    def _load(self) -> dict[str, dict[str, dict[str, str]]]:
        if not self._path.exists():
            return {}
        try:
            data: dict[str, dict[str, dict[str, str]]] = json.loads(self._fernet.decrypt(self._path.read_bytes()))
        except InvalidToken:
            raise ConfigError(f"the secrets file {self._path} does not open with its key") from None
        return data

    def get(self, org: str, name: str, *, fresh: bool = False) -> dict[str, str] | None:
        with self._lock:
            value = self._load().get(org, {}).get(name)
        return None if value is None else dict(value)

    def put(self, org: str, name: str, value: dict[str, str]) -> None:
        with self._lock:
            data = self._load()
            data.setdefault(org, {})[name] = {str(k): str(v) for k, v in value.items()}
            blob = self._fernet.encrypt(json.dumps(data).encode())
            try:
                self._path.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(dir=self._path.parent, prefix=".secrets-")
                with os.fdopen(fd, "wb") as handle:
                    handle.write(blob)
                os.chmod(tmp, 0o600)
                os.replace(tmp, self._path)
            except OSError as exc:
                raise StoreError(f"cannot write the secrets file: {exc.strerror}") from exc
