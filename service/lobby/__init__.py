"""The lobby: games created with open seats that are dealt only when the last seat is taken
(``tables``), rematches of finished games (``rematch``) and the matchmaking queue
(``matchmaking``). Built on the game service: a waiting game is a stream with no events and
status ``waiting``; its set-up events are appended by the join that fills it. docs/lobby.md.

May import ``games``, ``store``, ``support`` and ``domain``; ``api`` imports it."""
