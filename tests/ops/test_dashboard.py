"""The metrics an operator watches: per-game command counters and latency, open live streams,
group-commit batch sizes, pool waits; and the Grafana dashboard in deploy/ queries only
metrics (and labels) that /metrics really has."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.api.helpers import auth, create

ROOT = Path(__file__).resolve().parents[2]
DASHBOARD = ROOT / "deploy" / "grafana-dashboard.json"

METRIC = re.compile(r"\bgamestate_[a-z_]+\b")
MATCHER = re.compile(r"(gamestate_[a-z_]+)\{([^}]*)\}")
LABEL = re.compile(r'([a-z_]+)\s*(=~|!=|=)\s*"([^"]*)"')
GROUPING = re.compile(r"\bby \(([^)]*)\)")


def samples(text: str) -> list[tuple[str, dict[str, str], float]]:
    return [
        (sample.name, dict(sample.labels), sample.value)
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    ]


def _value(text: str, name: str, **labels: str) -> float:
    return sum(
        value
        for sample_name, sample_labels, value in samples(text)
        if sample_name == name and all(sample_labels.get(k) == v for k, v in labels.items())
    )


def _play_one_command(http: httpx.Client, game: str, players: int) -> str:
    created = create(http, game, players)
    game_id = created["id"]
    view = http.get(f"/games/{game_id}").json()
    seat = view["to_act"][0]
    token = created["seats"][seat]["token"]
    legal = http.get(f"/games/{game_id}/legal-commands", headers=auth(token)).json()
    answer = http.post(
        f"/games/{game_id}/commands", json={"command": legal["commands"][0]}, headers=auth(token)
    )
    assert answer.status_code == 200, answer.text
    return game_id


@pytest.fixture(scope="module")
def metrics_text(live_url: str) -> str:
    with httpx.Client(base_url=live_url, timeout=30) as http:
        for game, players in (("azul", 2), ("castles", 2)):
            _play_one_command(http, game, players)
        return http.get("/metrics").text


def test_commands_have_a_latency_histogram_per_game(metrics_text: str) -> None:
    for game in ("azul", "castles"):
        count = _value(
            metrics_text,
            "gamestate_command_duration_seconds_count",
            game=game,
            outcome="accepted",
        )
        assert count >= 1, game
        assert _value(metrics_text, "gamestate_commands_total", game=game, outcome="accepted")


def test_batch_sizes_and_pool_waits_are_histograms(metrics_text: str) -> None:
    assert _value(metrics_text, "gamestate_event_store_append_batch_size_count") >= 1
    assert _value(metrics_text, "gamestate_event_store_append_batch_size_sum") >= 1
    assert _value(metrics_text, "gamestate_db_pool_wait_seconds_count") >= 1


def test_open_live_streams_are_counted(live_url: str) -> None:
    with httpx.Client(base_url=live_url, timeout=30) as http:
        game_id = create(http, "azul", 2)["id"]

        def open_streams() -> float:
            return _value(http.get("/metrics").text, "gamestate_live_streams", kind="game")

        before = open_streams()
        with http.stream("GET", f"/games/{game_id}/events/stream") as stream:
            # Kept: a discarded line iterator is closed at once, and the connection with it.
            lines = stream.iter_lines()
            next(lines)  # the stream has started
            assert open_streams() == before + 1
        deadline = time.monotonic() + 10
        while open_streams() != before:
            assert time.monotonic() < deadline, "the gauge did not go down after the stream"
            time.sleep(0.05)


def _queries() -> list[str]:
    dashboard = json.loads(DASHBOARD.read_text())
    exprs = [
        target["expr"]
        for panel in dashboard["panels"]
        for target in panel.get("targets", ())
        if "expr" in target
    ]
    assert len(exprs) >= 10
    return exprs


def test_the_dashboard_queries_only_metrics_that_exist(metrics_text: str) -> None:
    names = {name for name, _, _ in samples(metrics_text)}
    for expr in _queries():
        for metric in METRIC.findall(expr):
            assert metric in names, f"{metric} (in {expr}) is not in /metrics"


def test_the_dashboard_uses_only_labels_and_values_that_exist(metrics_text: str) -> None:
    found = samples(metrics_text)
    for expr in _queries():
        metrics = set(METRIC.findall(expr))
        labels_of = {
            label for name, sample_labels, _ in found if name in metrics for label in sample_labels
        }
        for grouping in GROUPING.findall(expr):
            for label in (part.strip() for part in grouping.split(",")):
                assert label in labels_of, f"label {label} (in {expr}) is on none of {metrics}"
        for metric, matchers in MATCHER.findall(expr):
            for label, op, value in LABEL.findall(matchers):
                values = {labels.get(label) for name, labels, _ in found if name == metric}
                assert values - {None}, f"{metric} has no label {label} (in {expr})"
                if op == "=":
                    assert value in values, f'{metric}{{{label}="{value}"}} never appears'
