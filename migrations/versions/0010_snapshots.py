"""Snapshots: a stream's folded state at some versions, so that a read of a long stream folds
from the nearest one instead of from the start.

- snapshots: (stream, version) -> the state after that version, msgspec-encoded (``state``),
  under ``codec``: a fingerprint of the code that wrote it (the state's schema, the game's
  rules versions, the encoding). A reader asks only for its own codec, so a snapshot written
  by other code is never used: the read folds from an older snapshot or from the start.
  A snapshot is derived data (the events stay the truth): it can be deleted at any time, and
  it is as secret as the seed (it holds the hidden parts of the state); nothing serves it.

Revision ID: 0010
Revises: 0009
"""

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    CREATE TABLE snapshots (
        stream_id       uuid NOT NULL REFERENCES streams (id),
        version         bigint NOT NULL CHECK (version >= 1),
        rules_version   text NOT NULL,
        codec           text NOT NULL,
        state           bytea NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (stream_id, version)
    );
    """
    )


def downgrade() -> None:
    op.execute("DROP TABLE snapshots;")
