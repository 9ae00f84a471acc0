"""Live updates: one LISTEN connection per process wakes the Server-Sent Event streams of
the games and tournaments that changed (hub); each stream's channel re-reads from the store
once for all its subscribers and encodes each event once per visibility class, so a lost
notification only delays them until the next keep-alive.

May import: store, support."""
