"""The lobby: games created with open seats, rematches and the matchmaking queue.

- lobby_tables: one row per game created with open seats (or as a rematch). The game's stream
  exists from the start with status ``waiting`` and no events; its seats rows are added as
  seats are taken, and the set-up events are appended in the transaction that takes the last
  one (status ``active``). ``open`` is true while the table waits; ``expires_at`` is when a
  table still waiting is cancelled (stream status ``cancelled``, no events ever).
  ``reserved`` (a rematch): for each seat, the seat of the finished game it is kept for.
  ``rematch_of`` is unique: one rematch per finished game, so repeated requests find it.
- matchmaking_tickets: the queue, one row per enqueued player and game; a partial unique
  index allows one waiting ticket per player and queue. Matching runs under a per-queue
  advisory lock (service/lobby/matchmaking.py).

Revision ID: 0008
Revises: 0007
"""

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    CREATE TABLE lobby_tables (
        stream_id   uuid PRIMARY KEY REFERENCES streams (id),
        seats       int NOT NULL CHECK (seats BETWEEN 1 AND 16),
        open        boolean NOT NULL DEFAULT true,
        expires_at  timestamptz NOT NULL,
        created_by  text NOT NULL,
        rematch_of  uuid UNIQUE REFERENCES streams (id),
        reserved    jsonb
    );
    CREATE INDEX lobby_tables_open ON lobby_tables (expires_at) WHERE open;
    CREATE INDEX lobby_tables_creator ON lobby_tables (created_by) WHERE open;

    CREATE TABLE matchmaking_tickets (
        id          uuid PRIMARY KEY,
        game        text NOT NULL,
        players     int NOT NULL CHECK (players BETWEEN 1 AND 16),
        player_id   uuid NOT NULL,
        rating      double precision NOT NULL,
        status      text NOT NULL CHECK (status IN ('waiting', 'matched', 'left', 'expired')),
        created_at  timestamptz NOT NULL DEFAULT now(),
        updated_at  timestamptz NOT NULL DEFAULT now(),
        game_id     uuid REFERENCES streams (id),
        seat        int
    );
    CREATE UNIQUE INDEX matchmaking_one_waiting ON matchmaking_tickets (game, players, player_id)
        WHERE status = 'waiting';
    CREATE INDEX matchmaking_queue ON matchmaking_tickets (game, players, created_at)
        WHERE status = 'waiting';
    """
    )


def downgrade() -> None:
    op.execute("DROP TABLE matchmaking_tickets; DROP TABLE lobby_tables;")
