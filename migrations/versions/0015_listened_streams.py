"""Who listens to a stream's commits (issue 32 item 1; service/live/interest.py).

- streams.listened_until: until when some process wants this stream's commits announced (a
  live stream open on it, a request waiting for a seat's turn); NULL: nobody. A commit that
  comes back from its append with this in the past is not announced: with nobody listening,
  the NOTIFY transaction and every listener's wake-up were spent on nothing. A listener sets
  it with an UPDATE of the row before its first read, so the row lock orders the two: an
  append before the UPDATE is in that read, an append after it sees the lease and announces.
  ``infinity`` for a game that can produce a notification (a registered player holds a seat,
  or it is a tournament's table): the notification deriver, in whichever process holds its
  lock, is woken by those commits. Set by triggers where seats are taken and games created,
  whichever statement does it.

Not indexed, so that appends and leases stay heap-only updates of the row.

Revision ID: 0015
Revises: 0014
"""

from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    ALTER TABLE streams ADD COLUMN listened_until timestamptz;

    CREATE FUNCTION listened_for_ever() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        NEW.listened_until := 'infinity';
        RETURN NEW;
    END $$;
    CREATE TRIGGER streams_tournament_table_listened BEFORE INSERT ON streams
        FOR EACH ROW WHEN (NEW.kind = 'game' AND NEW.setup->'link' ? 'tournament')
        EXECUTE FUNCTION listened_for_ever();

    CREATE FUNCTION listened_for_player() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE streams SET listened_until = 'infinity'
        WHERE id = NEW.stream_id AND listened_until IS DISTINCT FROM 'infinity';
        RETURN NULL;
    END $$;
    CREATE TRIGGER seats_player_listened AFTER INSERT OR UPDATE OF player_id ON seats
        FOR EACH ROW WHEN (NEW.player_id IS NOT NULL)
        EXECUTE FUNCTION listened_for_player();

    UPDATE streams s SET listened_until = 'infinity'
    WHERE s.kind = 'game' AND (s.setup->'link' ? 'tournament'
        OR EXISTS (SELECT 1 FROM seats WHERE seats.stream_id = s.id AND seats.player_id IS NOT NULL));
    """
    )


def downgrade() -> None:
    op.execute(
        """
    DROP TRIGGER seats_player_listened ON seats; DROP FUNCTION listened_for_player();
    DROP TRIGGER streams_tournament_table_listened ON streams; DROP FUNCTION listened_for_ever();
    ALTER TABLE streams DROP COLUMN listened_until;
    """
    )
