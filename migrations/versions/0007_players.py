"""Registered players: a lasting identity with one bearer token, and the seats they hold.

- players: id, display name, optional contact (for webhooks), the token's sha256 (as seat
  tokens are stored), when it was created, last rotated and revoked. A reference table when
  the store is distributed by stream id (Citus): small, read by every node, no sequence.
- seats.player_id: the registered player holding the seat (NULL: an anonymous seat, with
  its own seat token). A player's seat has no seat token of its own (token_hash NULL): the
  player acts with its player token. One player holds at most one seat of a game.

Revision ID: 0007
Revises: 0006
"""

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    CREATE TABLE players (
        id          uuid PRIMARY KEY,
        name        text NOT NULL,
        contact     text,
        token_hash  text NOT NULL UNIQUE,
        created_at  timestamptz NOT NULL DEFAULT now(),
        rotated_at  timestamptz,
        revoked_at  timestamptz
    );

    ALTER TABLE seats ADD COLUMN player_id uuid REFERENCES players (id);
    ALTER TABLE seats ALTER COLUMN token_hash DROP NOT NULL;
    ALTER TABLE seats ADD CONSTRAINT seats_token_or_player
        CHECK ((token_hash IS NULL) <> (player_id IS NULL));
    -- Leads with the distribution column (stream_id) so that it stays enforceable per shard.
    CREATE UNIQUE INDEX seats_one_per_player ON seats (stream_id, player_id)
        WHERE player_id IS NOT NULL;
    CREATE INDEX seats_by_player ON seats (player_id) WHERE player_id IS NOT NULL;
    """
    )


def downgrade() -> None:
    op.execute(
        """
    DROP INDEX seats_by_player;
    DROP INDEX seats_one_per_player;
    ALTER TABLE seats DROP CONSTRAINT seats_token_or_player;
    DELETE FROM seats WHERE token_hash IS NULL;
    ALTER TABLE seats ALTER COLUMN token_hash SET NOT NULL;
    ALTER TABLE seats DROP COLUMN player_id;
    DROP TABLE players;
    """
    )
