"""Alembic environment: migrations are plain SQL run on the connection handed in by
``service.database.migrate`` (which holds the advisory lock)."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None, transaction_per_migration=False)
with context.begin_transaction():
    context.run_migrations()
