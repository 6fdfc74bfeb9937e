"""The sign-in and consent pages: server-rendered HTML, no JavaScript, readable on a phone.

Every value is escaped; every form carries the request id and its CSRF token; the pages
forbid framing (clickjacking) and load nothing from elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from urllib.parse import urlsplit

from cardamom.core.oauth_grants import PendingAuthorization
from cardamom.core.oauth_metadata import CHOOSE_ORG_PATH, CONSENT_PATH, SIGNIN_PATH
from cardamom.core.oauth_scopes import SCOPE_DESCRIPTIONS
from cardamom.service.oauth_server import ConsentView, MemberChoice

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}

_STYLE = """
*{box-sizing:border-box}
body{margin:0;font:17px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1c1c;background:#f4f1ec}
main{max-width:34rem;margin:0 auto;padding:1.25rem}
h1{font-size:1.45rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.05rem;margin:1.25rem 0 .5rem}
.card{background:#fff;border-radius:12px;padding:1.1rem;box-shadow:0 1px 3px rgba(0,0,0,.12);margin-bottom:1rem}
.brand{font-weight:700;color:#7a4b12;letter-spacing:.02em}
.muted{color:#5a5a5a;font-size:.92rem}
.warn{background:#fff3cd;border:2px solid #c98a00;color:#4d3500;border-radius:10px;padding:.8rem 1rem;
  margin-bottom:1rem}
.warn strong{display:block;font-size:1.05rem}
.error{background:#fde8e8;border:2px solid #b42318;color:#5c1410;border-radius:10px;padding:.8rem 1rem}
button{font:inherit;font-weight:600;border:0;border-radius:10px;padding:.85rem 1rem;width:100%;cursor:pointer;
  margin-top:.5rem}
.primary{background:#1f5f3a;color:#fff}
.secondary{background:#e7e2da;color:#1c1c1c}
.member{display:flex;justify-content:space-between;align-items:center;gap:.75rem}
.member form{flex:0 0 8.5rem}
.member button{margin:0}
label.scope{display:flex;gap:.75rem;align-items:flex-start;padding:.6rem 0;border-top:1px solid #eee}
label.scope input{width:1.35rem;height:1.35rem;margin-top:.2rem;flex:0 0 auto}
code{font-size:.9em;word-break:break-all}
.row{display:flex;gap:.75rem}
.row form{flex:1}
"""


def page(title: str, body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)} · Cardamom</title><style>{_STYLE}</style></head>"
        f'<body><main><div class="brand">Cardamom</div>{body}</main></body></html>'
    )


def _hidden(request: PendingAuthorization, **extra: str) -> str:
    fields = {"request": request.id, "csrf": request.csrf, **extra}
    return "".join(f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">' for k, v in fields.items())


def _host(uri: str) -> str:
    parts = urlsplit(uri)
    return parts.netloc or f"{parts.scheme}:"


def dev_signin_page(request: PendingAuthorization, choices: Sequence[MemberChoice]) -> str:
    orgs: dict[str, list[MemberChoice]] = {}
    for choice in choices:
        orgs.setdefault(choice.org, []).append(choice)
    sections = []
    for org, members in orgs.items():
        rows = "".join(
            f'<div class="member"><div><strong>{escape(m.member)}</strong>'
            f'<div class="muted">{escape(m.role)}</div></div>'
            f'<form method="post" action="{SIGNIN_PATH}">{_hidden(request, org=org, member=m.member)}'
            f'<button class="primary" type="submit">Sign in</button></form></div>'
            for m in members
        )
        sections.append(f'<div class="card"><h2>Org {escape(org)}</h2>{rows}</div>')
    if not sections:
        sections.append('<div class="card">No org has an active member yet: apply an org file first.</div>')
    return page(
        "Development sign-in",
        '<div class="warn"><strong>Development sign-in only</strong>'
        "Anyone who can open this page can act as any member. It is on because no identity provider "
        "is configured (CARDAMOM_OIDC_ISSUER); never expose it on a shared network.</div>"
        f"<h1>Sign in to connect {escape(request.client_name)}</h1>"
        '<p class="muted">Choose the member to sign in as.</p>' + "".join(sections),
    )


def choose_org_page(request: PendingAuthorization) -> str:
    buttons = "".join(
        f'<form method="post" action="{CHOOSE_ORG_PATH}">{_hidden(request, org=org)}'
        f'<button class="primary" type="submit">{escape(org)}</button></form>'
        for org in request.orgs
    )
    return page(
        "Choose an org",
        f"<h1>Which org should {escape(request.client_name)} act in?</h1>"
        f'<div class="card"><p>You are signed in as <strong>{escape(request.member or "")}</strong>, '
        f"a member of several orgs.</p>{buttons}</div>",
    )


def _client_line(view: ConsentView) -> str:
    client = view.client
    if client.kind == "metadata_document":
        origin = _host(client.client_id)
        return f"Identified by its metadata document at <strong>{escape(origin)}</strong>."
    if client.kind == "preregistered":
        return "Registered by your org's administrators."
    return "Registered itself automatically: its name is its own claim, so check where it sends you back."


def consent_page(view: ConsentView) -> str:
    request = view.request
    scopes = "".join(
        f'<label class="scope"><input type="checkbox" name="scope" value="{escape(s)}" checked>'
        f"<span><strong>{escape(SCOPE_DESCRIPTIONS.get(s, s))}</strong>"
        f'<br><span class="muted"><code>{escape(s)}</code></span></span></label>'
        for s in request.scopes
    )
    return page(
        "Allow access?",
        f"<h1>Allow <em>{escape(view.client.client_name)}</em> to use Cardamom as you?</h1>"
        '<div class="card">'
        f"<p>Signed in as <strong>{escape(request.member or '')}</strong> "
        f"({escape(view.role)}) in org <strong>{escape(request.org or '')}</strong>.</p>"
        f'<p class="muted">{_client_line(view)} After you decide, you return to '
        f"<code>{escape(_host(request.redirect_uri))}</code>.</p></div>"
        f'<form method="post" action="{CONSENT_PATH}">{_hidden(request)}'
        '<div class="card"><h2>It asks to</h2>'
        f'{scopes}<p class="muted">Untick what you do not want to grant. Your role still limits what '
        "any grant can do.</p></div>"
        '<div class="row"><button class="secondary" type="submit" name="decision" value="deny">Deny</button>'
        '<button class="primary" type="submit" name="decision" value="allow">Allow</button></div></form>',
    )


def error_page(title: str, message: str, details: Iterable[str] = ()) -> str:
    extra = "".join(f'<p class="muted">{escape(d)}</p>' for d in details)
    return page(title, f'<h1>{escape(title)}</h1><div class="error">{escape(message)}</div>{extra}')
