"""Only the events that a reader of the log needs are indexed in its order (issue 32 item 1).

- events.notable: the event is of a game that can produce a notification or a rating (a
  registered player holds one of its seats, or it is a tournament's table: the games that
  ``streams.listened_until`` marks ``infinity``, migration 0015). Set by the statement that
  inserts the event (service/store/sql.py, service/store/batching.py), from the stream row
  it moves, so it costs no trigger; a writer that leaves it out (the previous release,
  serving during an upgrade) has it set by a trigger. NULL only on events stored before this
  revision that are not notable. Whether a game is notable does not change once it has
  events: its seats are taken before its first event, and its tournament link is part of its
  setup.
- events_notable_by_tx replaces events_by_tx: the (transaction id, position) order that the
  notification deriver, the rating projector and ``EventStore.read_all`` read in, for the
  notable events only. An anonymous game's events (most of the events of a service played by
  bots and guests) no longer pay for an index entry that nobody reads: measured in
  bench.http_load, that entry cost about a tenth of PostgreSQL's CPU per turn.

The events of notable games stored before this revision are marked here (the append-only
trigger is suspended for that one update), so that a rebuild of the ratings reads them all.

Revision ID: 0016
Revises: 0015
"""

from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    ALTER TABLE events ADD COLUMN notable boolean;

    -- Only for a writer that does not name the column (the previous release, during a
    -- rolling upgrade): this tree's statements always do, and the condition alone, checked
    -- without calling the function, is all their rows cost. A stream row not visible yet
    -- (created in the same statement) counts as notable: a needless read is harmless, a
    -- missed one is not.
    CREATE FUNCTION event_notable_from_stream() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        NEW.notable := coalesce(
            (SELECT coalesce(listened_until = 'infinity', false) FROM streams
             WHERE id = NEW.stream_id),
            true);
        RETURN NEW;
    END $$;
    CREATE TRIGGER events_notable BEFORE INSERT ON events
        FOR EACH ROW WHEN (NEW.notable IS NULL)
        EXECUTE FUNCTION event_notable_from_stream();

    ALTER TABLE events DISABLE TRIGGER events_no_update_or_delete;
    UPDATE events SET notable = true FROM streams
        WHERE streams.id = events.stream_id AND streams.listened_until = 'infinity';
    ALTER TABLE events ENABLE TRIGGER events_no_update_or_delete;
    CREATE INDEX events_notable_by_tx ON events (tx, position) WHERE notable;
    DROP INDEX events_by_tx;
    """
    )


def downgrade() -> None:
    op.execute(
        """
    CREATE INDEX events_by_tx ON events (tx, position);
    DROP INDEX events_notable_by_tx;
    DROP TRIGGER events_notable ON events; DROP FUNCTION event_notable_from_stream();
    ALTER TABLE events DROP COLUMN notable;
    """
    )
