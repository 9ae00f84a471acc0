"""Where things are, said to people the same way by every command: the service's pages from
its base URL (the start-up banner), and the games ``gamestate play`` played."""

from __future__ import annotations

GUIDE = "docs/ in the source tree (architecture, live streams, tournaments, players, ...)"
"""The guide: the Markdown pages under docs/ (a built documentation site may come later)."""


def service_lines(base: str) -> list[str]:
    """The banner's lines after "serving on": the API reference, the viewer, the guide."""
    base = base.rstrip("/")
    return [
        f"  API reference  {base}/docs",
        f"  viewer         {base}/viewer/",
        f"  guide          {GUIDE}",
    ]


def game_lines(base: str, game_id: str) -> list[str]:
    """A stored game's id and where to watch, export and audit it."""
    base = base.rstrip("/")
    return [
        f"{game_id}  viewer {base}/viewer/games/{game_id}",
        f"{' ' * len(game_id)}  record {base}/games/{game_id}/record"
        f"  audit {base}/games/{game_id}/audit",
    ]


def games_played(url: str | None, game_ids: list[str], games: int, base_seed: str) -> str:
    """What ``gamestate play`` says of its games: each stored game's pages; in-process games
    are stored nowhere, so the seeds that replay them instead."""
    if url is None:
        return (
            f"games: in-process, not stored (seeds {base_seed}-0 .. {base_seed}-{games - 1});"
            " play against a server (--url) for ids, viewer links, records and audits\n"
        )
    lines = ["games:"]
    for game_id in game_ids:
        lines += [f"  {line}" for line in game_lines(url, game_id)]
    return "\n".join(lines) + "\n"
