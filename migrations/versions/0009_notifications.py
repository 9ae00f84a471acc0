"""Player notifications and webhooks (docs/notifications.md).

- notifications: what concerns a registered player (your turn, game started, game ended,
  tournament round paired) or a tournament, derived from the events by a catch-up reader.
  ``key`` makes the derivation idempotent: re-reading events (after a crash between the
  insert and the cursor's move, or by two processes) writes nothing twice. ``id`` is the
  order a player's stream sends them in (its SSE id, for Last-Event-ID).
- notify_cursor: where the deriver has read up to, moved in the same transaction as the
  notifications (and deliveries) it wrote: a (transaction id, position) pair, since events
  are read in that order (see service/notify/deriver.py: position order alone can skip an
  event whose transaction commits after a later position's); events_by_tx serves that read.
- webhooks: a player's (or, by the admin, a tournament's) HTTPS endpoints, with the secret
  they are signed with (kept in clear: signing needs it) and the count of consecutive
  failures that disables them.
- webhook_deliveries: the durable outbox, one row per notification and endpoint, written in
  the same transaction as the notification; the delivery worker claims due rows
  (``FOR UPDATE SKIP LOCKED``) and records every attempt in webhook_attempts (the owner's
  delivery log).

Revision ID: 0009
Revises: 0008
"""

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    CREATE TABLE notify_cursor (
        name        text PRIMARY KEY,
        tx          xid8 NOT NULL,
        position    bigint NOT NULL
    );
    -- No player or webhook exists before this revision: nothing older can concern one, so
    -- the deriver starts after every transaction finished now.
    INSERT INTO notify_cursor (name, tx, position)
        VALUES ('notifications', pg_snapshot_xmin(pg_current_snapshot()), 0);
    CREATE INDEX events_by_tx ON events (tx, position);

    CREATE TABLE notifications (
        id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        key             text NOT NULL UNIQUE,
        player_id       uuid REFERENCES players (id),
        tournament_id   uuid REFERENCES streams (id),
        kind            text NOT NULL,
        game_id         uuid NOT NULL REFERENCES streams (id),
        version         bigint NOT NULL,
        data            jsonb NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        CHECK ((player_id IS NULL) <> (tournament_id IS NULL))
    );
    CREATE INDEX notifications_by_player ON notifications (player_id, id)
        WHERE player_id IS NOT NULL;
    CREATE INDEX notifications_by_tournament ON notifications (tournament_id, id)
        WHERE tournament_id IS NOT NULL;

    CREATE TABLE webhooks (
        id              uuid PRIMARY KEY,
        player_id       uuid REFERENCES players (id),
        tournament_id   uuid REFERENCES streams (id),
        url             text NOT NULL,
        secret          text NOT NULL,
        status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        failures        int NOT NULL DEFAULT 0,
        disabled_reason text,
        created_at      timestamptz NOT NULL DEFAULT now(),
        CHECK ((player_id IS NULL) <> (tournament_id IS NULL))
    );
    CREATE INDEX webhooks_by_player ON webhooks (player_id) WHERE player_id IS NOT NULL;
    CREATE INDEX webhooks_by_tournament ON webhooks (tournament_id)
        WHERE tournament_id IS NOT NULL;

    CREATE TABLE webhook_deliveries (
        id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        webhook_id      uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
        notification_id bigint NOT NULL REFERENCES notifications (id),
        status          text NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts        int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        delivered_at    timestamptz,
        created_at      timestamptz NOT NULL DEFAULT now(),
        UNIQUE (webhook_id, notification_id)
    );
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
        WHERE status = 'pending';

    CREATE TABLE webhook_attempts (
        delivery_id     bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempt         int NOT NULL,
        at              timestamptz NOT NULL DEFAULT now(),
        status_code     int,
        error           text,
        duration_ms     int NOT NULL,
        PRIMARY KEY (delivery_id, attempt)
    );
    """
    )


def downgrade() -> None:
    op.execute(
        "DROP TABLE webhook_attempts; DROP TABLE webhook_deliveries; DROP TABLE webhooks;"
        " DROP TABLE notifications; DROP TABLE notify_cursor; DROP INDEX events_by_tx;"
    )
