"""Which webhook URLs the service may post to.

Always: an absolute ``https`` URL of at most ``MAX_URL`` characters, with a host name and no
user name or password. In production (``allow_local`` off, the default) every address the
host resolves to must be globally routable (:func:`is_public`): no loopback, private,
link-local (cloud metadata at 169.254.169.254), multicast or reserved target, and no IPv6 form
that carries such an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo), so a webhook
cannot make the service probe its own network (SSRF). The check runs at registration and again before every delivery,
since DNS answers change; and the delivery's connection is made only to addresses checked
when it is made (:class:`PinnedBackend`): a name that answers a public address to the check and
a private one to the connection's own lookup (DNS rebinding) gets no connection. With
``allow_local`` on (tests, development), ``http`` is accepted for loopback hosts and private
targets are allowed.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import ssl
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

import httpcore
import httpx

MAX_URL = 2048
LOOPBACK_NAMES = ("localhost",)
ALLOW_LOCAL_SETTING = "GAMESTATE_WEBHOOKS_ALLOW_LOCAL"
LOCAL_HINT = (
    f"; for development, a server started with {ALLOW_LOCAL_SETTING}=1 accepts"
    " http:// on loopback hosts (localhost, 127.0.0.1, ::1) and private addresses"
)
"""Told with a refusal that a development setup may meet: the setting that changes it."""
# NAT64 (RFC 6052): the well-known prefix embeds the IPv4 address in the last 32 bits, and a
# NAT64 gateway connects to that IPv4 address; the local-use prefix (RFC 8215) is a site's own,
# so what it reaches cannot be told from the address.
NAT64_WELL_KNOWN = ipaddress.IPv6Network("64:ff9b::/96")
NAT64_LOCAL_USE = ipaddress.IPv6Network("64:ff9b:1::/48")
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address carries and leads to: IPv4-mapped (::ffff:a.b.c.d,
    which a dual-stack socket connects over IPv4), IPv4-compatible (::a.b.c.d, deprecated),
    NAT64 (64:ff9b::a.b.c.d), 6to4 (2002:aabb:ccdd::/48) and Teredo (2001::/32, the client's
    address); None for any other."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address in NAT64_WELL_KNOWN or int(address) >> 32 == 0:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address.sixtofour is not None:
        return address.sixtofour
    if address.teredo is not None:
        return address.teredo[1]
    return None


def is_public(address: IPAddress) -> bool:
    """Whether a webhook may connect to ``address``. ``is_global`` alone is not enough: on
    Python 3.11 it holds for multicast (224.0.0.1, ff02::1), for ::127.0.0.1 and for the
    NAT64 and 6to4 forms of loopback and of the metadata address. An IPv6 form that embeds an
    IPv4 address is judged by that address (so a NAT64 gateway's 64:ff9b::8.8.8.8 is
    accepted, 64:ff9b::169.254.169.254 is not)."""
    if address.is_multicast or address.is_unspecified or address.is_loopback:
        return False
    if isinstance(address, ipaddress.IPv6Address):
        if address in NAT64_LOCAL_USE:
            return False
        inner = embedded_ipv4(address)
        if inner is not None:
            if not is_public(inner):
                return False
            # Mapped and NAT64 addresses lead to the IPv4 address alone; the tunnelling forms
            # must also be public IPv6 addresses (Teredo never is).
            if address.ipv4_mapped is not None or address in NAT64_WELL_KNOWN:
                return True
    return address.is_global


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
        # The hint only where the setting would help: loopback hosts, setting off.
        hint = "" if allow_local or not _is_loopback_name(host) else LOCAL_HINT
        raise BadTarget("webhook_https_required", "webhook URLs must use https" + hint)
    return host, port or (443 if parts.scheme == "https" else 80)


async def check_target(url: str, allow_local: bool) -> None:
    """:func:`check_url`, then the addresses the host resolves to (see the module)."""
    host, port = check_url(url, allow_local)
    if allow_local:
        return
    await allowed_addresses(host, port, allow_local)


async def allowed_addresses(host: str, port: int, allow_local: bool) -> list[str]:
    """The addresses ``host`` resolves to now, in the resolver's order, every one of them
    public unless ``allow_local``; raises :class:`BadTarget` otherwise."""
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        raise BadTarget("webhook_host_unresolved", f"cannot resolve {host}") from None
    addresses: list[str] = []
    for info in infos:
        text = info[4][0].split("%")[0]
        address = ipaddress.ip_address(text)
        if not allow_local and not is_public(address):
            raise BadTarget(
                "webhook_target_forbidden",
                f"{host} resolves to {address}, which is not a public address" + LOCAL_HINT,
            )
        if text not in addresses:
            addresses.append(text)
    if not addresses:
        raise BadTarget("webhook_host_unresolved", f"cannot resolve {host}")
    return addresses


class PinnedBackend(httpcore.AsyncNetworkBackend):
    """httpcore's network backend for webhook deliveries: a connection's host name is looked
    up here, once, every address checked (:func:`allowed_addresses`), and the TCP connection
    made to a checked address, never to whatever a second lookup would answer. TLS still
    verifies the certificate for the host name (httpcore passes the URL's host as the server
    name)."""

    def __init__(self, allow_local: bool, inner: httpcore.AsyncNetworkBackend | None = None):
        self.allow_local = allow_local
        self.inner = inner or httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        failure: Exception | None = None
        for address in await allowed_addresses(host, port, self.allow_local):
            try:
                return await self.inner.connect_tcp(
                    address,
                    port,
                    timeout=timeout,
                    local_address=local_address,
                    socket_options=socket_options,
                )
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                failure = exc
        assert failure is not None
        raise failure

    async def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Any = None
    ) -> httpcore.AsyncNetworkStream:
        raise BadTarget("webhook_url_invalid", "webhooks are not sent over Unix sockets")

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


class PinnedTransport(httpx.AsyncHTTPTransport):
    """httpx's transport with :class:`PinnedBackend` (httpx does not take a network backend
    itself: the connection pool it builds is replaced by the same one with that backend)."""

    def __init__(self, verify: ssl.SSLContext, limits: httpx.Limits, allow_local: bool) -> None:
        super().__init__(verify=verify, limits=limits, trust_env=False)
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=verify,
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry,
            network_backend=PinnedBackend(allow_local),
        )


def _is_loopback_name(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
