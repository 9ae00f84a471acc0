"""Live updates: one LISTEN connection per process wakes the Server-Sent Event streams of
the games and tournaments that changed (hub); subscribers re-read from the store, so a lost
notification only delays them until the next keep-alive.

May import: store, support."""
