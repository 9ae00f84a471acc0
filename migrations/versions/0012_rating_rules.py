"""Rules against rating farming (issue 31 item 7; docs/players.md, service/players/ratings.py).

- rated_games.finished_at: when the game's last event was recorded, so that the projector
  can count the earlier games of the same players within a window (repeated opponents),
  from stored events only: a rebuild meets the same times.
- rated_games.weight: how much a rated game counted (1, 1/2, 1/4, ... for repeated
  opponents); NULL for an unrated game.

Games projected before this revision have neither (NULL): `gamestate ratings rebuild`
applies the new rules to them too.

Revision ID: 0012
Revises: 0011
"""

from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    ALTER TABLE rated_games ADD COLUMN finished_at timestamptz;
    ALTER TABLE rated_games ADD COLUMN weight double precision;
    CREATE INDEX rated_games_recent ON rated_games (game, finished_at) WHERE rated;
    """
    )


def downgrade() -> None:
    op.execute(
        """
    DROP INDEX rated_games_recent;
    ALTER TABLE rated_games DROP COLUMN weight;
    ALTER TABLE rated_games DROP COLUMN finished_at;
    """
    )
