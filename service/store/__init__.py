"""The event store on PostgreSQL: stream and event records and their hash chain (chain),
the SQL (sql), stream queries (directory), reads and optimistic appends (events), group commit
of hot appends (batching), commit announcements over NOTIFY (announce), and the database itself:
the embedded server and migrations (database).

May import: support. Knows nothing of games, HTTP or the domain."""
