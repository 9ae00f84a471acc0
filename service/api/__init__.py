"""The HTTP surface: the app factory (app), problem details, dependencies and body checks
(http), middleware (middleware, observability), OpenAPI corrections (openapi) and one route
module per area (routes/).

May import: games, tournaments, live, store, support, domain."""
