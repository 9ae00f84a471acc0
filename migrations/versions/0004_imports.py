"""Imported games told apart: one row per imported game with the record's hash (the hash of
its last event, which chains every event of the record and its original id), when and by
whom it was imported, and the verification it passed.

An import takes an advisory lock on the record's hash and looks here first, so that one
record is stored once (the index is not unique: games imported twice before this revision
keep their rows). Existing imported games are given rows: imported by 'unknown' (imports
needed no key then), verified (an import that failed a check was refused), checks unknown.

Revision ID: 0004
Revises: 0003
"""

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    CREATE TABLE imports (
        stream_id       uuid PRIMARY KEY REFERENCES streams (id),
        record_hash     text NOT NULL,
        imported_at     timestamptz NOT NULL DEFAULT now(),
        imported_by     text NOT NULL,
        verification    jsonb NOT NULL
    );
    CREATE INDEX imports_by_record ON imports (record_hash);
    INSERT INTO imports (stream_id, record_hash, imported_at, imported_by, verification)
    SELECT id, setup -> 'imported' ->> 'last_hash', created_at, 'unknown',
           '{"ok": true, "checks": {}}'::jsonb
      FROM streams
     WHERE kind = 'game' AND setup -> 'imported' ->> 'last_hash' IS NOT NULL;
    """
    )


def downgrade() -> None:
    op.execute("DROP TABLE imports")
