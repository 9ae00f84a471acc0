"""End of game: King's Favors, exhausted stacks, bonus cards, marks (seed 게임 종료 1-4)."""

from __future__ import annotations

from domain.castles import data
from domain.castles.events import GameEnded
from domain.castles.rules.context import Ctx
from domain.castles.rules.placement import castle_of
from domain.castles.state import CastlesState, FinalScore, ScoreLine, Seat


def built(seat: Seat) -> list[data.Piece]:
    """Every piece of the castle except the foyer (what favors and bonus cards count)."""
    return [data.PIECES[p.piece] for p in seat.castle if p.piece != data.FOYER]


def rooms(seat: Seat) -> list[data.Piece]:
    return [p for p in built(seat) if p.is_room]


def external_entrances(seat: Seat) -> int:
    """Entrances leading outside, corridor pieces' entrances excluded."""
    castle = castle_of(seat.castle)
    return sum(
        castle.open_doors(i) for i, laid in enumerate(castle.laid) if laid.piece.type != "corridor"
    )


def completed_rooms(seat: Seat) -> int:
    castle = castle_of(seat.castle)
    return sum(1 for i, laid in enumerate(castle.laid) if laid.piece.is_room and castle.complete(i))


def favor_metric(favor: dict, seat: Seat) -> int:
    match favor["kind"]:
        case "type_count":
            return sum(1 for p in built(seat) if p.type == favor["type"])
        case "type_area":
            return sum(p.size for p in built(seat) if p.type == favor["type"])
        case "money":
            return seat.money
        case "external_entrances":
            return external_entrances(seat)
        case "completed":
            return completed_rooms(seat)
        case "incomplete":
            return len(rooms(seat)) - completed_rooms(seat)
        case "sizes":
            return sum(1 for p in rooms(seat) if p.size in favor["sizes"])
    raise AssertionError(favor)


def favor_points(values: list[int]) -> list[int]:
    """8/4/2/1 by rank among seats with a positive value; tied seats add the points of the
    places they occupy and split them, rounding down."""
    points = [0] * len(values)
    ranked = sorted((v for v in values if v > 0), reverse=True)
    place = 0
    for value in sorted(set(ranked), reverse=True):
        tied = [seat for seat, v in enumerate(values) if v == value]
        pot = sum(data.FAVOR_POINTS[place : place + len(tied)])
        for seat in tied:
            points[seat] = pot // len(tied)
        place += len(tied)
    return points


def bonus_points(card: dict, seat: Seat) -> int:
    match card["kind"]:
        case "per_type":
            return card["points"] * sum(1 for p in built(seat) if p.type == card["type"])
        case "per_size":
            return card["points"] * sum(1 for p in rooms(seat) if p.size == card["size"])
        case "every_size":
            have = {p.size for p in rooms(seat)}
            return card["points"] if all(s in have for s in data.SIZES) else 0
        case "every_type":
            have = {p.type for p in built(seat)}
            return card["points"] if all(t in have for t in data.TYPES) else 0
        case "per_hallway":
            return card["points"] * sum(
                1 for p in built(seat) if p.id in (data.HALLWAY, data.DARK_HALLWAY)
            )
        case "per_external_entrance":
            return card["points"] * external_entrances(seat)
        case "per_square_room":
            return card["points"] * sum(1 for p in rooms(seat) if p.size in (100, 400))
        case "per_10000_marks":
            return card["points"] * (seat.money // 10000)
        case "per_stairs":
            return card["points"] * sum(1 for p in built(seat) if p.id == data.STAIRS)
        case "per_completed_room":
            return card["points"] * completed_rooms(seat)
        case "per_circular_room":
            return card["points"] * sum(1 for p in rooms(seat) if p.size in (150, 500))
    raise AssertionError(card)


def final_scores(state: CastlesState) -> tuple[FinalScore, ...]:
    n = state.players
    lines: list[list[ScoreLine]] = [[] for _ in range(n)]
    # 1. King's Favors.
    for favor_id in state.favors:
        favor = data.FAVORS[favor_id]
        pts = favor_points([favor_metric(favor, s) for s in state.seats])
        for seat in range(n):
            if pts[seat]:
                lines[seat].append(ScoreLine(f"favor {favor_id}: {_favor_name(favor)}", pts[seat]))
    # 2. Exhausted stacks: 2 per tile of that size (stairs, hallways) in the castle.
    for seat, s in enumerate(state.seats):
        for size, stack in zip(data.SIZES, state.stacks, strict=True):
            if not stack:
                count = sum(1 for p in rooms(s) if p.size == size)
                if count:
                    lines[seat].append(
                        ScoreLine(
                            f"stack {size} exhausted: {count} tiles", data.EXHAUSTED_POINTS * count
                        )
                    )
        for pieces, left, name in (
            ((data.STAIRS,), state.stairs, "stairs"),
            ((data.HALLWAY, data.DARK_HALLWAY), state.hallways, "hallways"),
        ):
            count = sum(1 for p in built(s) if p.id in pieces)
            if not left and count:
                lines[seat].append(
                    ScoreLine(f"{name} exhausted: {count} tiles", data.EXHAUSTED_POINTS * count)
                )
    # 3. Bonus cards, from the Master Builder clockwise.
    for i in range(n):
        seat = (state.builder + i) % n
        for card in state.seats[seat].hand:
            pts = bonus_points(data.BONUS_CARDS[card], state.seats[seat])
            lines[seat].append(
                ScoreLine(f"bonus card {card}: {_card_name(data.BONUS_CARDS[card])}", pts)
            )
    # 4. 1 point per 10,000 marks.
    for seat, s in enumerate(state.seats):
        if s.money >= data.MARKS_PER_POINT:
            lines[seat].append(ScoreLine("marks", s.money // data.MARKS_PER_POINT))
    return tuple(
        FinalScore(
            seat=seat,
            lines=tuple(lines[seat]),
            total=state.seats[seat].score + sum(x.points for x in lines[seat]),
        )
        for seat in range(n)
    )


def _favor_name(favor: dict) -> str:
    kind = favor["kind"]
    if "type" in favor:
        return f"{kind} {favor['type']}"
    if "sizes" in favor:
        return f"{kind} {'/'.join(map(str, favor['sizes']))}"
    return kind


def _card_name(card: dict) -> str:
    extra = card.get("type") or card.get("size") or ""
    return f"{card['kind']} {extra}".strip()


def finish(ctx: Ctx, reason: str = "deck") -> None:
    s = ctx.s
    ctx.emit(GameEnded(hands=tuple(x.hand for x in s.seats), final=final_scores(s), reason=reason))


def castle_size(seat: Seat) -> int:
    return sum(data.PIECES[p.piece].size for p in seat.castle)
