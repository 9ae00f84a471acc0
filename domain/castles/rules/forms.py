"""Every rotation of every piece as packed offsets, computed once at import from ``data``.

A placement is a translation ``d = x + K * y`` of a form (cells move by ``d``, segments by
``4 * d``), so testing a candidate needs no per-placement objects: ``placement`` adds ``d`` to
these tuples while it looks things up. ``twin`` points to the first rotation with exactly the
same geometry (symmetric tiles), whose legal translations are then the same ones.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from domain.castles import data


@dataclass(frozen=True, slots=True)
class Form:
    piece: int
    rot: int
    stairs: bool
    cells: tuple[int, ...]
    corners: tuple[tuple[int, str, int], ...]
    """(cell, inner corner, depth) once per cell, as ``lay`` keeps them (last one wins)."""
    walls: tuple[int, ...]
    doors: tuple[tuple[int, int, str], ...]
    """(segment, outside cell, floor), in the printed order"""
    fence: tuple[int, ...]
    anchors: tuple[tuple[int, str, int], ...]
    """(kind, floor, packed rest) per door: a door on open segment ``kind + 4 * r`` puts the
    form at ``d = r - rest``"""
    twin: int
    """the first rotation with the same geometry as this one (itself if none)"""


def _signature(form: Form) -> tuple:
    return (
        frozenset(form.cells),
        frozenset(form.corners),
        frozenset(form.walls),
        frozenset(form.doors),
        frozenset(form.fence),
    )


def _forms(piece: data.Piece) -> tuple[Form, ...]:
    out: list[Form] = []
    signatures: list[tuple] = []
    for rot, shape in enumerate(piece.rotations):
        corners = {c: (corner, depth) for c, corner, depth in shape.corners}
        form = Form(
            piece=piece.id,
            rot=rot,
            stairs=piece.id == data.STAIRS,
            cells=shape.cells,
            corners=tuple((c, corner, depth) for c, (corner, depth) in corners.items()),
            walls=shape.walls,
            doors=tuple((door.seg, door.outside, door.floor) for door in shape.doors),
            fence=shape.fence,
            anchors=tuple((door.seg % 4, door.floor, door.seg // 4) for door in shape.doors),
            twin=rot,
        )
        signature = _signature(form)
        twin = signatures.index(signature) if signature in signatures else rot
        signatures.append(signature)
        out.append(replace(form, twin=twin))
    return tuple(out)


FORMS: dict[int, tuple[Form, ...]] = {pid: _forms(p) for pid, p in data.PIECES.items()}
