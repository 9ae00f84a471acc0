"""What the command line shows people: progress on stderr, and a game's result in one format
for every game (a table with a labelled tie-break column, then the winners)."""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from domain.registry import GAMES

# -- progress -----------------------------------------------------------------------------


class Progress:
    """Progress of a long command, on stderr: a progress bar (rich) on a terminal; otherwise
    plain lines, each a whole line, at most one per ``interval`` seconds, plus the last one.
    ``total`` None: the amount of work is not known in advance (no bar, a count).

        with Progress("azul", total=10) as progress:
            for i in range(10):
                ...
                progress.update(i + 1)
    """

    def __init__(
        self,
        label: str,
        total: int | None = None,
        *,
        stream: TextIO | None = None,
        interval: float = 1.0,
        unit: str = "game(s)",
    ) -> None:
        from rich.console import Console

        self.label, self.total, self.unit, self.interval = label, total, unit, interval
        self.stream = stream or sys.stderr
        self.console = Console(file=self.stream, highlight=False)
        self.started = time.monotonic()
        self.printed_at = float("-inf")
        self.line = ""
        self.pending = False
        self.bar: Any = None
        self.task: Any = None

    @property
    def interactive(self) -> bool:
        return self.console.is_terminal

    def __enter__(self) -> Progress:
        if self.interactive:
            from rich import progress as rp

            columns = [
                *([rp.SpinnerColumn()] if self.total is None else []),
                rp.TextColumn("{task.description}"),
                *([rp.MofNCompleteColumn()] if self.total is None else []),
                *([] if self.total is None else [rp.BarColumn(), rp.MofNCompleteColumn()]),
                rp.TextColumn("{task.fields[detail]}"),
                rp.TimeElapsedColumn(),
            ]
            self.bar = rp.Progress(*columns, console=self.console, transient=False)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=self.total, detail="")
        return self

    def update(self, done: int, detail: str = "") -> None:
        elapsed = max(time.monotonic() - self.started, 1e-9)
        rate = f"{done / elapsed:.1f}/s"
        if self.total is None:
            text = f"{self.label}: {done} {self.unit}" + (f", {detail}" if detail else "")
        else:
            text = f"{self.label}: {done}/{self.total} {self.unit}" + (
                f", {detail}" if detail else ""
            )
        self.line = f"{text} ({rate})"
        if self.bar is not None:
            self.bar.update(self.task, completed=done, detail=f"{detail} {rate}".strip())
            return
        now = time.monotonic()
        last = self.total is not None and done >= self.total
        self.pending = True
        if last or now - self.printed_at >= self.interval:
            self._print(self.line)
            self.printed_at = now

    def _print(self, line: str) -> None:
        self.stream.write(line + "\n")
        self.stream.flush()
        self.pending = False

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
        elif self.pending:  # the newest count was not shown yet (at most one per interval)
            self._print(self.line)


# -- results ------------------------------------------------------------------------------


def tiebreaks(game: str) -> Sequence[tuple[str, bool]]:
    """What the values of ``Standing.tiebreak`` are, in order, and whether the stored value
    is negated (a smaller count wins: shown as the count itself): the game's own
    ``tiebreak_labels``. The game's rules decide the order; this only labels them."""
    spec = GAMES.get(game)
    return spec.tiebreak_labels if spec is not None else ()


def tiebreak_legend(game: str, width: int) -> str:
    labels = [label for label, _ in tiebreaks(game)[:width]]
    if not labels:
        return "none (seats with equal scores share the place)"
    if len(labels) == 1:
        return f"{labels[0]} (compared when scores are equal)"
    return "; ".join(labels) + " (compared in this order when scores are equal)"


def _tiebreak_cell(game: str, values: Sequence[int]) -> str:
    if not values:
        return "-"
    negated = [negate for _, negate in tiebreaks(game)]
    shown = [
        -value if index < len(negated) and negated[index] else value
        for index, value in enumerate(values)
    ]
    return ", ".join(str(v) for v in shown)


def result_table(game: str, ranking: Sequence[Mapping[str, Any]], names: Mapping[int, str]) -> str:
    """A finished game's ranking, the same for every game: place, seat, player, score and the
    tie-break values, a legend naming the tie-breaks, and the winners."""
    width = max((len(s.get("tiebreak") or ()) for s in ranking), default=0)
    name_width = max([6, *(len(names.get(s["seat"], "")) for s in ranking)])
    lines = [f"{'place':>5}  {'seat':>4}  {'player':<{name_width}}  {'score':>5}  tie-break"]
    for standing in ranking:
        seat = standing["seat"]
        lines.append(
            f"{standing['place']:>5}  {seat:>4}  {names.get(seat, '-'):<{name_width}}"
            f"  {standing['score']:>5}  {_tiebreak_cell(game, standing.get('tiebreak') or ())}"
        )
    lines.append(f"tie-break: {tiebreak_legend(game, width)}")
    winners = [s["seat"] for s in ranking if s["place"] == 1]
    named = ", ".join(f"seat {seat} ({names.get(seat, '-')})" for seat in winners)
    lines.append(("winner: " if len(winners) == 1 else "shared win: ") + named)
    return "\n".join(lines)
