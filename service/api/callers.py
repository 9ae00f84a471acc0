"""Who a request comes from, for the limits counted per caller (service/support/heavy.py): the
authenticated identity when the bearer token is known (the admin, a registered player, a
game's seat), else the client address. An unknown token counts as no token: made-up tokens
must not each buy a budget of their own."""

from __future__ import annotations

from collections.abc import Callable

from litestar import Request

from service.api.http import viewer_from_pool
from service.api.limits import client_address
from service.games.model import Viewer
from service.support.errors import ApiError
from service.support.heavy import HeavyReads, Lease


def caller_key(request: Request, viewer: Viewer) -> str:
    if viewer.admin:
        return "admin"
    if viewer.player_id is not None:
        return f"player:{viewer.player_id}"
    if viewer.game_id is not None:
        return f"seat:{viewer.game_id}:{viewer.seat}"
    return f"address:{client_address(request)}"


async def caller_of(request: Request) -> str:
    try:
        viewer = await viewer_from_pool(request, request.app.state.pool)
    except ApiError:  # a malformed or unknown token: the address is the caller
        viewer = Viewer()
    return caller_key(request, viewer)


def heavy_reads(request: Request) -> HeavyReads:
    return request.app.state.heavy_reads


def leaser(request: Request, caller: str, what: str) -> Callable[[], Lease]:
    """A factory of a heavy-read place for this caller (called when the read turns out to be
    heavy; it may refuse with 429)."""
    reads = heavy_reads(request)

    def lease() -> Lease:
        return reads.lease(caller, what)

    return lease
