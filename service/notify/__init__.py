"""Notifications for registered players (and tournaments), and their webhooks.

``derive`` turns a game's events into notifications (your turn, game started, game ended,
tournament round paired) without I/O; ``deriver`` is the catch-up reader that does it by
global event position and writes them, with their webhook deliveries, in one transaction
(the durable outbox); ``delivery`` is the worker that posts the outbox signed per Standard
Webhooks, with retries and back-off; ``targets`` checks webhook URLs (https, SSRF);
``store`` holds the SQL the routes need. May import games, store, support and domain.
docs/notifications.md.
"""
