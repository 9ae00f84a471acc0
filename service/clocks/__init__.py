"""The clock scheduler: fires the timeouts of clocked games, exactly once across processes.

Every process keeps the deadlines it knows in memory, earliest first (``timers.py``: a heap
with one live entry per game), and sleeps until the earliest (``scheduler.py``). It learns
them three ways, none of which costs a query per game:

1. its own commits (``GameCommands.committed_hooks``): the new deadline is in the state the
   process just appended, and it announces it to the others with the commit's notification
   (``stream:version:deadline:seat``, service/store/announce.py);
2. the others' commits, from those notifications (through the live hub's LISTEN connection,
   or one of its own when there is no hub);
3. a periodic catch-up query over ``game_deadlines`` (migration 0006, written by the database
   from every ``game.clocks_set`` event) for deadlines due soon: at start-up, after the
   listener reconnects, and every ``CATCH_UP`` seconds. A restarted process fires every
   overdue deadline at once.

A timeout is sent as the game's ``game.time_out`` command with the version the deadline was
read at as its expected version (service/games/lifecycle.py): if the seat acted in time, or
another process fired first, the append is refused and the timeout dropped. A process fires
its own games' deadlines on time and the others' ``GRACE`` later, so that normally only one
process tries.

May import service.games (the lifecycle commands), service.store (deadline reads, the
announcer), service.live (the listener loop) and service.support; nothing in service imports
it except the API's route module that starts it (its lifespan).
"""
