"""Idempotency keys are scoped to (game, seat, key): another seat sending the same key never
gets the first seat's stored answer, nor learns from a clash that the key was used.

Existing rows get the seat of the command they answered (the stored answer's events name it;
failing that, the events whose metadata carry the key); a row with neither is given seat -1,
which no seat asks with, so it can never be replayed to anyone.

Revision ID: 0003
Revises: 0002
"""

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    ALTER TABLE idempotency ADD COLUMN seat int;
    UPDATE idempotency i SET seat = coalesce(
        (i.response -> 'events' -> 0 ->> 'seat')::int,
        (SELECT (e.metadata ->> 'seat')::int FROM events e
          WHERE e.stream_id = i.stream_id AND e.metadata ->> 'idempotency_key' = i.key
          ORDER BY e.version LIMIT 1),
        -1);
    ALTER TABLE idempotency ALTER COLUMN seat SET NOT NULL;
    ALTER TABLE idempotency DROP CONSTRAINT idempotency_pkey;
    ALTER TABLE idempotency ADD PRIMARY KEY (stream_id, seat, key);
    """
    )


def downgrade() -> None:
    op.execute(
        """
    ALTER TABLE idempotency DROP CONSTRAINT idempotency_pkey;
    DELETE FROM idempotency a USING idempotency b
     WHERE a.stream_id = b.stream_id AND a.key = b.key AND a.seat > b.seat;
    ALTER TABLE idempotency ADD PRIMARY KEY (stream_id, key);
    ALTER TABLE idempotency DROP COLUMN seat;
    """
    )
