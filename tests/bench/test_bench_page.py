"""bench/README.md is the current figures on one page: short, its images exist, its generated
tables match bench/results/*.jsonl, and ``python -m bench.plots`` draws every plot it shows
from the committed results."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from bench import figures

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "bench" / "README.md"
RESULTS = ROOT / "bench" / "results"
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)[^)]*\)|<img[^>]*\bsrc=\"([^\"]+)\"")


def _images() -> list[str]:
    return [a or b for a, b in IMAGE.findall(PAGE.read_text())]


def test_the_page_is_at_most_15_kb() -> None:
    size = len(PAGE.read_bytes())
    assert size <= 15 * 1024, (
        f"bench/README.md is {size} bytes: the current figures only; history belongs in "
        "bench/results/*.jsonl and git"
    )


def test_every_image_the_page_shows_exists() -> None:
    images = _images()
    assert images
    missing = [src for src in images if not (PAGE.parent / src).is_file()]
    assert not missing, f"bench/README.md shows missing images: {missing}"


def test_every_results_line_names_its_commit_and_date() -> None:
    files = sorted(RESULTS.glob("*.jsonl"))
    assert files
    for path in files:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            row = json.loads(line)
            where = f"{path.name}:{number}"
            assert "commit" in row, where
            assert re.match(r"\d{4}-\d\d-\d\d", str(row.get("at") or row.get("run"))), where


def test_the_generated_tables_match_the_results(tmp_path: Path) -> None:
    """The headline and soak tables are those bench.figures makes from the committed results
    (after adding results, run ``python -m bench.plots``)."""
    text = PAGE.read_text()
    expected = figures.replace_block(text, "figures", figures.headline(RESULTS))
    expected = figures.replace_block(expected, "soak", figures.soak_table(RESULTS))
    assert text == expected, "bench/README.md's tables are stale: run python -m bench.plots"


def test_the_plots_are_drawn_from_the_committed_results(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from bench import plots

    readme = tmp_path / "README.md"
    shutil.copy(PAGE, readme)
    assert plots.main(["--out", str(tmp_path / "plots"), "--readme", str(readme)]) == 0
    drawn = {p.name for p in (tmp_path / "plots").glob("*.png")}
    shown = {Path(src).name for src in _images() if src.startswith("plots/")}
    assert shown, "bench/README.md shows no plot"
    assert shown <= drawn, f"plots shown but not drawn by bench.plots: {shown - drawn}"
    committed = {p.name for p in (PAGE.parent / "plots").glob("*.png")}
    assert drawn <= committed, f"plots drawn but not committed: {drawn - committed}"
    for name in drawn:
        assert (tmp_path / "plots" / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
    assert readme.read_text() == PAGE.read_text()


def test_the_soak_table_is_the_latest_run(tmp_path: Path) -> None:
    """Grouped by ``run``: a newer run's lines replace an older one's, totals included."""
    older = {"run": "2026-01-01T00:00:00Z", "commit": "aaa", "t_s": 60, "processes": []}
    newer = [
        {
            "run": "2026-02-01T00:00:00Z",
            "commit": "bbb",
            "t_s": t,
            "processes": [{"name": "worker:1", "pid": 1, "rss_mb": 100.0 + t, "fds": 9, "tcp": 2}],
            "service_rss_mb": 100.0 + t,
            "service_fds": 9,
            "service_tcp": 2,
            "database": {"connections": 7, "backends_pss_mb": 50.0},
            "counts": {"commands": 10 * t},
        }
        for t in (60, 120)
    ]
    totals = {"run": "2026-02-01T00:00:00Z", "commit": "bbb", "totals": {"lost_events": 0}}
    lines = [older, newer[1], totals, newer[0]]
    (tmp_path / "soak.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))
    table = figures.soak_table(tmp_path)
    assert "Run of 2026-02-01T00:00:00Z, commit bbb" in table
    assert "| 1.0 | 160.0 |" in table and "| 2.0 | 220.0 |" in table
    assert table.index("| 1.0 |") < table.index("| 2.0 |")
    assert "**0 lost**" in table


def test_fanout_figures_leave_out_controls_and_experiments(tmp_path: Path) -> None:
    """A ``--hot 0`` run (every stream on other games) is a control, not the watched game's
    p99, and a ``--vary`` of a setting other than the batching window is an experiment: either
    would have passed for the shipped service's fan-out within 2x."""
    base = {"bench": "fanout", "at": "2026-11-30T03:00Z", "commit": "abc1234"}
    base |= {"stream_workers": 1, "live_batch_ms": 50, "streams_nice": 0, "streams": 2000}
    watched = base | {"quiet p99 ms": 2.0, "streams p99 ms": 5.0, "p99 ratio": 2.5}
    control = base | {"hot": 0, "quiet p99 ms": 2.0, "streams p99 ms": 1.8, "p99 ratio": 0.9}
    experiment = watched | {"vary": "GAMESTATE_WAKE_SLICE=4", "p99 ratio": 1.5}
    lines = [watched, watched | {"hot": 1000}, control, experiment]
    (tmp_path / "fanout.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    rows = [row for row in figures.headline(tmp_path).splitlines() if "`fanout`" in row]
    assert len(rows) == 1
    assert "at most 2x in 0 of 2" in rows[0]


def test_turn_budget_figures_are_the_last_sittings_and_give_the_ratio(tmp_path: Path) -> None:
    """The floor and the service move with the box's hour: an earlier sitting of the same day
    (another tree, a slower hour) is not mixed into the figures."""

    def line(at: str, commit: str, floor: float, service: float) -> str:
        row = {"bench": "turn_budget", "at": at, "commit": commit, "round": 1}
        row |= {"floor us/turn": floor, "service us/turn": service}
        return json.dumps(row) + "\n"

    (tmp_path / "turn_budget.jsonl").write_text(
        line("2026-11-30T00:01Z", "old1234", 300, 900)
        + line("2026-11-30T03:39Z", "new5678", 150, 360)
        + line("2026-11-30T03:40Z", "new5678", 150, 375)
    )
    [row] = [r for r in figures.headline(tmp_path).splitlines() if "`turn_budget`" in r]
    assert "floor 150 (" in row
    assert "old1234" not in row and "900" not in row
    assert "2.45 (2.40" in row


def test_turn_budget_figures_of_a_sitting_in_pairs_are_the_last_trees(tmp_path: Path) -> None:
    """Two trees measured in pairs in one sitting: the row is the last tree's runs alone."""

    def line(at: str, commit: str, service: float) -> str:
        row = {"bench": "turn_budget", "at": at, "commit": commit, "round": 1}
        row |= {"floor us/turn": 150, "service us/turn": service}
        return json.dumps(row) + "\n"

    (tmp_path / "turn_budget.jsonl").write_text(
        line("2026-11-30T05:30Z", "old1234", 420)
        + line("2026-11-30T05:31Z", "new5678", 300)
        + line("2026-11-30T05:32Z", "old1234+dirty", 390)
        + line("2026-11-30T05:33Z", "new5678+dirty", 330)
    )
    [row] = [r for r in figures.headline(tmp_path).splitlines() if "`turn_budget`" in r]
    assert "of a turn's 315 (300\u2013330) us" in row  # figures write ranges with an en dash
    assert "old1234" not in row and "420" not in row


def test_turn_budget_figures_keep_to_the_last_runs_worker_count(tmp_path: Path) -> None:
    """A sitting with runs of one and of two workers: the row is the last run's count alone
    (a line without the field is of two, the bench's default)."""

    def line(at: str, service: float, workers: int | None) -> str:
        row = {"bench": "turn_budget", "at": at, "commit": "new5678", "round": 1}
        row |= {"floor us/turn": 200, "service us/turn": service}
        if workers is not None:
            row["workers"] = workers
        return json.dumps(row) + "\n"

    (tmp_path / "turn_budget.jsonl").write_text(
        line("2026-11-30T05:30Z", 350, 1)
        + line("2026-11-30T05:31Z", 420, None)
        + line("2026-11-30T05:32Z", 440, 2)
    )
    [row] = [r for r in figures.headline(tmp_path).splitlines() if "`turn_budget`" in r]
    assert "2 workers: floor 200" in row
    assert "of a turn's 430 (420\u2013440) us" in row and "350" not in row


def test_asgi_path_figures_show_the_direct_path_on_and_off_apart() -> None:
    def line(case: str, command: float) -> dict:
        return {
            "commit": "abc1234",
            "case": case,
            "GET /health us CPU": 24.0,
            "legal read us CPU": 60.0,
            "command us CPU": command,
        }

    rows = [line("direct path on", 300.0), line("direct path off", 310.0)] * 2
    shown = figures._asgi(rows)
    on, off = shown.split("; ")
    assert on.startswith("abc1234 (direct path on)") and "command 300" in on
    assert off.startswith("abc1234 (direct path off)") and "command 310" in off
    # Older lines, of one case only, read as before.
    old = {k: v for k, v in line("", 388.0).items() if k != "case"}
    assert figures._asgi([{**old, "commit": "7ed2b51"}]).startswith("7ed2b51: /health")


def test_turn_parts_figures_give_each_tree_of_the_last_sitting_in_order() -> None:
    def line(commit: str, service: float, framework: float) -> dict:
        return {
            "commit": commit,
            "pinned": True,
            "service ms/turn": service,
            "parts": {
                "framework": {"share": 0.1, "us/turn": framework},
                "other": {"share": 0.03, "us/turn": 9.0},
            },
        }

    # Round 2 measures the trees in the other order: the first given stays first.
    rows = [line("old1234", 0.28, 42), line("new5678", 0.26, 31)]
    rows += [line("new5678", 0.25, 30), line("old1234", 0.27, 41)]
    shown = figures._turn_parts(rows)
    assert shown.startswith("old1234 -> new5678 (pinned): service 275")
    assert "largest parts of new5678 (us): framework 30" in shown
