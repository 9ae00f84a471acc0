"""Tournaments: the aggregate's stream (streams: load, decide, append), the table
runner that creates each table's game and records finished games' results (tables), the
organiser and participant service (service), and their bodies (schemas).

May import: games, store, support, domain."""
