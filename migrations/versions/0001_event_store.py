"""The event store: streams, append-only events with a per-stream hash chain, seat tokens,
game secrets and idempotency records.

Revision ID: 0001
Revises:
"""

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    CREATE TABLE streams (
        id              uuid PRIMARY KEY,
        kind            text NOT NULL CHECK (kind IN ('game', 'tournament')),
        game            text NOT NULL,
        rules_version   text NOT NULL,
        setup           jsonb NOT NULL,
        version         bigint NOT NULL DEFAULT 0 CHECK (version >= 0),
        status          text NOT NULL,
        seed_commitment text,
        result          jsonb,
        created_at      timestamptz NOT NULL DEFAULT now(),
        updated_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX streams_listing ON streams (kind, game, status, created_at DESC);

    CREATE TABLE seats (
        stream_id   uuid NOT NULL REFERENCES streams (id),
        seat        int NOT NULL,
        name        text NOT NULL,
        token_hash  text NOT NULL UNIQUE,
        PRIMARY KEY (stream_id, seat)
    );
    CREATE INDEX seats_by_name ON seats (lower(name));

    -- position is the global order for catch-up readers; tx lets a reader skip positions
    -- whose transactions may still commit (positions are allocated before commit).
    CREATE TABLE events (
        position        bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        stream_id       uuid NOT NULL REFERENCES streams (id),
        version         bigint NOT NULL CHECK (version >= 1),
        type            text NOT NULL,
        schema_version  int NOT NULL DEFAULT 1,
        data            jsonb NOT NULL,
        metadata        jsonb NOT NULL,
        recorded_at     timestamptz NOT NULL DEFAULT now(),
        tx              xid8 NOT NULL DEFAULT pg_current_xact_id(),
        prev_hash       text NOT NULL,
        hash            text NOT NULL,
        PRIMARY KEY (stream_id, version)
    );

    CREATE FUNCTION events_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION 'events are append-only: % refused', TG_OP
            USING ERRCODE = 'restrict_violation';
    END $$;
    CREATE TRIGGER events_no_update_or_delete BEFORE UPDATE OR DELETE ON events
        FOR EACH ROW EXECUTE FUNCTION events_are_append_only();
    CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
        FOR EACH STATEMENT EXECUTE FUNCTION events_are_append_only();

    CREATE TABLE secrets (
        stream_id   uuid PRIMARY KEY REFERENCES streams (id),
        seed        text NOT NULL,
        revealed    boolean NOT NULL DEFAULT false
    );

    CREATE TABLE idempotency (
        stream_id       uuid NOT NULL REFERENCES streams (id),
        key             text NOT NULL,
        request_hash    text NOT NULL,
        status          int NOT NULL,
        response        jsonb NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (stream_id, key)
    );
    """
    )


def downgrade() -> None:
    op.execute(
        """
    DROP TABLE idempotency; DROP TABLE secrets;
    DROP TRIGGER events_no_truncate ON events; DROP TRIGGER events_no_update_or_delete ON events;
    DROP TABLE events; DROP FUNCTION events_are_append_only(); DROP TABLE seats; DROP TABLE streams;
    """
    )
