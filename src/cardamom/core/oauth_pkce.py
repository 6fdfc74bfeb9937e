"""PKCE (RFC 7636), S256 only: OAuth 2.1 forbids ``plain`` and so does Cardamom."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

CHALLENGE_METHODS = ("S256",)
_VERIFIER = re.compile(r"^[A-Za-z0-9._~-]{43,128}$")
_CHALLENGE = re.compile(r"^[A-Za-z0-9_-]{43}$")


def s256(verifier: str) -> str:
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def challenge_problem(challenge: str | None, method: str | None) -> str | None:
    """Why an authorization request's PKCE parameters are refused, or None."""
    if not challenge:
        return "code_challenge is required (PKCE with S256)"
    if method != "S256":
        return f"code_challenge_method must be S256, not {method or 'absent (plain)'}"
    if not _CHALLENGE.match(challenge):
        return "code_challenge must be the base64url SHA-256 of the code verifier (43 characters)"
    return None


def verifier_matches(verifier: str | None, challenge: str) -> bool:
    if not verifier or not _VERIFIER.match(verifier):
        return False
    return hmac.compare_digest(s256(verifier), challenge)
