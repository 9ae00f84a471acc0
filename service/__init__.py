"""The HTTP shell around the pure domain. The folder tree is the architecture (docs/architecture.md):

    ops/          the ``gamestate`` CLI, server processes, the HTTP transport     (top)
    api/          the Litestar app: routes, problem details, middleware, OpenAPI
    live/         Server-Sent Events fed by PostgreSQL LISTEN/NOTIFY
    tournaments/  tournament aggregate streams and the table runner
    games/        the game application service: commands, reads, records, audit
    store/        the event store on PostgreSQL, group commit, commit announcements
    support/      settings, errors, logs, metrics                               (bottom)

A package imports only the packages below it (tests/test_architecture.py enforces it), and
``domain/`` imports nothing of ``service/``."""
