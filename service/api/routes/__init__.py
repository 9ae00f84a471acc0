"""Route modules. Each exposes ``ROUTES`` (Litestar handlers) and may expose ``LIFESPANS``
(async context managers taking the app) that run inside the core lifespan, once the pool is
open. A new module is one line in ``MODULES``."""

from __future__ import annotations

import importlib
from types import ModuleType

MODULES = (
    "service.api.routes.games",
    "service.api.routes.operations",
    "service.api.routes.records",
    "service.api.routes.tournaments",
    "service.api.routes.live",
    "service.api.routes.lifecycle",
    "service.api.routes.bots",
    "service.api.routes.lobby",
    "service.api.routes.players",
    "service.api.routes.notifications",
    "service.api.routes.docs",
    "service.api.routes.viewer",
    "service.api.routes.home",
)


def modules() -> list[ModuleType]:
    return [importlib.import_module(name) for name in MODULES]
