"""Placement scoring, in the seed rules' order (공간 배치 점수 1-5)."""

from __future__ import annotations

from domain.castles.rules.placement import Castle
from domain.castles.state import ScoreLine


def own_symbol_lines(castle: Castle, index: int) -> list[ScoreLine]:
    """Step 2: the piece's own centre symbols, as the castle stands now."""
    piece = castle.laid[index].piece
    lines: list[ScoreLine] = []
    match piece.bonus_kind:
        case "connected":
            for other in castle.connections(index):
                op = castle.laid[other].piece
                if op.type in piece.bonus_types:
                    lines.append(
                        ScoreLine(f"{piece.name}: connected {op.name}", piece.bonus_points)
                    )
        case "adjacent_penalty":
            for other in castle.neighbours(index):
                op = castle.laid[other].piece
                if op.type in piece.bonus_types:
                    lines.append(ScoreLine(f"{piece.name}: next to {op.name}", piece.bonus_points))
        case "per_room_in_castle":
            count = sum(1 for laid in castle.laid if laid.piece.type in piece.bonus_types)
            if count:
                lines.append(
                    ScoreLine(
                        f"{piece.name}: {count} x {'/'.join(piece.bonus_types)}",
                        count * piece.bonus_points,
                    )
                )
        case _:
            pass
    return lines


def room_value_lines(castle: Castle, index: int) -> list[ScoreLine]:
    """Printed points and own centre symbols (steps 1-2; also the living-room reward)."""
    piece = castle.laid[index].piece
    lines = [ScoreLine(f"{piece.name}: printed", piece.points)] if piece.points else []
    return lines + own_symbol_lines(castle, index)


def placement_lines(castle: Castle, index: int) -> list[ScoreLine]:
    """Everything placing piece ``index`` scores (steps 1-5)."""
    new = castle.laid[index].piece
    lines = room_value_lines(castle, index)
    # 3. Connected rooms whose symbols match the new room's type.
    for other in castle.connections(index):
        op = castle.laid[other].piece
        if op.bonus_kind == "connected" and new.type in op.bonus_types:
            lines.append(ScoreLine(f"{op.name}: connected {new.name}", op.bonus_points))
    # 4. Adjacent activity rooms that dislike the new room's type.
    for other in castle.neighbours(index):
        op = castle.laid[other].piece
        if op.bonus_kind == "adjacent_penalty" and new.type in op.bonus_types:
            lines.append(ScoreLine(f"{op.name}: next to {new.name}", op.bonus_points))
    # 5. Downstairs rooms already placed that count the new room's type.
    for other, laid in enumerate(castle.laid):
        op = laid.piece
        if other != index and op.bonus_kind == "per_room_in_castle" and new.type in op.bonus_types:
            lines.append(ScoreLine(f"{op.name}: {new.name}", op.bonus_points))
    return lines
