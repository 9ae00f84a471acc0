"""The game contract every game implements, and the small pure helpers around it.

A game is a *Decider* (Chassaing): ``initial_state`` + ``evolve`` fold events into state,
``decide`` turns a command into events. Chance is an input: ``start`` and ``decide`` receive
an :class:`Rng` derived from the game's secret seed and the stream version, and every chance
outcome they draw is written into the events, so replaying a stored game never draws again.

Tags: commands and events are msgspec Structs with ``tag_field="type"`` and an explicit tag
``"<slug>.<name>"`` (commands imperative, events past tense). Tags are a storage contract and
globally unique, so one stored event or one HTTP command names its game by itself.

This module is pure: standard library and msgspec only, no I/O, no clock, no global randomness.
"""

from __future__ import annotations

import hashlib
import struct
import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import reduce
from typing import Any, Generic, TypeVar

import msgspec

T = TypeVar("T")


class DomainError(Exception):
    """A command the rules forbid. ``code`` is a stable string (``not_your_turn``,
    ``azul/pattern_line_colour_mismatch``); ``detail`` is for humans."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail or code


class Command(
    msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True, kw_only=True
):
    """Base of every command. Subclasses give ``tag="<slug>.<verb_noun>"``."""


class Event(msgspec.Struct, tag_field="type", frozen=True, kw_only=True):
    """Base of every event. Subclasses give ``tag="<slug>.<noun_verbed>"``.

    Unknown fields are tolerated on decode so that an older reader survives additive changes."""


class Options(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """Base of a game's options; every field has a default."""


class View(msgspec.Struct, tag_field="game", frozen=True, kw_only=True):
    """Base of a game's view; subclasses give ``tag="<slug>"``."""


class Setup(msgspec.Struct, frozen=True, kw_only=True):
    """What a game is created from: the number of seats (0-based seats), its options and the
    rules version it is played by.

    ``terms`` are what the game is played under besides its rules (clock, event cap: a
    ``domain.lifecycle.Terms``); the games' own rules never read them."""

    players: int
    options: Any
    rules_version: str = ""
    """One of the game's ``GameSpec.rules_versions``, as stored with the game; "" means the
    current one. A game whose rules changed reads it (``initial_state``) and keeps the rules
    it was created under: its replay, legal commands and decisions stay those of its version."""
    terms: Any = None


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    score: int
    place: int
    """1 is the winner; seats still tied after every tie-break share a place."""
    tiebreak: tuple[int, ...] = ()
    """The values compared after the score, in the game's documented order."""


class Result(msgspec.Struct, frozen=True, kw_only=True):
    ranking: tuple[Standing, ...]
    """Sorted by place, then seat."""
    summary: str = ""


def rank(entries: Iterable[tuple[int, int, tuple[int, ...]]]) -> tuple[Standing, ...]:
    """Rank ``(seat, score, tiebreak)`` entries: higher ``(score, *tiebreak)`` is better;
    equal keys share a place (competition ranking: 1, 1, 3)."""
    ordered = sorted(entries, key=lambda e: ((e[1], *e[2]), -e[0]), reverse=True)
    standings: list[Standing] = []
    for index, (seat, score, tiebreak) in enumerate(ordered):
        place = index + 1
        if standings and (standings[-1].score, standings[-1].tiebreak) == (score, tiebreak):
            place = standings[-1].place
        standings.append(Standing(seat=seat, score=score, place=place, tiebreak=tiebreak))
    return tuple(sorted(standings, key=lambda s: (s.place, s.seat)))


class Rng:
    """Deterministic randomness: SHA-256 in counter mode over (seed, version, label).

    Portable on purpose: an arbiter can re-implement it from this docstring. Block ``i`` is
    ``sha256(key || i as 8 big-endian bytes)`` where ``key = sha256("gamestate-rng-v1" 0x00
    seed 0x00 version 0x00 label)``; integers are drawn as 8 big-endian bytes with rejection
    sampling, and :meth:`shuffled` is Fisher-Yates from the last position down."""

    __slots__ = ("_counter", "_key_", "_material", "_values")

    def __init__(self, seed: str, version: int, label: str = "") -> None:
        # The bytes of b"\0".join((b"gamestate-rng-v1", seed, str(version), label)), in one
        # encode. The key is hashed from them when first needed: an Rng is made for every
        # decision, and most decisions draw nothing.
        self._material = f"gamestate-rng-v1\0{seed}\0{version!s}\0{label}".encode()
        self._key_: bytes | None = None
        self._counter = 0
        self._values: list[int] = []

    @property
    def _key(self) -> bytes:
        key = self._key_
        if key is None:
            key = self._key_ = _sha256(self._material).digest()
        return key

    @_key.setter
    def _key(self, key: bytes) -> None:
        self._key_ = key

    def _next64(self) -> int:
        # A block is exactly four 64-bit values: they are unpacked at once and handed out
        # first to last (kept reversed, so that ``pop`` is the cheap end: the block's bytes
        # reversed, read little-endian, are its big-endian values last to first).
        values = self._values
        if not values:
            key = self._key_
            if key is None:
                key = self._key_ = _sha256(self._material).digest()
            counter = self._counter
            self._counter = counter + 1
            suffix = _COUNTERS[counter] if counter < _COUNTED else counter.to_bytes(8, "big")
            values = self._values = list(_FOUR_U64_REVERSED(_sha256(key + suffix).digest()[::-1]))
        return values.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        values = self._values
        value = values.pop() if values else self._next64()
        # Rejection sampling. A value below 2**64 - n is accepted whatever n is, which
        # spares the exact limit nearly always.
        while value >= _TWO_64 - n and value >= _TWO_64 - _TWO_64 % n:
            value = self._next64()
        return value % n

    def choice(self, items: Sequence[T]) -> T:
        # ``items[self.below(len(items))]``, inlined: this is the bot's every choice.
        n = len(items)
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        values = self._values
        value = values.pop() if values else self._next64()
        while value >= _TWO_64 - n and value >= _TWO_64 - _TWO_64 % n:
            value = self._next64()
        return items[value % n]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        result = list(items)
        size = len(result)
        if size < 2:
            return result
        # ``below(i + 1)`` for i from the last position down, inlined with the values drawn
        # in one go (a round's set-up shuffles a whole bag). Every bound is at most ``size``,
        # so a value below ``sure`` is accepted by all of them; only from the first value
        # above it on (about once in 2**57 draws) does the exact rejection test run.
        drawn = self._draw(size - 1)
        sure = _TWO_64 - size
        if max(drawn) < sure:  # no value needs the exact test: all of them are used in turn
            for i, n, value in zip(range(size - 1, 0, -1), range(size, 1, -1), drawn, strict=True):
                j = value % n
                result[i], result[j] = result[j], result[i]
            return result
        i = size - 1
        for value in drawn:
            if value >= sure:
                break
            j = value % (i + 1)
            result[i], result[j] = result[j], result[i]
            i -= 1
        else:
            return result
        rest = iter(drawn[size - 1 - i :])  # from the value that broke off
        for position in range(i, 0, -1):
            n = position + 1
            value = next(rest, None)
            if value is None:
                value = self._next64()
            while value >= _TWO_64 - _TWO_64 % n:
                value = next(rest, None)
                if value is None:
                    value = self._next64()
            j = value % n
            result[position], result[j] = result[j], result[position]
        return result

    def _draw(self, count: int) -> list[int]:
        """The next ``count`` values, in order: what ``count`` calls of ``_next64`` return,
        with the blocks they need hashed in one go."""
        buffered = self._values  # reversed: the next value is the last
        if count <= len(buffered):
            taken = buffered[len(buffered) - count :]
            del buffered[len(buffered) - count :]
            taken.reverse()
            return taken
        taken = buffered[::-1]
        need = count - len(taken)
        blocks = -(-need // 4)
        key, counter = self._key, self._counter
        end = counter + blocks
        suffixes = (
            _COUNTERS[counter:end]
            if end <= _COUNTED
            else [c.to_bytes(8, "big") for c in range(counter, end)]
        )
        data = b"".join([_sha256(key + suffix).digest() for suffix in suffixes])
        self._counter = counter + blocks
        fresh = struct.unpack(f">{4 * blocks}Q", data)
        taken += fresh[:need]
        rest = list(fresh[need:])
        rest.reverse()
        self._values = rest
        return taken

    def fork(self, label: str) -> Rng:
        """An independent stream, for drawing several things without order coupling."""
        child = Rng("", 0)
        child._key = hashlib.sha256(self._key + b"\0fork\0" + label.encode()).digest()
        return child


_sha256 = hashlib.sha256
_FOUR_U64 = struct.Struct(">4Q").unpack
"""A SHA-256 block as four big-endian unsigned 64-bit integers."""
_FOUR_U64_REVERSED = struct.Struct("<4Q").unpack
"""A SHA-256 block's bytes reversed as four little-endian values: its values last to first."""
_COUNTED = 256
_COUNTERS = tuple(i.to_bytes(8, "big") for i in range(_COUNTED))
"""The 8-byte block counters that nearly every Rng uses, encoded once."""
_TWO_64 = 1 << 64

S = TypeVar("S")


@dataclass(frozen=True)
class GameSpec(Generic[S]):
    """One game, as the registry and the service see it. Every callable is pure.

    - ``initial_state(setup)``: the state before any event.
    - ``start(setup, rng)``: the set-up events (shuffles, first draws) as data. Raises
      ``DomainError`` for an impossible set-up (option combination, player count).
    - ``decide(state, seat, command, rng)``: the events a command causes, including every
      automatic consequence (scoring, refills, next player). Raises ``DomainError``.
    - ``evolve(state, event)``: applies one event; never validates, never mutates its input.
    - ``legal_commands(state, seat)``: exactly the commands ``decide`` accepts now.
    - ``to_act(state)``: the seats that may act now (empty once the game is over).
    - ``view(state, viewer)``: what a seat (or a spectator, ``None``) may see.
    - ``redact(event, viewer)``: the event as that viewer may see it during play (an instance
      of the same event union, hidden fields blanked).
    - ``result(state)``: the final ranking, or ``None`` while the game goes on.
    - ``provisional_result(state)``: the ranking of the state as it stands, by the same
      measures and tie-breaks as ``result`` (end-of-game scoring applied where the rules
      allow it mid-game). Used for endings that are not in the rules (resignation,
      abandonment, the event cap: ``domain/lifecycle``); equal to ``result`` once it is over.
    - ``max_events``: the most events a game of these rules can reasonably take, from its own
      end conditions with a wide margin; the kernel ends a game that reaches it.
    - ``resample_hidden(state, viewer, rng)``: a state the viewer cannot tell apart from this
      one (hidden parts re-drawn). The shared suite checks that the view does not change,
      which is how "views leak nothing hidden" is tested for every game alike.

    State must be a msgspec-encodable value (the suite compares encodings to prove that no
    input is mutated).
    """

    slug: str
    title: str
    rules_version: str
    min_players: int
    max_players: int
    options_type: type[Options]
    command_type: Any
    event_type: Any
    state_type: type[S]
    view_type: type[View]
    initial_state: Callable[[Setup], S]
    start: Callable[[Setup, Rng], tuple[Event, ...]]
    decide: Callable[[S, int, Any, Rng], tuple[Event, ...]]
    evolve: Callable[[S, Any], S]
    legal_commands: Callable[[S, int], list[Any]]
    to_act: Callable[[S], tuple[int, ...]]
    view: Callable[[S, int | None], View]
    redact: Callable[[Any, int | None], Any]
    result: Callable[[S], Result | None]
    resample_hidden: Callable[[S, int | None, Rng], S]
    provisional_result: Callable[[S], Result] | None = None
    """Required of every registered game (the shared suite checks it); optional only so that
    a test game can leave it out."""
    max_events: int = 10_000
    description: str = ""
    notes: str = ""
    variants: tuple[Options, ...] = ()
    """Option sets besides the defaults that the shared property suite must also pass."""
    content_status: str = "official"
    """What the game's components are: ``"official"`` (the published ones, from public lists
    cross-checked for this project) or ``"provisional"`` (some are stand-ins or guesses;
    ``content_note`` says which, in one line)."""
    content_note: str = ""
    content_of: Callable[[Any], tuple[str, str]] | None = None
    """The (status, note) of a game created with these options, when its options can change
    them (a content pack); None: always ``content_status`` and ``content_note``."""
    load_content: Callable[[bytes], tuple[str, str, str]] | None = None
    """Loads a content pack from the bytes of a file, so that games can name it in their
    options; returns (name, status, note); raises ``DomainError`` saying what is wrong. The
    service calls it at start-up for the files of its content-pack folder (the domain does
    no I/O). None: the game takes no content packs."""
    older_rules_versions: tuple[str, ...] = ()
    """Earlier rules versions this code still plays, oldest first: a game stored under one of
    them keeps its rules (``Setup.rules_version``). A rules change bumps ``rules_version`` and
    adds the previous one here."""
    viewer_script: tuple[str, str] | None = None
    """The game's board for the viewer: (package, file) of an ES module shipped with the game
    (``("domain.azul", "board.js")``), served under the viewer's strict CSP; None: the viewer
    shows the view as a structured tree (docs/writing-a-game.md, "The viewer")."""
    viewer_components: Callable[[str], dict[str, Any]] | None = None
    """The printed components the board script draws from (tile edges, room shapes), as JSON
    data, for the named content pack ("standard" without packs); None: none."""
    tiebreak_labels: tuple[tuple[str, bool], ...] = ()
    """What the values of ``Standing.tiebreak`` are, in order, and whether the stored value is
    negated (a smaller count wins: shown as the count itself); for result tables."""
    view_scores: Callable[[dict[str, Any], int], list[int | None]] | None = None
    """The running scores a view shows (the view as JSON, the number of seats), per seat, None
    where it shows none yet; for `gamestate replay`. None: scores only from the result."""
    command_classes: tuple[type, ...] = field(default=(), init=False)
    event_classes: tuple[type, ...] = field(default=(), init=False)
    determinize: Callable[[View, int, Rng], S] | None = None
    """For bots: a full state drawn at random among those that give exactly that seat's view
    (``view(determinize(v, seat, rng), seat) == v``), built from the view and the game's
    static data alone, never from the true state. None: the game has none, and its bots
    play ``random`` and ``greedy`` only (``domain/bots``)."""
    bot_value: Callable[[Any, int], float] | None = None
    """For bots: how good the state is for a seat, score-like (points as the game counts
    them, with what the rules have not counted yet estimated). Lives in the game's package so
    that ``domain/bots`` imports no game. None: the seat's score in ``provisional_result``."""
    bot_values: Callable[[Any], list[float]] | None = None
    """For bots: ``bot_value`` of every seat at once, for a game whose valuation shares work
    between seats (one scoring of the board); must equal ``[bot_value(state, s) for s in
    seats]``. None: ``bot_value`` seat by seat."""
    bot_estimate: Callable[[Any], list[float]] | None = None
    """For ``mcts`` alone: every seat's value with what the rules will still count estimated
    beyond ``bot_values`` (open features' chances), for its priors and leaves. Kept apart
    because ``greedy``, which the kernel's auto-play uses and the audit re-decides, must not
    change with it. None: ``bot_values``."""
    bot_scale: float | None = None
    """For bots: a score margin that is a clear lead (the squashing scale of the search's
    reward). None: 10."""
    bot_prior_weight: float | None = None
    """For ``mcts``: how many visits a command's prior counts as; a larger weight keeps the
    search nearer the one-ply ranking unless its iterations disagree (Carcassonne, whose
    move affords a few dozen noisy iterations). None: ``domain.bots.mcts.PRIOR_WEIGHT``."""
    bot_common_deals: bool = True
    """For bots: ``mcts`` compares its root's children on common deals (a child's n-th visit
    on the n-th sample and chance draws; ``domain/bots/mcts.py``). False: each iteration on
    the next sample, whichever child it visits (measured better where a move affords only a
    visit or two per child)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "command_classes", _members(self.command_type))
        object.__setattr__(self, "event_classes", _members(self.event_type))

    def content(self, options: Any = None) -> tuple[str, str]:
        """(status, note) of the components a game with these options is played with."""
        if self.content_of is not None and options is not None:
            return self.content_of(options)
        return self.content_status, self.content_note

    @property
    def rules_versions(self) -> tuple[str, ...]:
        """Every rules version this code plays, oldest first; the last is the current one."""
        return (*self.older_rules_versions, self.rules_version)

    def new_setup(
        self, players: int, options: Options | None = None, rules_version: str | None = None
    ) -> Setup:
        """A set-up under ``rules_version`` (default: the current one)."""
        if not self.min_players <= players <= self.max_players:
            raise DomainError(
                "player_count",
                f"{self.title} takes {self.min_players} to {self.max_players} players, not {players}",
            )
        version = self.rules_version if rules_version is None else rules_version
        if version not in self.rules_versions:
            raise DomainError(
                "rules_version_unsupported",
                f"{self.title} is played by rules version {', '.join(self.rules_versions)},"
                f" not {version!r}",
            )
        return Setup(
            players=players,
            options=options if options is not None else self.options_type(),
            rules_version=version,
        )


def _members(union: Any) -> tuple[type, ...]:
    args = typing.get_args(union)
    return tuple(args) if args else (union,)


def fold(spec: GameSpec[S], setup: Setup, events: Iterable[Any], state: S | None = None) -> S:
    """State is the left fold of ``evolve`` over the events."""
    return reduce(spec.evolve, events, spec.initial_state(setup) if state is None else state)


def decide(spec: GameSpec[S], state: S, seat: int, command: Any, rng: Rng) -> tuple[Event, ...]:
    """``spec.decide`` behind the checks that are the same in every game."""
    seats = () if spec.result(state) is not None else spec.to_act(state)
    if not seats:
        raise DomainError("game_over", "the game is over")
    if not isinstance(command, spec.command_classes):
        raise DomainError("command_not_for_game", f"that command is not a {spec.title} command")
    if seat not in seats:
        raise DomainError("not_your_turn", f"seat {seat} may not act now")
    return spec.decide(state, seat, command, rng)


def start(spec: GameSpec[S], setup: Setup, seed: str) -> tuple[S, tuple[Event, ...]]:
    """Set a game up: the set-up events are drawn with ``Rng(seed, 0)``."""
    events = spec.start(setup, Rng(seed, 0))
    return fold(spec, setup, events), events


def playout(
    spec: GameSpec[S],
    setup: Setup,
    seed: str,
    *,
    max_commands: int = 100_000,
    on_step: Callable[[S, int, Any, tuple[Event, ...]], None] | None = None,
) -> tuple[S, list[Event]]:
    """A random legal game to the end: seats that may act are picked and their commands
    chosen uniformly with a bot Rng derived from the seed. Versions count events, as in the
    store, so the game's own Rng is the one the service would use."""
    state, events = start(spec, setup, seed)
    log = list(events)
    for step in range(max_commands):
        seats = spec.to_act(state)
        if not seats:
            return state, log
        bot = Rng(seed, step, "bot")
        seat = bot.choice(seats)
        commands = spec.legal_commands(state, seat)
        if not commands:
            raise AssertionError(f"{spec.slug}: seat {seat} must act but has no legal command")
        command = bot.choice(commands)
        new_events = decide(spec, state, seat, command, Rng(seed, len(log)))
        if on_step is not None:
            on_step(state, seat, command, new_events)
        for event in new_events:
            state = spec.evolve(state, event)
        log.extend(new_events)
    raise AssertionError(f"{spec.slug}: no end after {max_commands} commands")
