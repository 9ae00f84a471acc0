"""Tournament participants and the games the tournament service created.

- tournament_participants: a registered player's token, as sha256 only (shown once).
- tournament_games: which game plays which table; written in the same transaction as the
  game, so a crash before ``AttachGame`` leaves a trace the reconciler attaches instead of
  creating a second game.
- tournament_game_seats: the seat tokens of those games, kept in clear because the service
  hands them to participants later (GET /tournaments/{id}/me); game tokens of games created
  through POST /games are never stored.

Revision ID: 0002
Revises: 0001
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    CREATE TABLE tournament_participants (
        stream_id   uuid NOT NULL REFERENCES streams (id),
        player_id   int NOT NULL,
        token_hash  text NOT NULL UNIQUE,
        PRIMARY KEY (stream_id, player_id)
    );

    CREATE TABLE tournament_games (
        stream_id   uuid NOT NULL REFERENCES streams (id),
        table_id    text NOT NULL,
        game_id     uuid NOT NULL UNIQUE REFERENCES streams (id),
        PRIMARY KEY (stream_id, table_id)
    );

    CREATE TABLE tournament_game_seats (
        game_id     uuid NOT NULL REFERENCES streams (id),
        seat        int NOT NULL,
        token       text NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    """
    )


def downgrade() -> None:
    op.execute(
        "DROP TABLE tournament_game_seats; DROP TABLE tournament_games;"
        " DROP TABLE tournament_participants;"
    )
