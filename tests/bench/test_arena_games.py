"""The game loop the strength benches share (bench/arena.py: the arena and bench.auto_play)."""

import json

from bench.arena import first_share, main, play_game, play_one
from domain._kernel import Rng
from domain.registry import GAMES


def _random(spec, seed):
    def choose(state, seat, step):
        return Rng(seed, step, "pick").choice(spec.legal_commands(state, seat))

    return choose


def test_a_game_is_played_to_its_end_the_same_way_for_the_same_seed() -> None:
    spec = GAMES["azul"]
    chosen: list[int] = []

    pick = _random(spec, "arena-test")

    def choose(state, seat, step):
        chosen.append(seat)
        return pick(state, seat, step)

    one = play_game(spec, 2, "arena-test", choose)
    moves = len(chosen)
    two = play_game(spec, 2, "arena-test", choose)
    assert spec.result(one) is not None
    assert one == two and len(chosen) == 2 * moves
    assert set(chosen) == {0, 1}


def test_the_hero_gets_its_share_of_first_place() -> None:
    spec = GAMES["azul"]
    state = play_game(spec, 3, "arena-share", _random(spec, "arena-share"))
    ranking = spec.result(state).ranking
    firsts = [s.seat for s in ranking if s.place == 1]
    for hero in (0, 1, 2):
        expected = 1 / len(firsts) if hero in firsts else 0.0
        assert first_share(spec, state, hero) == expected
    assert sum(first_share(spec, state, hero) for hero in (0, 1, 2)) == 1.0


def test_play_one_reports_the_score_and_each_policys_cpu() -> None:
    outcome = play_one(("azul", 2, ("greedy", "random"), "arena-one", 10, None, 0))
    assert outcome["finished"]
    assert outcome["score"] in (0.0, 0.5, 1.0)
    assert set(outcome["cpu"]) == {"greedy", "random"}
    assert all(t >= 0 for times in outcome["cpu"].values() for t in times)


def test_a_run_records_its_seeds(tmp_path) -> None:
    # Runs on other seeds (--seed arena2, ...) pool with the default ones: the line says which.
    out = tmp_path / "arena.jsonl"
    argv = ["--games", "azul", "--pairings", "greedy:random", "--n", "2", "--workers", "1"]
    assert main([*argv, "--seed", "other", "--out", str(out)]) == 0
    (line,) = [json.loads(text) for text in out.read_text().splitlines()]
    assert line["seed"] == "other" and line["games"] == 2 and line["game"] == "azul"
