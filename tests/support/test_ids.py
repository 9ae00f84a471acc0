"""Command ids (service/support/ids.py): shaped as version-4 UUIDs, unique, and drawn anew in
a forked process."""

from __future__ import annotations

import uuid

from service.support import ids


def test_command_ids_are_version_4_uuids_and_unique() -> None:
    made = [ids.new_command_id() for _ in range(10_000)]
    assert len(set(made)) == len(made)
    for text in made[:100] + made[-100:]:
        parsed = uuid.UUID(text)
        assert str(parsed) == text
        assert parsed.version == 4
        assert parsed.variant == uuid.RFC_4122


def test_a_forked_process_draws_its_own_random_part(monkeypatch) -> None:
    before = ids.new_command_id()
    monkeypatch.setattr(ids.os, "getpid", lambda: -1)  # as a fork would see it
    after = ids.new_command_id()
    # The counter starts again, under another random part.
    assert after[:18] != before[:18]
    assert after.endswith("-8000-000000000001")
