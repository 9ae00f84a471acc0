"""The conformance kit: the whole game API contract, as every game served must honour it."""

from __future__ import annotations

from hearts import SPEC

from domain.testing import check_game


def test_conformance() -> None:
    check_game(SPEC)
