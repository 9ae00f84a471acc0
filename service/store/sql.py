"""The SQL of the event store: column lists in the order of the records' fields, and the
one-statement append and stream start."""

STREAM_COLUMNS = "id, kind, game, rules_version, setup, version, status, seed_commitment, result, created_at, updated_at"
EVENT_COLUMNS = "position, stream_id, version, type, schema_version, data, metadata, recorded_at, prev_hash, hash"


APPEND_TEMPLATE = """
WITH moved AS (
    UPDATE streams SET version = %(new)s, status = coalesce(%(status)s, status),
        result = coalesce(%(result)s, result), updated_at = now()
    WHERE id = %(id)s AND version = %(expected)s
    RETURNING id, coalesce(listened_until > now(), false) AS heard,
        coalesce(listened_until = 'infinity', false) AS notable{notify}
), revealed AS (
    UPDATE secrets SET revealed = true FROM moved
    WHERE %(reveal)s AND secrets.stream_id = moved.id
), added AS (
    INSERT INTO events (stream_id, version, type, data, metadata, prev_hash, hash, notable)
    SELECT moved.id, e.version, e.type, e.data, e.metadata, e.prev_hash, e.hash, moved.notable
    FROM moved, jsonb_to_recordset(%(events)s::jsonb)
        AS e(version bigint, type text, data jsonb, metadata jsonb, prev_hash text, hash text)
    RETURNING version, position, schema_version, recorded_at
)
SELECT added.version, added.position, added.schema_version, added.recorded_at, moved.heard
FROM moved LEFT JOIN added ON true ORDER BY added.version
"""
"""The whole append in one statement. Data-modifying CTEs run exactly once whether or not the
final SELECT reads them; ``moved`` is empty when the version check fails, and then nothing is
inserted or revealed and no row comes back. With no events it still returns one row (of
NULLs), so success and conflict stay distinguishable. ``heard``: someone listens to the
stream's commits (``streams.listened_until``, migration 0015), so the commit is announced.
``notable``: the game can produce a notification or a rating (listened to for ever), so its
events are in the log's index (migration 0016)."""

APPEND = APPEND_TEMPLATE.format(notify=", pg_notify(%(channel)s, %(payload)s)")
"""With the NOTIFY: delivered when the caller's transaction commits."""
APPEND_QUIET = APPEND_TEMPLATE.format(notify="")
"""Without: the statement commits on its own and the announcer sends the hint afterwards."""


START_TEMPLATE = """
WITH stream AS (
    INSERT INTO streams (id, kind, game, rules_version, setup, version, status, seed_commitment,
        result)
    VALUES (%(id)s, %(kind)s, %(game)s, %(rules_version)s, %(setup)s, %(version)s, %(status)s,
        %(seed_commitment)s, %(result)s)
    RETURNING id, listened_until{notify}
), secret AS (
    INSERT INTO secrets (stream_id, seed, revealed) SELECT stream.id, %(seed)s, %(revealed)s
    FROM stream WHERE %(seed)s::text IS NOT NULL
), seat AS (
    INSERT INTO seats (stream_id, seat, name, token_hash, player_id)
    SELECT stream.id, s.seat, s.name, s.token_hash, s.player_id
    FROM stream, jsonb_to_recordset(%(seats)s::jsonb)
        AS s(seat int, name text, token_hash text, player_id uuid)
), added AS (
    INSERT INTO events (stream_id, version, type, data, metadata, prev_hash, hash, notable)
    SELECT stream.id, e.version, e.type, e.data, e.metadata, e.prev_hash, e.hash,
        coalesce(stream.listened_until = 'infinity', false) OR EXISTS (
            SELECT 1 FROM jsonb_to_recordset(%(seats)s::jsonb) AS p(player_id uuid)
            WHERE p.player_id IS NOT NULL)
    FROM stream, jsonb_to_recordset(%(events)s::jsonb)
        AS e(version bigint, type text, data jsonb, metadata jsonb, prev_hash text, hash text)
    RETURNING version, position, schema_version, recorded_at
)
SELECT version, position, schema_version, recorded_at FROM added ORDER BY version
"""
"""A new stream with its secret, seats and first events, in one statement (one round trip,
atomic on its own). Foreign keys are checked at the statement's end, when the stream row
exists. The events are notable (migration 0016) when the game is a tournament's table (the
row's trigger marks it before it is returned) or a registered player takes a seat (the
seats' trigger marks the row only at the statement's end: read from the seats given). An
imported game starts finished: with its result and its seed revealed."""
START = START_TEMPLATE.format(notify=", pg_notify(%(channel)s, %(payload)s)")
START_QUIET = START_TEMPLATE.format(notify="")
