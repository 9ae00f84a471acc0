"""Bot seats' pending turns, kept by the database itself (issue 34 item 4; docs/bots.md).

- bot_turns: per active game with bot seats (``streams.setup`` has ``bots``), the stream
  version a bot may have to act at, and the lease of the process that claimed it
  (``claimed_until``, ``claimed_by``; NULL: unclaimed). A trigger on ``streams`` writes it in
  the transaction that moves the stream (an append, a batch, a creation, a lobby table
  dealt), so it commits or rolls back with the events; a newer version resets the lease. The
  trigger's condition reads the row alone (``setup ? 'bots'``): a game without bot seats
  costs no query. A process claims a row by moving its lease forward (``FOR UPDATE SKIP
  LOCKED``), plays with the row's version as its expected version, and the optimistic append
  refuses a second play of the same version; a process killed after its claim leaves a lease
  that expires, and another process claims the turn again.
- tournament_participants.bot: a tournament's bot entrant (``{"policy", "level"}``).

Revision ID: 0014
Revises: 0013
"""

from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    CREATE TABLE bot_turns (
        stream_id       uuid PRIMARY KEY REFERENCES streams (id),
        version         bigint NOT NULL,
        claimed_until   timestamptz,
        claimed_by      text
    );
    CREATE INDEX bot_turns_claimable ON bot_turns (claimed_until NULLS FIRST);

    CREATE FUNCTION bot_turn_from_stream() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF NEW.status <> 'active' THEN
            DELETE FROM bot_turns WHERE stream_id = NEW.id;
        ELSE
            INSERT INTO bot_turns (stream_id, version) VALUES (NEW.id, NEW.version)
            ON CONFLICT (stream_id) DO UPDATE
                SET version = EXCLUDED.version, claimed_until = NULL, claimed_by = NULL
                WHERE bot_turns.version < EXCLUDED.version;
        END IF;
        RETURN NULL;
    END $$;
    CREATE TRIGGER streams_bot_turn AFTER INSERT OR UPDATE OF version, status ON streams
        FOR EACH ROW WHEN (NEW.kind = 'game' AND NEW.setup ? 'bots')
        EXECUTE FUNCTION bot_turn_from_stream();

    ALTER TABLE tournament_participants ADD COLUMN bot jsonb;
    """
    )


def downgrade() -> None:
    op.execute(
        """
    ALTER TABLE tournament_participants DROP COLUMN bot;
    DROP TRIGGER streams_bot_turn ON streams; DROP FUNCTION bot_turn_from_stream();
    DROP TABLE bot_turns;
    """
    )
