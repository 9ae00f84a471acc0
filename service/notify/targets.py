"""Which webhook URLs the service may post to.

Always: an absolute ``https`` URL of at most ``MAX_URL`` characters, with a host name and no
user name or password. In production (``allow_local`` off, the default) every address the
host resolves to must be globally routable: no loopback, private, link-local (cloud metadata
at 169.254.169.254), multicast or reserved target, so a webhook cannot make the service probe
its own network (SSRF). The check runs at registration and again before every delivery,
since DNS answers change. With ``allow_local`` on (tests, development), ``http`` is accepted
for loopback hosts and private targets are allowed.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from urllib.parse import urlsplit

MAX_URL = 2048
LOOPBACK_NAMES = ("localhost",)


class BadTarget(Exception):
    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def check_url(url: str, allow_local: bool) -> tuple[str, int]:
    """The host and port of an acceptable URL; raises :class:`BadTarget` otherwise (what can
    be said without resolving the name)."""
    if len(url) > MAX_URL:
        raise BadTarget("webhook_url_invalid", f"the URL is longer than {MAX_URL} characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise BadTarget("webhook_url_invalid", f"not a valid URL: {exc}") from None
    host = parts.hostname
    if not host or parts.scheme not in ("https", "http"):
        raise BadTarget("webhook_url_invalid", "an absolute https:// URL is required")
    if parts.username is not None or parts.password is not None:
        raise BadTarget("webhook_url_invalid", "credentials in the URL are not accepted")
    if parts.fragment:
        raise BadTarget("webhook_url_invalid", "a fragment means nothing to a webhook")
    if parts.scheme == "http" and not (allow_local and _is_loopback_name(host)):
        raise BadTarget("webhook_https_required", "webhook URLs must use https")
    return host, port or (443 if parts.scheme == "https" else 80)


async def check_target(url: str, allow_local: bool) -> None:
    """:func:`check_url`, then the addresses the host resolves to (see the module)."""
    host, port = check_url(url, allow_local)
    if allow_local:
        return
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        raise BadTarget("webhook_host_unresolved", f"cannot resolve {host}") from None
    for info in infos:
        address = ipaddress.ip_address(info[4][0].split("%")[0])
        if not address.is_global:
            raise BadTarget(
                "webhook_target_forbidden",
                f"{host} resolves to {address}, which is not a public address",
            )


def _is_loopback_name(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
