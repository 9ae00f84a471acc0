"""The shared contract checks, run with non-default options (the shared suite uses defaults)."""

from __future__ import annotations

import msgspec
import pytest

from domain._kernel import fold, playout
from domain.carcassonne import SPEC
from domain.carcassonne.state import CarcassonneOptions
from domain.testing import Checker


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize(
    "options",
    [CarcassonneOptions(river=True), CarcassonneOptions(river=True, farmers=False)],
    ids=["river", "river-no-farmers"],
)
def test_playout_with_options_honours_the_contract(players, options):
    setup = SPEC.new_setup(players, options)
    checker = Checker(SPEC, players, "opt-seed", deep_every=5)
    final, events = playout(SPEC, setup, "opt-seed", on_step=checker)
    assert SPEC.result(final) is not None
    stored = [msgspec.json.decode(msgspec.json.encode(e), type=SPEC.event_type) for e in events]
    assert msgspec.msgpack.encode(fold(SPEC, setup, stored)) == msgspec.msgpack.encode(final)


def test_options_reject_unknown_fields():
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"rivers": true}', type=CarcassonneOptions)
    assert msgspec.json.decode(b'{"river": true}', type=CarcassonneOptions).river
