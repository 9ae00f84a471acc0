"""Registered players: a lasting identity (``players`` table) with one bearer token that
acts for every seat the player holds, in any game.

May import: games, store, support (and domain). Imported by api, ops and tournaments.

The API other packages use (the notify and lobby work build on it):

- ``PlayerRegistry`` (registry.py), one per process, ``app.state.players``:
  ``create``, ``get``, ``names``; ``by_token(conn, token) -> Player`` (401 ``invalid_token``
  when unknown or revoked; cached, the cache forgotten at once on rotation and revocation in
  every process); ``rotate``, ``revoke``; ``seat_in(conn, player_id, game_id)`` and
  ``viewer(conn, token, game_id)`` (the ``Viewer`` of a player in one game);
  ``watch(player_id, poke) -> Watch``: a ``Watch`` turns ``stale`` and ``poke()`` is called
  when the player's token may have stopped being valid (then ask ``token_still_valid``), the
  way an open SSE stream ends within a second of a revocation; ``on_invalidated``:
  callbacks called with the player's id (None: any player, after a listener reconnect).
- Tokens are ``gsp_`` + ``secrets.token_urlsafe(32)``, stored as sha256 like seat tokens
  (``is_player_token`` tells them apart). Rotation and revocation ``NOTIFY
  gamestate_players`` with the player's id (``PLAYERS_CHANNEL``); the live hub's LISTEN
  connection hears it and calls ``PlayerRegistry.heard``.
- ``seat_players`` (seating.py): who may seat a registered player by id (the admin: anyone;
  a player token: itself; nobody else), one seat per player per game.
"""
