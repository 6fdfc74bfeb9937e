"""The authorization server's use cases: authorize, sign in, consent, token, revoke.

Every step of the browser flow reads the pending request from the store (Lambda instances
share nothing else), checks that the browser presenting it is the one that started it
(the flow cookie's digest) and, on a form post, that the form's CSRF token is the
request's own. Codes are single use; a replayed code revokes what it issued. Refresh
tokens rotate, and a reused one revokes its family (the directory grant), which the
gateway then refuses on the next call of any of its access tokens. ``/token`` and ``/revoke``
are the exchange's (``service/oauth_exchange.py``).
"""

from __future__ import annotations

import secrets
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlencode

from cardamom.core.oauth_clients import OAuthClient
from cardamom.core.oauth_grants import (
    CODE_TTL_SECONDS,
    AuthorizationCode,
    PendingAuthorization,
    authorization_request,
    check_redirect_uri,
    digest,
)
from cardamom.core.oauth_metadata import CALLBACK_PATH, CHOOSE_ORG_PATH, CONSENT_PATH, SIGNIN_PATH
from cardamom.core.oauth_scopes import consent_covers, granted_scopes
from cardamom.core.orgdef import Role
from cardamom.core.signin import member_id_from_claims
from cardamom.errors import Conflict, OAuthError
from cardamom.ports import (
    AuthorizationStore,
    ConsentStore,
    Directory,
    IdentityProvider,
    RateCounter,
    RefreshFamilyStore,
    TokenVerifier,
)
from cardamom.service.oauth_clients import ClientRegistry
from cardamom.service.oauth_exchange import ServerSettings, TokenExchange
from cardamom.service.oauth_issuer import TokenIssuer


@dataclass(frozen=True, slots=True)
class Redirect:
    url: str


@dataclass(frozen=True, slots=True)
class MemberChoice:
    org: str
    member: str
    role: Role


@dataclass(frozen=True, slots=True)
class ConsentView:
    request: PendingAuthorization
    client: OAuthClient
    role: Role


def _with_params(uri: str, params: Mapping[str, str]) -> str:
    return uri + ("&" if "?" in uri else "?") + urlencode(params)


def _page_error(description: str) -> OAuthError:
    return OAuthError("invalid_request", description, status=400)


class AuthorizationServer:
    def __init__(
        self,
        *,
        settings: ServerSettings,
        clients: ClientRegistry,
        requests: AuthorizationStore,
        families: RefreshFamilyStore,
        consents: ConsentStore,
        counter: RateCounter,
        tokens: TokenIssuer,
        verifier: TokenVerifier,
        directory: Directory,
        identity: IdentityProvider | None = None,
        clock: Callable[[], float] = time.time,
        new_secret: Callable[[], str] = lambda: secrets.token_urlsafe(32),
    ) -> None:
        self.exchange = TokenExchange(
            settings=settings,
            clients=clients,
            requests=requests,
            families=families,
            tokens=tokens,
            verifier=verifier,
            directory=directory,
            clock=clock,
            new_secret=new_secret,
        )
        self.settings = settings
        self.clients = clients
        self._requests = requests
        self._consents = consents
        self._counter = counter
        self._tokens = tokens
        self._directory = directory
        self._identity = identity
        self._clock = clock
        self._new_secret = new_secret

    def clients_jwks(self) -> dict[str, Any]:
        """The public keys that verify Cardamom's access tokens (``/oauth/jwks``)."""
        return self._tokens.jwks()

    def _now(self) -> int:
        return int(self._clock())

    def _url(self, path: str, **params: str) -> str:
        return self.settings.issuer.rstrip("/") + path + (("?" + urlencode(params)) if params else "")

    def _answer(self, request: PendingAuthorization, params: Mapping[str, str]) -> Redirect:
        """A response to the client on its verified redirect URI, with ``state`` and ``iss`` (RFC 9207)."""
        return Redirect(
            _with_params(request.redirect_uri, {**params, "state": request.state, "iss": self.settings.issuer})
        )

    # ---- /authorize ---------------------------------------------------------------------------

    async def authorize(self, params: Mapping[str, str], browser: str) -> Redirect:
        """Start a flow. Errors before the client and redirect URI are verified raise (a page);
        later ones go back to the client."""
        client = await self.clients.resolve(params.get("client_id"))
        now = self._now()
        try:
            request = authorization_request(
                params,
                client,
                resource_url=self.settings.resource,
                request_id=self._new_secret(),
                browser=digest(browser),
                csrf=self._new_secret(),
                now=now,
            )
        except OAuthError as exc:
            if not exc.redirect:
                raise
            redirect_uri = check_redirect_uri(client, params.get("redirect_uri"))
            query = {"error": exc.error, "error_description": str(exc), "iss": self.settings.issuer}
            if params.get("state"):
                query["state"] = params["state"]
            return Redirect(_with_params(redirect_uri, query))
        if self._identity is not None:
            verifier, nonce = self._new_secret() + self._new_secret(), self._new_secret()
            request = replace(request, idp_verifier=verifier, idp_nonce=nonce)
            self._requests.put_request(request)
            url = await self._identity.authorization_url(
                redirect_uri=self._url(CALLBACK_PATH), state=request.id, nonce=nonce, code_verifier=verifier
            )
            return Redirect(url)
        if not self.settings.dev_signin:
            raise OAuthError("server_error", "no sign-in method is configured (set CARDAMOM_OIDC_ISSUER)", status=500)
        self._requests.put_request(request)
        return Redirect(self._url(SIGNIN_PATH, request=request.id))

    def pending(
        self, request_id: str | None, browser: str | None, *, stage: str, csrf: str | None = None
    ) -> PendingAuthorization:
        """The request a page or form names, if this browser started it and it is at ``stage``."""
        request = None if not request_id else self._requests.get_request(request_id, now=self._now())
        if request is None:
            raise _page_error("this sign-in has expired or is unknown; start again from your MCP client")
        if not browser or not secrets.compare_digest(request.browser, digest(browser)):
            raise _page_error("this sign-in was started in another browser; start again from your MCP client")
        if request.stage != stage:
            raise _page_error(f"this sign-in is not waiting for this step (it is at {request.stage!r})")
        if csrf is not None and not secrets.compare_digest(csrf, request.csrf):
            raise OAuthError("access_denied", "the form's CSRF token does not match this sign-in", status=403)
        return request

    def _move(self, request: PendingAuthorization, before: str, **changes: Any) -> PendingAuthorization:
        moved = replace(request, **changes)
        try:
            self._requests.replace_request(moved, expected_stage=before)
        except Conflict:
            raise _page_error("this sign-in moved on in another tab; start again from your MCP client") from None
        return moved

    # ---- sign-in ------------------------------------------------------------------------------

    def dev_choices(self) -> list[MemberChoice]:
        """The development sign-in page's list: every active member of every org."""
        if not self.settings.dev_signin:
            raise OAuthError("access_denied", "the development sign-in is not enabled here", status=404)
        choices = []
        for org in sorted(self._directory.org_versions()):
            stored = self._directory.load_org(org)
            if stored is None:
                continue
            choices += [MemberChoice(org, m.id, m.role) for m in stored.definition.members if m.status == "active"]
        return choices

    def dev_signin(self, request_id: str, browser: str, csrf: str, org: str, member: str) -> Redirect:
        if not self.settings.dev_signin:
            raise OAuthError("access_denied", "the development sign-in is not enabled here", status=404)
        request = self.pending(request_id, browser, stage="signin", csrf=csrf)
        return self._signed_in(request, "signin", [org], member)

    async def idp_callback(self, params: Mapping[str, str], browser: str) -> Redirect:
        if self._identity is None:
            raise OAuthError("access_denied", "no identity provider is configured", status=404)
        request = self.pending(params.get("state"), browser, stage="signin")
        if params.get("error"):
            self._move(request, "signin", stage="done")
            return self._answer(request, {"error": "access_denied", "error_description": "sign-in was cancelled"})
        code = params.get("code")
        if not code or request.idp_verifier is None or request.idp_nonce is None:
            raise _page_error("the identity provider answered without a code")
        claims = await self._identity.identify(
            code=code,
            redirect_uri=self._url(CALLBACK_PATH),
            code_verifier=request.idp_verifier,
            nonce=request.idp_nonce,
        )
        member = member_id_from_claims(claims, self.settings.member_claim)
        orgs = [org for org in sorted(self._directory.org_versions()) if self._active(org, member) is not None]
        return self._signed_in(request, "signin", orgs, member)

    def _active(self, org: str, member: str) -> Role | None:
        record = self._directory.get_member(org, member)
        if record is None or record.member.status != "active":
            return None
        return record.member.role

    def _signed_in(self, request: PendingAuthorization, stage: str, orgs: list[str], member: str) -> Redirect:
        # A client an org file registers signs its members into that org only.
        orgs = [org for org in orgs if self._active(org, member) is not None]
        if request.client_org is not None:
            orgs = [org for org in orgs if org == request.client_org]
        if not orgs:
            self._move(request, stage, stage="done")
            raise OAuthError("access_denied", f"{member} is not an active member of any org here", status=403)
        if len(orgs) > 1:
            moved = self._move(request, stage, stage="choose_org", member=member, orgs=tuple(orgs))
            return Redirect(self._url(CHOOSE_ORG_PATH, request=moved.id))
        return self._to_consent(request, stage, orgs[0], member)

    def choose_org(self, request_id: str, browser: str, csrf: str, org: str) -> Redirect:
        request = self.pending(request_id, browser, stage="choose_org", csrf=csrf)
        if org not in request.orgs or request.member is None:
            raise _page_error(f"{org!r} is not one of the orgs offered")
        return self._to_consent(request, "choose_org", org, request.member)

    def _to_consent(self, request: PendingAuthorization, stage: str, org: str, member: str) -> Redirect:
        remembered = self._consents.remembered(org, member, request.client_id)
        if consent_covers(remembered, request.scopes):
            moved = self._move(request, stage, stage="done", org=org, member=member)
            return self._issue_code(moved, granted_scopes(request.scopes, remembered or ()))
        moved = self._move(request, stage, stage="consent", org=org, member=member)
        return Redirect(self._url(CONSENT_PATH, request=moved.id))

    # ---- consent ------------------------------------------------------------------------------

    async def consent_view(self, request_id: str, browser: str) -> ConsentView:
        request = self.pending(request_id, browser, stage="consent")
        assert request.org is not None and request.member is not None
        role = self._active(request.org, request.member)
        if role is None:
            raise OAuthError("access_denied", f"{request.member} is no longer an active member", status=403)
        return ConsentView(request, await self.clients.resolve(request.client_id), role)

    async def decide(self, request_id: str, browser: str, csrf: str, approve: bool, scopes: list[str]) -> Redirect:
        request = self.pending(request_id, browser, stage="consent", csrf=csrf)
        assert request.org is not None and request.member is not None
        done = self._move(request, "consent", stage="done")
        if not approve:
            return self._answer(done, {"error": "access_denied", "error_description": "the request was declined"})
        granted = granted_scopes(request.scopes, scopes)
        if not granted:
            return self._answer(done, {"error": "access_denied", "error_description": "no scope was granted"})
        client = await self.clients.resolve(request.client_id)
        remembered = self._consents.remembered(request.org, request.member, request.client_id)
        if client.kind == "registered" and remembered is None:
            count = self._counter.hit(f"new-client:{request.org}", window_seconds=86_400, now=self._now())
            if count > self.settings.new_clients_per_day:
                raise OAuthError(
                    "access_denied", "this org has admitted too many new clients today; try again tomorrow", status=429
                )
        self._consents.remember(request.org, request.member, request.client_id, granted, at=self._now())
        return self._issue_code(done, granted)

    def _issue_code(self, request: PendingAuthorization, scopes: tuple[str, ...]) -> Redirect:
        assert request.org is not None and request.member is not None
        code = self._new_secret()
        self._requests.put_code(
            AuthorizationCode(
                code_hash=digest(code),
                client_id=request.client_id,
                redirect_uri=request.redirect_uri,
                code_challenge=request.code_challenge,
                resource=request.resource,
                org=request.org,
                member=request.member,
                scopes=scopes,
                expires_at=self._now() + CODE_TTL_SECONDS,
                grant_id=uuid.uuid4().hex,
            )
        )
        return self._answer(request, {"code": code})

    # ---- /token and /revoke: the exchange (service/oauth_exchange.py) ------------------------------

    async def token(self, form: Mapping[str, str], basic: tuple[str, str] | None) -> dict[str, Any]:
        return await self.exchange.token(form, basic)

    async def revoke(self, form: Mapping[str, str], basic: tuple[str, str] | None) -> None:
        await self.exchange.revoke(form, basic)
