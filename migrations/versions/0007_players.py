"""Registered players: a lasting identity with one bearer token, and the seats they hold.

- players: id, display name, optional contact (for webhooks), the token's sha256 (as seat
  tokens are stored), when it was created, last rotated and revoked. A reference table when
  the store is distributed by stream id (Citus): small, read by every node, no sequence.
- seats.player_id: the registered player holding the seat (NULL: an anonymous seat, with
  its own seat token). A player's seat has no seat token of its own (token_hash NULL): the
  player acts with its player token. One player holds at most one seat of a game.
- tournament_participants.registered_player_id: a participant who is a registered player
  (its tables' games seat it by id); once per tournament.
- Ratings, a projection of finished games (service/players/ratings.py): player_ratings (per
  player and game: openskill mu, sigma, ordinal, games, the event position of the last game
  counted), rated_games (every finished game the projector saw: rated or why not),
  rating_changes (each rated game's rating after it, per player: the history), and
  projections (the projector's checkpoint: the (transaction id, position) of the last event
  it has read; see service/players/ratings.py).

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

    ALTER TABLE tournament_participants
        ADD COLUMN registered_player_id uuid REFERENCES players (id);
    CREATE UNIQUE INDEX tournament_participants_once ON tournament_participants
        (stream_id, registered_player_id) WHERE registered_player_id IS NOT NULL;

    CREATE TABLE player_ratings (
        player_id       uuid NOT NULL REFERENCES players (id),
        game            text NOT NULL,
        mu              double precision NOT NULL,
        sigma           double precision NOT NULL,
        ordinal         double precision NOT NULL,
        games           int NOT NULL,
        last_position   bigint NOT NULL,
        last_game       uuid NOT NULL,
        PRIMARY KEY (player_id, game)
    );
    CREATE INDEX player_ratings_board ON player_ratings (game, ordinal DESC, player_id);

    CREATE TABLE rated_games (
        game_id     uuid PRIMARY KEY REFERENCES streams (id),
        game        text NOT NULL,
        position    bigint NOT NULL,
        rated       boolean NOT NULL,
        reason      text
    );

    CREATE TABLE rating_changes (
        game_id     uuid NOT NULL REFERENCES streams (id),
        player_id   uuid NOT NULL REFERENCES players (id),
        seat        int NOT NULL,
        place       int NOT NULL,
        mu          double precision NOT NULL,
        sigma       double precision NOT NULL,
        ordinal     double precision NOT NULL,
        PRIMARY KEY (game_id, player_id)
    );
    CREATE INDEX rating_changes_by_player ON rating_changes (player_id);

    CREATE TABLE projections (
        name        text PRIMARY KEY,
        tx          xid8 NOT NULL DEFAULT '0',
        position    bigint NOT NULL DEFAULT 0,
        updated_at  timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO projections (name) VALUES ('ratings');
    """
    )


def downgrade() -> None:
    op.execute(
        """
    DROP TABLE projections; DROP TABLE rating_changes; DROP TABLE rated_games;
    DROP TABLE player_ratings;
    DROP INDEX tournament_participants_once;
    ALTER TABLE tournament_participants DROP COLUMN registered_player_id;
    DROP INDEX seats_by_player;
    DROP INDEX seats_one_per_player;
    ALTER TABLE seats DROP CONSTRAINT seats_token_or_player;
    DELETE FROM seats WHERE token_hash IS NULL;
    ALTER TABLE seats ALTER COLUMN token_hash SET NOT NULL;
    ALTER TABLE seats DROP COLUMN player_id;
    DROP TABLE players;
    """
    )
