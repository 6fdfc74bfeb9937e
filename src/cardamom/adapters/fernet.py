"""Secrets on the embedded store: one Fernet-encrypted JSON file beside a 0600 key file.

The key is generated on first use under the local state directory; the file holds every
org's named secrets and is rewritten atomically (write aside, then rename). Writers hold an
exclusive ``flock`` on a lock file beside it for the whole read-modify-write, so two
processes sharing the state directory (``cardamom serve`` and the CLI, or two servers) never
lose each other's writes, and ``replace`` compares and writes as one step across them.
Reads take no lock: the rename makes every read see one whole file.
"""

from __future__ import annotations

import fcntl
import json
import os
import tempfile
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

from cardamom.errors import ConfigError, StoreError

Secrets = dict[str, dict[str, dict[str, str]]]


class FernetSecretStore:
    def __init__(self, path: Path, key_path: Path) -> None:
        self._path = path
        self._lock_path = path.with_name(path.name + ".lock")
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

    def _load(self) -> Secrets:
        if not self._path.exists():
            return {}
        try:
            data: Secrets = json.loads(self._fernet.decrypt(self._path.read_bytes()))
        except InvalidToken:
            raise ConfigError(f"the secrets file {self._path} does not open with its key") from None
        return data

    @contextmanager
    def _writing(self) -> Iterator[Secrets]:
        """The secrets as stored now, for one read-modify-write no other writer interleaves with."""
        with self._lock:
            try:
                self._path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(self._lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError as exc:
                raise StoreError(f"cannot lock the secrets file: {exc.strerror}") from exc
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                yield self._load()
            finally:
                os.close(fd)  # closing releases the lock

    def _save(self, data: Secrets) -> None:
        blob = self._fernet.encrypt(json.dumps(data).encode())
        try:
            fd, tmp = tempfile.mkstemp(dir=self._path.parent, prefix=".secrets-")
            with os.fdopen(fd, "wb") as handle:
                handle.write(blob)
            os.chmod(tmp, 0o600)
            os.replace(tmp, self._path)
        except OSError as exc:
            raise StoreError(f"cannot write the secrets file: {exc.strerror}") from exc

    def get(self, org: str, name: str, *, fresh: bool = False) -> dict[str, str] | None:
        with self._lock:  # nothing is cached: every read is fresh
            value = self._load().get(org, {}).get(name)
        return None if value is None else dict(value)

    def put(self, org: str, name: str, value: dict[str, str]) -> None:
        with self._writing() as data:
            data.setdefault(org, {})[name] = {str(k): str(v) for k, v in value.items()}
            self._save(data)

    def replace(self, org: str, name: str, expected: Mapping[str, str], value: dict[str, str]) -> bool:
        with self._writing() as data:
            if data.get(org, {}).get(name) != dict(expected):
                return False
            data[org][name] = {str(k): str(v) for k, v in value.items()}
            self._save(data)
            return True
