"""Deadlines of clocked games, kept by the database itself.

- game_deadlines: per active clocked game, the earliest deadline of its seats to act (ms since
  the epoch), the seat, and the stream version it was read at (the expected version of the
  timeout that fires it). A trigger writes it from every ``game.clocks_set`` event in the
  transaction that appends the event, whichever path appends (a single append, a batch, a
  game's creation), and removes it when the event has no deadline (clocks paused) or the
  game is no longer active; another trigger removes it when a game's status leaves
  ``active``. So the table is exactly the deadlines in force, committed or rolled back with
  the events, and a restarted process finds every overdue deadline with one query.

Revision ID: 0006
Revises: 0005
"""

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    CREATE TABLE game_deadlines (
        stream_id   uuid PRIMARY KEY REFERENCES streams (id),
        version     bigint NOT NULL,
        seat        int NOT NULL,
        due_at      bigint NOT NULL
    );
    CREATE INDEX game_deadlines_due ON game_deadlines (due_at);

    -- Row triggers run at the end of the appending statement: they see the stream row as
    -- that statement left it (its new version and status).
    CREATE FUNCTION game_deadline_from_clocks() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
        stream_status text;
        stream_version bigint;
        next_seat int;
        next_due bigint;
    BEGIN
        SELECT status, version INTO stream_status, stream_version
            FROM streams WHERE id = NEW.stream_id;
        SELECT (d->>'seat')::int, (d->>'deadline')::bigint INTO next_seat, next_due
            FROM jsonb_array_elements(coalesce(NEW.data->'deciding', '[]'::jsonb)) AS d
            ORDER BY (d->>'deadline')::bigint, (d->>'seat')::int LIMIT 1;
        IF stream_status IS DISTINCT FROM 'active' OR next_due IS NULL THEN
            DELETE FROM game_deadlines WHERE stream_id = NEW.stream_id;
        ELSE
            INSERT INTO game_deadlines (stream_id, version, seat, due_at)
                VALUES (NEW.stream_id, stream_version, next_seat, next_due)
            ON CONFLICT (stream_id) DO UPDATE
                SET version = EXCLUDED.version, seat = EXCLUDED.seat, due_at = EXCLUDED.due_at
                WHERE game_deadlines.version <= EXCLUDED.version;
        END IF;
        RETURN NULL;
    END $$;
    CREATE TRIGGER events_set_game_deadline AFTER INSERT ON events
        FOR EACH ROW WHEN (NEW.type = 'game.clocks_set')
        EXECUTE FUNCTION game_deadline_from_clocks();

    CREATE FUNCTION game_deadline_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        DELETE FROM game_deadlines WHERE stream_id = NEW.id;
        RETURN NULL;
    END $$;
    CREATE TRIGGER streams_clear_game_deadline AFTER UPDATE OF status ON streams
        FOR EACH ROW WHEN (NEW.kind = 'game' AND NEW.status <> 'active')
        EXECUTE FUNCTION game_deadline_cleared();
    """
    )


def downgrade() -> None:
    op.execute(
        """
    DROP TRIGGER streams_clear_game_deadline ON streams; DROP FUNCTION game_deadline_cleared();
    DROP TRIGGER events_set_game_deadline ON events; DROP FUNCTION game_deadline_from_clocks();
    DROP TABLE game_deadlines;
    """
    )
