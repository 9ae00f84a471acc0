"""One matchmaking queue per player (issue 31 item 12): a player waiting in two queues (two
games, or two table sizes) was matched in both. The partial unique index on waiting tickets
was per (game, players, player); it is per player now. Tickets that break it (a player
waiting in several queues) are left but for the player's oldest, before the index is made.

Revision ID: 0011
Revises: 0010
"""

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    UPDATE matchmaking_tickets t SET status = 'left', updated_at = now()
    WHERE t.status = 'waiting' AND EXISTS (
        SELECT 1 FROM matchmaking_tickets o
        WHERE o.player_id = t.player_id AND o.status = 'waiting'
        AND (o.created_at, o.id) < (t.created_at, t.id));
    DROP INDEX matchmaking_one_waiting;
    CREATE UNIQUE INDEX matchmaking_one_waiting ON matchmaking_tickets (player_id)
        WHERE status = 'waiting';
    """
    )


def downgrade() -> None:
    op.execute(
        """
    DROP INDEX matchmaking_one_waiting;
    CREATE UNIQUE INDEX matchmaking_one_waiting ON matchmaking_tickets (game, players, player_id)
        WHERE status = 'waiting';
    """
    )
