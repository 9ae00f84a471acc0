"""Records of finished games and their verification, as pure functions over plain data.

The same code checks a game straight from the database (``GET /games/{id}/audit``, the
``gamestate audit`` command) and a record brought from elsewhere (``POST /games/import``),
so "the service says it is fine" and "the record says it is fine" can never drift apart.
No I/O here: the callers load the data, this module only judges it.

The format is described in docs/record-format.md, which is the contract for anyone who
re-implements the checks without this code.

Games are re-decided through their match (``domain/lifecycle``): the game's rules and the
kernel's lifecycle, with the terms (clock, event cap) recorded in the first event's metadata
and each decision's time in its first event's metadata (``at``). So timeouts, auto-plays,
resignations and abandonments are re-decided like moves, and a timeout the clock did not
allow is refused (the ``clock`` check names the simplest forgery: one fired before its own
recorded deadline).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import uuid
from collections.abc import Callable
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from domain._kernel import DomainError, Result, Rng
from domain.lifecycle import MATCHES, Match, Terms
from service.store.chain import GENESIS, canonical, event_hash

RECORD_FORMAT = "gamestate-record/1"

Hash = Annotated[str, Meta(pattern="^[0-9a-f]{64}$", description="sha256, lower-case hex")]
Version = Annotated[int, Meta(ge=1, le=2**53)]
# No lower bound of 0 on purpose: Litestar 2.x drops a `minimum` of 0 from the document, and a
# wrong seat in a record is a verification failure (422), not a malformed body.
SeatNumber = Annotated[int, Meta(ge=-(2**53), le=2**53)]
ShortText = Annotated[str, Meta(min_length=1, max_length=200)]


class RecordSeat(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, omit_defaults=True):
    # omit_defaults: an anonymous seat's record stays as release 2.0.0 wrote it, so older
    # servers (unknown fields forbidden) still import it.
    seat: SeatNumber
    name: Annotated[str, Meta(min_length=1, max_length=64, pattern=r"^[^\x00-\x1f\x7f]+$")]
    player_id: uuid.UUID | None = None
    """The registered player who held the seat (absent for an anonymous one). An import
    keeps it out: nobody holds an imported game's seats."""


class RecordCommand(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, gc=False):
    at_version: Version
    """The stream's version before the command: its events are ``at_version + 1`` onwards,
    and its randomness is ``Rng(seed, at_version)``."""
    seat: SeatNumber | None
    """None for a lifecycle command of the clock or an organiser (``game.time_out``,
    ``game.abandon``, ...)."""
    command: dict[str, Any]
    """The command as sent, tagged by ``type``."""
    command_id: ShortText


class RecordEvent(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    version: Version
    type: ShortText
    data: dict[str, Any]
    metadata: dict[str, Any]
    recorded_at: dt.datetime
    prev_hash: Hash
    hash: Hash


class Record(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A finished game, complete enough to be re-checked without this service."""

    format: Literal["gamestate-record/1"]
    game_id: uuid.UUID
    """The id the events were hashed with."""
    game: Annotated[str, Meta(pattern="^[a-z_]{1,32}$")]
    rules_version: ShortText
    options: dict[str, Any]
    players: Annotated[list[RecordSeat], Meta(min_length=1, max_length=64)]
    seed: Annotated[str, Meta(min_length=1, max_length=128, pattern=r"^[\x21-\x7e]+$")]
    seed_commitment: Hash
    created_at: dt.datetime
    finished_at: dt.datetime
    version: Version
    """The stream's version: the last event's."""
    result: Result | None
    commands: list[RecordCommand]
    events: Annotated[list[RecordEvent], Meta(min_length=1)]
    imported_from: dict[str, Any] | None = None
    """Where an imported game came from (its original id and times); null otherwise."""
    content: Annotated[str, Meta(pattern="^(official|provisional)$")] | None = None
    """Whether the game's components were the published ones or (``provisional``) partly
    stand-ins or guesses, as the service knows them at export; not audited (absent from
    older records)."""
    content_note: Annotated[str, Meta(max_length=1000)] | None = None
    """One line saying which components are provisional, and why."""


class AuditCheck(msgspec.Struct, kw_only=True):
    name: str
    ok: bool
    """False only when the check ran and failed; a skipped check is ok."""
    status: Literal["passed", "failed", "skipped"]
    detail: str


class AuditReport(msgspec.Struct, kw_only=True):
    id: uuid.UUID
    game: str
    rules_version: str
    status: str
    """The game's status when audited (active games are audited without their seed)."""
    version: int
    ok: bool
    checks: list[AuditCheck]


# The code an import is refused with when a check fails (the first failing check in this order).
CHECK_CODES = {
    "game": "record_unknown_game",
    "rules_version": "record_rules_version",
    "hash_chain": "record_hash_mismatch",
    "seed_commitment": "record_seed_mismatch",
    "commands": "record_command_mismatch",
    "clock": "record_timeout_before_deadline",
    "replay": "record_replay_mismatch",
    "result": "record_result_mismatch",
}


class CheckFailed(Exception):
    pass


def commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def commands_from_events(events: list[RecordEvent]) -> list[RecordCommand]:
    """The commands as the hashed metadata states them: the first event of each command's
    batch carries the command; set-up events carry ``command: null``."""
    found = []
    for event in events:
        command = event.metadata.get("command")
        if command is not None:
            found.append(
                RecordCommand(
                    at_version=event.version - 1,
                    seat=event.metadata.get("seat"),
                    command=command,
                    command_id=str(event.metadata.get("command_id")),
                )
            )
    return found


def _passed(name: str, detail: str) -> AuditCheck:
    return AuditCheck(name=name, ok=True, status="passed", detail=detail)


def _failed(name: str, detail: str) -> AuditCheck:
    return AuditCheck(name=name, ok=False, status="failed", detail=detail)


def _skipped(name: str, detail: str) -> AuditCheck:
    return AuditCheck(name=name, ok=True, status="skipped", detail=detail)


def check_hash_chain(record: Record) -> str:
    prev = GENESIS
    for index, event in enumerate(record.events):
        if event.version != index + 1:
            raise CheckFailed(f"event {index + 1} has version {event.version}")
        if event.prev_hash != prev:
            raise CheckFailed(
                f"version {event.version}: prev_hash does not link to the event before"
            )
        try:
            digest = event_hash(
                prev, record.game_id, event.version, event.type, event.data, event.metadata
            )
        except (TypeError, ValueError, msgspec.EncodeError) as exc:
            raise CheckFailed(f"version {event.version}: cannot be hashed ({exc})") from None
        if digest != event.hash:
            raise CheckFailed(f"version {event.version}: hash does not match its content")
        prev = digest
    last = record.events[-1].version
    if record.version != last:
        raise CheckFailed(f"the stream is at version {record.version}, its last event is {last}")
    return f"{last} events link from genesis to {prev[:16]}…"


def check_commands(record: Record) -> str:
    stated = commands_from_events(record.events)
    if len(stated) != len(record.commands):
        raise CheckFailed(
            f"{len(record.commands)} commands listed, the events' metadata holds {len(stated)}"
        )
    for listed, meta in zip(record.commands, stated, strict=True):
        if canonical(msgspec.to_builtins(listed)) != canonical(msgspec.to_builtins(meta)):
            raise CheckFailed(
                f"the command at version {listed.at_version} differs from the one in the"
                f" metadata of event {meta.at_version + 1}"
            )
    # Every event names the command that caused it (set-up events: none), so no event can be
    # passed off as another seat's doing.
    starts = {c.at_version + 1: c for c in record.commands}
    setup_id = record.events[0].metadata.get("command_id")
    current: RecordCommand | None = None
    for event in record.events:
        current = starts.get(event.version, current)
        seat = current.seat if current is not None else None
        command_id = current.command_id if current is not None else setup_id
        if event.metadata.get("seat") != seat or event.metadata.get("command_id") != command_id:
            raise CheckFailed(
                f"version {event.version}: the metadata does not name the seat and command"
                " id of the command it belongs to"
            )
    return f"{len(stated)} commands agree with the events' metadata"


def check_clock(record: Record) -> str:
    """Every recorded timeout fired at or after the deadline it records. (Whether that
    deadline is the one the clock gave is for the replay, which re-decides it.)"""
    count = 0
    for event in record.events:
        if event.type != "game.turn_timed_out":
            continue
        at, deadline = event.data.get("at"), event.data.get("deadline")
        if not isinstance(at, int) or not isinstance(deadline, int):
            raise CheckFailed(f"version {event.version}: a timeout without its times")
        if at < deadline:
            raise CheckFailed(
                f"version {event.version}: seat {event.data.get('seat')} timed out at {at},"
                f" {deadline - at} ms before its deadline {deadline}"
            )
        count += 1
    return f"{count} timeouts, none before its deadline"


def terms_of(record: Record) -> Terms | None:
    """The terms the game was created under, from its first event's (hashed) metadata."""
    terms = record.events[0].metadata.get("terms")
    return msgspec.convert(terms, Terms) if terms is not None else None


def _time_of(record: Record, command: RecordCommand) -> int | None:
    """The time the command was decided at, from its first event's metadata."""
    if command.at_version >= len(record.events):
        return None
    at = record.events[command.at_version].metadata.get("at")
    if at is not None and (isinstance(at, bool) or not isinstance(at, int)):
        raise CheckFailed(f"the command at version {command.at_version} has no valid time")
    return at


def _same(expected: Any, event: RecordEvent, version: int) -> None:
    data = msgspec.to_builtins(expected)
    tag = type(expected).__struct_config__.tag
    if event.version != version or event.type != tag:
        raise CheckFailed(
            f"version {version}: re-deciding gives {tag}, the record has {event.type}"
        )
    if canonical(data) != canonical(event.data):
        raise CheckFailed(f"version {version}: re-deciding gives other data for {tag}")


def replay(record: Record, spec: Match) -> tuple[Any, str]:
    """Re-run ``start`` and then ``decide`` for every listed command, from the revealed seed,
    and compare each event with the recorded one. Returns the final state."""
    try:
        options = msgspec.convert(record.options, spec.options_type)
        setup = spec.new_setup(
            len(record.players), options, record.rules_version, terms=terms_of(record)
        )
    except (msgspec.ValidationError, DomainError) as exc:
        raise CheckFailed(f"the game cannot be set up from the record: {exc}") from None
    if [p.seat for p in record.players] != list(range(len(record.players))):
        raise CheckFailed("players must be numbered 0, 1, … in seat order")
    events = record.events
    state = spec.initial_state(setup)
    version = 0

    def take(new: tuple[Any, ...], what: str) -> None:
        nonlocal state, version
        if version + len(new) > len(events):
            raise CheckFailed(
                f"{what} yields events past the record's last (version {len(events)})"
            )
        for event in new:
            version += 1
            _same(event, events[version - 1], version)
            state = spec.evolve(state, event)

    try:
        take(spec.start(setup, Rng(record.seed, 0)), "setting up")
    except DomainError as exc:
        raise CheckFailed(f"set-up refused: {exc}") from None
    for command in record.commands:
        if command.at_version != version:
            raise CheckFailed(
                f"the command listed at version {command.at_version} comes when the replay is"
                f" at version {version}"
            )
        try:
            decoded = msgspec.convert(command.command, spec.command_type)
        except msgspec.ValidationError as exc:
            raise CheckFailed(f"the command at version {version} is not valid: {exc}") from None
        at = _time_of(record, command)
        try:
            new = spec.decide(state, command.seat, decoded, Rng(record.seed, version), at)
        except DomainError as exc:
            raise CheckFailed(f"the command at version {version} is refused: {exc}") from None
        take(new, f"the command at version {command.at_version}")
    if version != len(events):
        raise CheckFailed(
            f"the commands explain events up to version {version}; the record goes on to"
            f" {len(events)}"
        )
    return state, f"{len(record.commands)} commands re-decided into the same {version} events"


def _run(checks: list[AuditCheck], name: str, check: Callable[[], str]) -> bool:
    try:
        checks.append(_passed(name, check()))
        return True
    except CheckFailed as exc:
        checks.append(_failed(name, str(exc)))
    except Exception as exc:  # a forged record must fail its check, never crash the audit
        checks.append(_failed(name, f"cannot be checked: {type(exc).__name__}: {exc}"))
    return False


def audit(record: Record, *, status: str = "finished", seed_secret: bool = False) -> AuditReport:
    """Every check in order; later checks that depend on a failed one are reported as failed
    with the reason. ``seed_secret``: an active game, audited by its hash chain only."""
    checks: list[AuditCheck] = []
    spec = MATCHES.get(record.game)
    if spec is None:
        checks.append(_failed("game", f"this service hosts no game '{record.game}'"))
    else:
        checks.append(_passed("game", f"{spec.title}"))
    # A game keeps the rules it was created under: any version the game still plays is
    # re-decided by that version's rules.
    rules_ok = spec is not None and record.rules_version in spec.rules_versions
    if spec is not None:
        if rules_ok:
            checks.append(_passed("rules_version", f"rules version {record.rules_version}"))
        else:
            checks.append(
                _failed(
                    "rules_version",
                    f"recorded under rules version {record.rules_version}, this service plays"
                    f" {', '.join(spec.rules_versions)}: the commands cannot be re-decided here",
                )
            )
    _run(checks, "hash_chain", lambda: check_hash_chain(record))
    if seed_secret:
        secret = "skipped (seed secret while active)"
        checks.append(_skipped("seed_commitment", secret))
        checks.append(_skipped("replay", secret))
    else:

        def seed_check() -> str:
            if commitment(record.seed) != record.seed_commitment:
                raise CheckFailed("sha256(seed) is not the published seed commitment")
            return "sha256(seed) equals the commitment"

        _run(checks, "seed_commitment", seed_check)
        _run(checks, "commands", lambda: check_commands(record))
        _run(checks, "clock", lambda: check_clock(record))
        if spec is None or not rules_ok:
            checks.append(_failed("replay", "not re-decided: see game and rules_version"))
        else:
            final: list[Any] = []

            def replay_check() -> str:
                state, detail = replay(record, spec)
                final.append(state)
                return detail

            if _run(checks, "replay", replay_check):
                _run(checks, "result", lambda: check_result(record, spec, final[0]))
            else:
                checks.append(_failed("result", "not checked: the replay failed"))
    return AuditReport(
        id=record.game_id,
        game=record.game,
        rules_version=record.rules_version,
        status=status,
        version=record.version,
        ok=all(c.ok for c in checks),
        checks=checks,
    )


def check_result(record: Record, spec: Match, state: Any) -> str:
    if not spec.is_over(state):
        raise CheckFailed("the replayed game is not finished")
    result = spec.result(state)
    if canonical(msgspec.to_builtins(result)) != canonical(msgspec.to_builtins(record.result)):
        raise CheckFailed("the recorded result is not the replayed game's result")
    if result is None:
        return "the replayed game was abandoned without a result, as recorded"
    return "the replayed game is finished with the recorded result"


def first_failure(report: AuditReport) -> tuple[str, str] | None:
    """(problem code, detail) of the first failed check, for refusing an import."""
    for check in report.checks:
        if not check.ok:
            return CHECK_CODES.get(check.name, "record_invalid"), f"{check.name}: {check.detail}"
    return None
