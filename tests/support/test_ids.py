"""Ids made without a system call (service/support/ids.py): command ids shaped as version-4
UUIDs, request ids as 32 hex digits, both unique, and drawn anew in a forked process."""

from __future__ import annotations

import os
import re
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


def test_request_ids_are_32_hex_digits_and_unique() -> None:
    made = [ids.new_request_id() for _ in range(10_000)]
    assert len(set(made)) == len(made)
    assert all(re.fullmatch(r"[0-9a-f]{32}", text) for text in made)


def test_a_forked_process_draws_its_own_random_part() -> None:
    parent = ids.new_command_id(), ids.new_request_id()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its first ids, then gone
        try:
            os.write(write, f"{ids.new_command_id()} {ids.new_request_id()}".encode())
        finally:
            os._exit(0)
    os.close(write)
    child = os.read(read, 200).decode().split()
    os.close(read)
    os.waitpid(pid, 0)
    assert child[0][:18] != parent[0][:18], "the same random part as the parent"
    assert child[0].endswith("-8000-000000000001"), "the child's counter starts again"
    assert child[1][:16] != parent[1][:16]
    assert child[1].endswith("0" * 15 + "1")
