"""Whether a host is this machine: where plain http is allowed in local mode (connectors, token
endpoints, the issuer) and where a redirect URI matches on any port (RFC 8252 section 7.3)."""

from __future__ import annotations

from ipaddress import ip_address


def is_loopback_host(host: str | None) -> bool:
    """``localhost`` or a loopback address (127.0.0.0/8, ``::1``) as a URL's hostname gives it:
    an IPv6 address without its brackets. Any other name is not resolved, so it is not loopback."""
    if not host:
        return False
    if host == "localhost":
        return True
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return False
