"""The game application service: loading games through a per-process cache (repository,
cache), deciding and appending commands (commands), per-viewer reads and time travel (reads),
the request and response bodies (schemas), and portable records with their audit (records,
audit). Each game is reached through its ``domain`` GameSpec: nothing here is per game.

May import: store, support, domain."""
