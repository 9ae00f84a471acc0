"""Running the service: the ``gamestate`` command line (cli and commands/), the local
environment of a command (environment: database, admin key), worker processes sharing one port
(workers) and the HTTP transport (transport).

May import: every other package of service/."""
