"""Retention (issue 35 item 5; docs/operations.md, "Retention"): what the pruning loop of
service/store/retention.py deletes is found by age, through BRIN indexes: a few pages per
table, next to nothing to keep up on insert (the rows come in time order), and a sweep that
finds nothing old reads only the index and the pages written since the last summary.
- webhook_deliveries_by_notification: the deliveries of a notification, so that deleting a
  notification checks its foreign key without a scan of every delivery.

Revision ID: 0013
Revises: 0012
"""

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    CREATE INDEX idempotency_age ON idempotency USING brin (created_at)
        WITH (autosummarize = on);
    CREATE INDEX notifications_age ON notifications USING brin (created_at)
        WITH (autosummarize = on);
    CREATE INDEX webhook_deliveries_age ON webhook_deliveries USING brin (created_at)
        WITH (autosummarize = on);
    CREATE INDEX webhook_deliveries_by_notification ON webhook_deliveries (notification_id);
    CREATE INDEX snapshots_age ON snapshots USING brin (created_at)
        WITH (autosummarize = on);
    CREATE INDEX lobby_tables_age ON lobby_tables USING brin (expires_at)
        WITH (autosummarize = on);
    CREATE INDEX matchmaking_tickets_age ON matchmaking_tickets USING brin (updated_at)
        WITH (autosummarize = on);
    """
    )


def downgrade() -> None:
    op.execute(
        """
    DROP INDEX matchmaking_tickets_age; DROP INDEX lobby_tables_age; DROP INDEX snapshots_age;
    DROP INDEX webhook_deliveries_by_notification; DROP INDEX webhook_deliveries_age;
    DROP INDEX notifications_age; DROP INDEX idempotency_age;
    """
    )
