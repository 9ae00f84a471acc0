"""The conformance kit: what "a game works in the service" means, as plain functions.

A game package's test file calls it in one line::

    from domain.testing import check_game
    from mygame import SPEC

    def test_conformance():
        check_game(SPEC)

:func:`check_game` plays random legal games to the end, for every player count, with the
default options and every option set in ``spec.variants``, under every rules version the
game still plays, and checks the whole game contract on the way (docs/writing-a-game.md).
A failure raises :class:`KitFailure` (an ``AssertionError``) whose ``property`` names the
broken promise:

- ``declaration``: tags ``<slug>.<name>`` and unique, commands and options closed, the view
  tagged by the slug, player counts outside the range refused, ``provisional_result`` given,
  ``max_events`` sensible;
- ``playout``: a random bot that uses only ``legal_commands`` finishes the game, with a
  ranking of every seat, inside ``max_events``;
- ``round-trip``: commands and events survive JSON (msgspec) as clients and the store send
  them, and replaying the decoded events gives the incremental state;
- ``mutation``: no function mutates the state (or event) it is given;
- ``determinism``: the same seed gives the same game, and the same decision twice the same
  events (no global randomness, no clock);
- ``legality``: every listed command is accepted, near misses outside the list are refused
  with a ``DomainError`` and a stable code, seats not to act get ``not_your_turn``;
- ``leak``: a view does not change when ``resample_hidden`` re-draws what that viewer may not
  see (this is how a game declares what is hidden), and redacted events are events of the
  game that a spectator never sees more of than a seat;
- ``provisional``: ``provisional_result`` ranks every seat, and equals ``result`` at the end;
- ``determinize`` (only for a game with ``spec.determinize``, which the bots search with): a
  sample drawn from a seat's view gives that seat exactly that view, the same seats to act
  and its true legal commands, keeps the view when ``resample_hidden`` re-draws it, and plays
  on to the end (:func:`check_determinize`).

Pure, like the rest of ``domain``: no I/O, no pytest or hypothesis needed.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from domain._kernel import DomainError, GameSpec, fold, playout
from domain.testing._core import CODE, KitFailure, _enc, _refused, _require, near_misses
from domain.testing.checker import Checker
from domain.testing.determinize import check_determinize

__all__ = [
    "CODE",
    "Checker",
    "KitFailure",
    "check_declaration",
    "check_determinize",
    "check_game",
    "check_playout",
    "check_same_seed",
    "near_misses",
]


def check_declaration(spec: GameSpec) -> None:
    """What a game declares, checked without playing."""
    seen: set[str] = set()
    for cls in (*spec.command_classes, *spec.event_classes):
        tag = cls.__struct_config__.tag
        _require(
            isinstance(tag, str) and tag.startswith(f"{spec.slug}.") and tag != cls.__name__,
            "declaration",
            f"{cls.__name__} is tagged {tag!r}, not '{spec.slug}.<name>'",
        )
        _require(tag not in seen, "declaration", f"the tag {tag!r} is used twice")
        seen.add(tag)
    for cls in spec.command_classes:
        _require(
            cls.__struct_config__.forbid_unknown_fields,
            "declaration",
            f"the command {cls.__name__} must forbid unknown fields",
        )
    _require(
        spec.view_type.__struct_config__.tag == spec.slug,
        "declaration",
        f"the view must be tagged {spec.slug!r}",
    )
    _require(
        spec.options_type.__struct_config__.forbid_unknown_fields,
        "declaration",
        "the options must forbid unknown fields",
    )
    _require(
        spec.provisional_result is not None,
        "declaration",
        "provisional_result is needed (resignation, abandonment, the event cap)",
    )
    _require(
        100 <= spec.max_events <= 100_000,
        "declaration",
        f"max_events {spec.max_events} is outside 100..100000",
    )
    for players in (spec.min_players - 1, spec.max_players + 1):
        error = _refused(
            lambda players=players: spec.new_setup(players),
            "declaration",
            f"a game of {players} players",
        )
        _require(
            error.code == "player_count",
            "declaration",
            f"{players} players is refused with {error.code!r}, not 'player_count'",
        )


def check_playout(
    spec: GameSpec,
    players: int,
    seed: str,
    options: object = None,
    rules_version: str | None = None,
    *,
    deep_every: int = 7,
) -> None:
    """One random legal game to the end, checked at every step and at the end."""
    setup = spec.new_setup(players, options, rules_version)
    checker = Checker(spec, players, seed, deep_every)
    try:
        final, events = playout(spec, setup, seed, on_step=checker)
    except KitFailure:
        raise
    except DomainError as error:
        raise KitFailure("legality", f"a legal command was refused: {error}") from None
    except AssertionError as error:  # the kernel's playout: no legal command, no end
        raise KitFailure("playout", str(error)) from None
    except Exception as error:  # a 500 in the service
        raise KitFailure("playout", f"the game raised {error!r}") from error
    result = spec.result(final)
    _require(result is not None, "playout", "no seat may act, but there is no result")
    assert result is not None
    _require(
        sorted(s.seat for s in result.ranking) == list(range(players))
        and min(s.place for s in result.ranking) == 1,
        "playout",
        "the result does not rank every seat from place 1",
    )
    _require(spec.to_act(final) == (), "playout", "seats may still act after the result")
    _require(
        len(events) * 2 < spec.max_events,
        "playout",
        f"a game took {len(events)} events: not well inside max_events {spec.max_events}",
    )
    if spec.provisional_result is not None:
        _require(
            spec.provisional_result(final) == result,
            "provisional",
            "provisional_result differs from result at the end",
        )
    stored = [msgspec.json.decode(msgspec.json.encode(e), type=spec.event_type) for e in events]
    _require(
        _enc(fold(spec, setup, stored)) == _enc(final),
        "round-trip",
        "replaying the stored events does not give the incremental state",
    )
    for viewer in [None, *range(players)]:
        msgspec.json.encode(spec.view(final, viewer))
        for event in events[:50]:
            redacted = spec.redact(event, viewer)
            _require(
                isinstance(redacted, spec.event_classes),
                "leak",
                f"redact returned {type(redacted).__name__}, not an event of the game",
            )
            msgspec.json.encode(redacted)


def check_same_seed(
    spec: GameSpec, players: int, seeds: Iterable[str] = ("kit-a", "kit-b")
) -> None:
    """The same seed gives the same game; two seeds give two games."""
    first_seed, other_seed = list(seeds)[:2]
    setup = spec.new_setup(players)
    first = _enc(playout(spec, setup, first_seed)[1])
    second = _enc(playout(spec, setup, first_seed)[1])
    other = _enc(playout(spec, setup, other_seed)[1])
    _require(first == second, "determinism", f"the seed {first_seed!r} gave two different games")
    _require(
        first != other,
        "determinism",
        f"the seeds {first_seed!r} and {other_seed!r} gave the same game (is the Rng used?)",
    )


def check_game(
    spec: GameSpec,
    *,
    seeds: Iterable[str] = ("kit-a", "kit-b"),
    players: Iterable[int] | None = None,
    deep_every: int = 7,
) -> None:
    """The whole kit: every player count (or ``players``), the default options and every
    option set of ``spec.variants``, every rules version, each seed; and, for a game with a
    determinizer, its samples along one game per player count and option set (the first
    seed, the current rules: those a determinizer draws its states under)."""
    seeds = tuple(seeds)
    _require(len(seeds) >= 2, "declaration", "the kit needs two seeds or more")
    check_declaration(spec)
    counts = range(spec.min_players, spec.max_players + 1) if players is None else players
    for count in counts:
        for version in spec.rules_versions:
            for index, options in enumerate((None, *spec.variants)):
                for seed in seeds:
                    try:
                        check_playout(spec, count, seed, options, version, deep_every=deep_every)
                    except KitFailure as failure:
                        where = f"{count} players, rules {version!r}, seed {seed!r}"
                        where += f", variant {index - 1}" if index else ""
                        raise KitFailure(failure.property, f"{failure.message} ({where})") from None
        for index, options in enumerate((None, *spec.variants)):
            try:
                check_determinize(spec, count, seeds[0], options)
            except KitFailure as failure:
                where = f"{count} players, seed {seeds[0]!r}"
                where += f", variant {index - 1}" if index else ""
                raise KitFailure(failure.property, f"{failure.message} ({where})") from None
        check_same_seed(spec, count, seeds)
