"""``Rng`` draws exactly what its docstring specifies: a plain re-implementation of it (the
kernel's code before the playout speed work, a byte buffer and one draw per call) must agree
with it value for value, through mixed calls, shuffles of every small size, and rejections.

Rejections are rare with real hashes (about once in 2**57 draws for small bounds), so one test
swaps in a hash whose blocks often start with eight 0xFF bytes: the largest 64-bit value,
rejected by every bound that is not a power of two."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import pytest

import domain._kernel as kernel
from domain._kernel import Rng


class ReferenceRng:
    def __init__(self, seed: str, version: int, label: str = "", sha: Callable = hashlib.sha256):
        material = b"\0".join(
            (b"gamestate-rng-v1", seed.encode(), str(version).encode(), label.encode())
        )
        self.sha = sha
        self.key = sha(material).digest()
        self.counter = 0
        self.buffer = b""

    def next64(self) -> int:
        if len(self.buffer) < 8:
            self.buffer += self.sha(self.key + self.counter.to_bytes(8, "big")).digest()
            self.counter += 1
        value, self.buffer = self.buffer[:8], self.buffer[8:]
        return int.from_bytes(value, "big")

    def below(self, n: int) -> int:
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def choice(self, items: Any) -> Any:
        return items[self.below(len(items))]

    def shuffled(self, items: Any) -> list:
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result

    def fork(self, label: str) -> ReferenceRng:
        child = ReferenceRng("", 0, "", self.sha)
        child.key = self.sha(self.key + b"\0fork\0" + label.encode()).digest()
        return child


def _script(rng: Any, seed: int) -> list[object]:
    """A fixed mix of calls, different per ``seed``."""
    out: list[object] = []
    plan = ReferenceRng("plan", seed)
    for _ in range(60):
        op = plan.below(5)
        if op == 0:
            out.append(rng.below(plan.below(1000) + 1))
        elif op == 1:
            out.append(rng.shuffled(range(plan.below(120))))
        elif op == 2:
            out.append(rng.choice(tuple(range(plan.below(30) + 1))))
        elif op == 3:
            # Bounds near 2**63 reject about half of all values.
            out.append(rng.below((1 << 63) + plan.below(1 << 20) + 1))
        else:
            rng = rng.fork(str(plan.below(10)))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_rng_matches_the_reference(seed: int) -> None:
    assert _script(Rng("s", seed, "x"), seed) == _script(ReferenceRng("s", seed, "x"), seed)


class _OftenMaximal:
    """SHA-256, except that a quarter of the blocks start with the value 2**64 - 1."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def digest(self) -> bytes:
        block = hashlib.sha256(self.data).digest()
        return b"\xff" * 8 + block[8:] if block[0] < 64 else block


@pytest.mark.parametrize("seed", range(12))
def test_rng_matches_the_reference_through_rejections(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kernel, "_sha256", _OftenMaximal)
    rng = Rng("s", seed, "x")
    rng._key = _OftenMaximal(b"key%d" % seed).digest()  # fork() hashes with hashlib itself
    reference = ReferenceRng("s", seed, "x", _OftenMaximal)
    reference.key = rng._key
    shuffles = [rng.shuffled(range(size)) for size in range(2, 90)]
    expected = [reference.shuffled(range(size)) for size in range(2, 90)]
    assert shuffles == expected
    draws = [rng.below(n) for n in range(1, 200)]
    assert draws == [reference.below(n) for n in range(1, 200)]
