"""Driving the sign-in pages the way a browser does: cookies kept, redirects followed, HTML
forms read and submitted as they are (hidden fields, ticked boxes, the pressed button).

``Browser`` wraps any ``httpx.Client`` (a real one for a live server, Starlette's
``TestClient`` in-process) and stops at the first redirect that leaves the server: the
client's redirect URI, whose query the test then reads.
"""

from __future__ import annotations

import datetime
import ipaddress
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urljoin, urlsplit

import httpx


@dataclass
class Form:
    action: str
    method: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    checkboxes: list[tuple[str, str, bool]] = field(default_factory=list)
    buttons: list[tuple[str, str, str]] = field(default_factory=list)  # name, value, label

    def data(self, button: str | None = None, unticked: tuple[str, ...] = ()) -> list[tuple[str, str]]:
        pairs = list(self.fields)
        pairs += [(n, v) for n, v, checked in self.checkboxes if checked and v not in unticked]
        for name, value, label in self.buttons:
            if button is None or button in (value, label):
                if name:
                    pairs.append((name, value))
                break
        return pairs


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self.text: list[str] = []
        self._button: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append(Form(a.get("action", ""), a.get("method", "get").upper()))
        elif tag == "input" and self.forms:
            kind = a.get("type", "text")
            if kind == "checkbox":
                self.forms[-1].checkboxes.append((a.get("name", ""), a.get("value", "on"), "checked" in a))
            elif kind != "submit":
                self.forms[-1].fields.append((a.get("name", ""), a.get("value", "")))
        elif tag == "button" and self.forms:
            self._button = [a.get("name", ""), a.get("value", ""), ""]

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._button is not None:
            self._button[2] += data.strip()

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self._button is not None and self.forms:
            name, value, label = self._button
            self.forms[-1].buttons.append((name, value, label))
            self._button = None


@dataclass
class Page:
    url: str
    status: int
    html: str
    forms: list[Form]
    text: str


class Browser:
    """Follows redirects on the server (and on ``also``, e.g. an identity provider's origin)."""

    def __init__(self, client: httpx.Client, server: str, *, also: tuple[str, ...] = ()) -> None:
        self.client = client
        self.server = server.rstrip("/")
        self.origins = (self.server, *(o.rstrip("/") for o in also))
        self.pages: list[Page] = []

    def _leaves(self, url: str) -> bool:
        return not any(url.startswith(origin + "/") for origin in self.origins)

    def go(self, url: str, *, method: str = "GET", data: list[tuple[str, str]] | None = None) -> Page | str:
        """Follow redirects while they stay on the server; return the page, or the URL it left for."""
        parts = urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}"
        headers = {"Origin": origin, "Content-Type": "application/x-www-form-urlencoded"} if method == "POST" else {}
        body = urlencode(data or []).encode() if method == "POST" else None
        response = self.client.request(method, url, content=body, headers=headers, follow_redirects=False)
        for _ in range(10):
            if response.status_code not in (301, 302, 303, 307, 308):
                break
            target = urljoin(str(response.request.url), response.headers["location"])
            if self._leaves(target):
                return target
            response = self.client.get(target, follow_redirects=False)
        parser = _Forms()
        parser.feed(response.text)
        page = Page(str(response.request.url), response.status_code, response.text, parser.forms, " ".join(parser.text))
        self.pages.append(page)
        return page

    def submit(self, page: Page, form: Form, button: str | None = None, unticked: tuple[str, ...] = ()) -> Page | str:
        return self.go(urljoin(page.url, form.action), method=form.method, data=form.data(button, unticked))

    def sign_in(
        self,
        authorization_url: str,
        member: str = "alice",
        *,
        org: str | None = None,
        unticked: tuple[str, ...] = (),
        idp_password: str = "any",
    ) -> str:
        """The whole walk: sign in as ``member`` (the development page, or an identity provider's
        login and consent forms), choose ``org`` if asked, then Allow; returns the callback URL."""
        step = self.go(authorization_url)
        for _ in range(8):
            if isinstance(step, str):
                return step
            assert step.status == 200, (step.status, step.text)
            if not step.url.startswith(self.server + "/"):  # the identity provider's pages
                form = step.forms[0]
                form.fields = [
                    (n, member if n == "login" else idp_password if n == "password" else v) for n, v in form.fields
                ]
                step = self.submit(step, form)
            elif "/oauth/signin/org" in step.url:
                form = next(f for f in step.forms if org is None or dict(f.fields).get("org") == org)
                step = self.submit(step, form)
            elif "/oauth/signin" in step.url:
                form = next(
                    f
                    for f in step.forms
                    if dict(f.fields).get("member") == member and (org is None or dict(f.fields).get("org") == org)
                )
                step = self.submit(step, form)
            elif "/oauth/consent" in step.url:
                step = self.submit(step, step.forms[0], "allow", unticked)
            else:
                raise AssertionError(f"unexpected page {step.url}: {step.text[:300]}")
        raise AssertionError("the sign-in did not finish")


def callback_params(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


# ---- TLS for Client ID Metadata Documents (https on loopback, a CA of the test's own) ----------


@dataclass(frozen=True)
class TlsCertificate:
    cert_file: Path
    key_file: Path

    def ssl_context(self) -> object:
        import ssl

        return ssl.create_default_context(cafile=str(self.cert_file))


def self_signed(directory: Path) -> TlsCertificate:
    """A certificate for 127.0.0.1 and localhost, its own CA (the tests trust it explicitly)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "cardamom test client host")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    directory.mkdir(parents=True, exist_ok=True)
    cert_file, key_file = directory / "cert.pem", directory / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return TlsCertificate(cert_file, key_file)


@contextmanager
def serve_tls(app: object, certificate: TlsCertificate) -> Iterator[str]:
    """Serve an ASGI app over https on 127.0.0.1 in a thread; yield its base URL."""
    import threading
    import time

    import uvicorn

    from tests.support import free_socket

    sock = free_socket()
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app,  # type: ignore[arg-type]
        lifespan="off",
        log_level="warning",
        access_log=False,
        ssl_certfile=str(certificate.cert_file),
        ssl_keyfile=str(certificate.key_file),
        timeout_graceful_shutdown=1,  # the gateway's fetcher keeps its connection open
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"https://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
