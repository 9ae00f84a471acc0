"""Webhook targets that passed the address check (issue 31, item 6): IPv6 forms that carry a
private IPv4 address (IPv4-mapped and -compatible, NAT64, 6to4, Teredo) and multicast. Each
is refused at registration (422 ``webhook_target_forbidden``) and at connection, where a name
answering such an address gets no connection at all (service/notify/targets.py)."""

from __future__ import annotations

import asyncio
import ipaddress
import socket

import httpx
import pytest

from service.notify.settings import NotifySettings
from service.notify.targets import BadTarget, PinnedBackend, is_public
from tests.notify.test_player_notifications import _player, _server, auth

# The five, then the other forms of the same holes.
HOSTILE = [
    "::127.0.0.1",  # IPv4-compatible loopback
    "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254 (cloud metadata)
    "2002:7f00:1::1",  # 6to4 of 127.0.0.1
    "ff02::1",  # IPv6 multicast (all nodes)
    "224.0.0.1",  # IPv4 multicast (all hosts)
    "::ffff:127.0.0.1",  # IPv4-mapped loopback
    "::ffff:169.254.169.254",  # IPv4-mapped metadata
    "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
    "64:ff9b:1::a00:1",  # NAT64 local-use prefix (RFC 8215)
    "2002:a9fe:a9fe::1",  # 6to4 of the metadata address
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo
    "239.255.255.250",  # SSDP multicast
    "ff0e::1",  # global-scope IPv6 multicast: still multicast
]
# Public addresses in the same forms stay usable (a NAT64 gateway's DNS64 answers these).
PUBLIC = ["8.8.8.8", "2606:4700::1111", "64:ff9b::808:808", "::ffff:8.8.8.8", "2002:808:808::1"]


def _url(address: str) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"https://{host}/hook"


@pytest.mark.parametrize("address", HOSTILE)
def test_hostile_forms_are_not_public(address: str) -> None:
    assert not is_public(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", PUBLIC)
def test_public_addresses_in_those_forms_stay_usable(address: str) -> None:
    assert is_public(ipaddress.ip_address(address))


def test_registration_refuses_every_hostile_form(database_url: str) -> None:
    with _server(database_url, NotifySettings()) as url, httpx.Client(base_url=url) as http:
        ann = _player(http, "ann-forms")
        for address in HOSTILE:
            refused = http.post(
                f"/players/{ann['id']}/webhooks",
                json={"url": _url(address)},
                headers=auth(ann["token"]),
            )
            assert (refused.status_code, refused.json()["code"]) == (
                422,
                "webhook_target_forbidden",
            ), (address, refused.text)
        listed = http.get(f"/players/{ann['id']}/webhooks", headers=auth(ann["token"]))
        assert listed.json()["items"] == []


class _Spy:
    """An inner network backend that records every connection it is asked to make."""

    def __init__(self) -> None:
        self.connects: list[str] = []

    async def connect_tcp(self, host: str, port: int, **kwargs: object) -> None:
        self.connects.append(host)
        raise AssertionError("a forbidden address was connected to")

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


@pytest.mark.parametrize("address", HOSTILE)
def test_a_name_resolving_to_a_hostile_form_gets_no_connection(address: str, monkeypatch) -> None:
    """The connection's own lookup (after a check that saw a public address: DNS rebinding)
    answers the hostile form: the pinned backend refuses before any TCP connection."""
    name = "hook.forms.example"
    original = asyncio.base_events.BaseEventLoop.getaddrinfo

    async def resolve(self, host, port, *args, **kwargs):
        if (host.decode() if isinstance(host, bytes) else host) != name:
            return await original(self, host, port, *args, **kwargs)
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        sockaddr = (address, port, 0, 0) if family == socket.AF_INET6 else (address, port)
        return [(family, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", sockaddr)]

    monkeypatch.setattr(asyncio.base_events.BaseEventLoop, "getaddrinfo", resolve)
    spy = _Spy()
    backend = PinnedBackend(allow_local=False, inner=spy)  # type: ignore[arg-type]
    with pytest.raises(BadTarget) as refused:
        asyncio.run(backend.connect_tcp(name, 443))
    assert refused.value.code == "webhook_target_forbidden"
    assert spy.connects == []
