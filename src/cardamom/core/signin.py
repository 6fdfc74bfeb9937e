"""Who signed in: an identity provider's verified claims mapped to a member id.

The configured claim (``email`` or ``sub``) names the member: member ids in the org file are
matched against it, emails compared in lower case. An email the provider says is not
verified names nobody. Which org: every org whose directory has an active member of that
id; with several, the person chooses on the page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cardamom.core.orgdef import MEMBER_ID
from cardamom.errors import OAuthError

_MEMBER = re.compile(MEMBER_ID)


def member_id_from_claims(claims: Mapping[str, Any], claim: str) -> str:
    value = claims.get(claim)
    if not isinstance(value, str) or not value.strip():
        raise OAuthError("access_denied", f"the identity provider's token has no {claim!r} claim")
    if claim == "email":
        if claims.get("email_verified") is False:
            raise OAuthError("access_denied", "the identity provider says this email address is not verified")
        value = value.strip().lower()
    if not _MEMBER.match(value):
        raise OAuthError("access_denied", f"{value!r} cannot be a member id")
    return value
