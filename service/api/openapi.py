"""The OpenAPI document: Litestar's, corrected where Litestar 2.x falls short of msgspec and of
what client generators need.

What is added from the Struct definitions themselves (facts msgspec knows):

- **Names.** Litestar names a component by its class name, or by the shortest unique tail of
  its dotted path when two classes share a name (``azul_commands_PlaceTile``), and titles it
  with the bare class name, so five games give fifteen clashing titles. Every component is
  renamed here: a game's class is prefixed with the game (``AzulPlaceTile``,
  ``CarcassonnePlaceTile``; the game is the one whose package the class lives in,
  ``three_kingdoms`` -> ``ThreeKingdoms``, an installed plug-in's included), the tournament aggregate's with ``Tournament``; the classes keep their
  names. Name and title are the same, and unique (checked here).
- **Tagged unions** get a ``discriminator`` with a ``mapping``: commands and events by
  ``type``, views and create bodies by ``game``.
- **Closed Structs** (``forbid_unknown_fields``) get ``additionalProperties: false``.
- **Always sent means required.** msgspec encodes every field of a Struct (unless it says
  ``omit_defaults``), so in a schema that only answers carry, every property is required; a
  schema that a request body can reach keeps its defaults optional.
- **Examples** for every request body (``service/api/examples.json``, from a played game).

Strings carry no blanket pattern: NUL is refused with a 400 by the validation layer
(:func:`service.api.http.check_body`), which a schema need not repeat on every string."""

from __future__ import annotations

import functools
import json
import os
import typing
from pathlib import Path
from typing import Any

import msgspec
from litestar._openapi.plugin import OpenAPIPlugin  # pinned to litestar 2.x
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components, SecurityScheme, Server, Tag

import service.games.schemas  # noqa: F401  (defines the bodies this module corrects)
from domain.registry import GAMES
from service.api import docs

EXAMPLES = Path(__file__).with_name("examples.json")
REF = "#/components/schemas/"

API_VERSION = "2.1.0"
"""The HTTP contract's version (semantic: a breaking change raises the major part; the
released documents are kept in openapi/releases/, and a test compares against the latest)."""

TAGS = {
    "games": "Create games, read views and legal commands, submit commands, read events",
    "records": "Time travel, portable records of finished games, import and audit",
    "live": "Server-Sent Events of games and tournaments (see docs/live.md)",
    "tournaments": "Tournaments: organiser actions (admin key), participants, standings",
    "lifecycle": "Resign, rejoin after timeouts, abandon (admin); clocks (see docs/lifecycle.md)",
    "lobby": "Open seats, joins, rematches and the matchmaking queue (see docs/lobby.md)",
    "players": "Registered players: one token for all their seats (see docs/players.md)",
    "operations": "Liveness, readiness and metrics",
    "notifications": "A player's notifications (Server-Sent Events) and webhooks"
    " (see docs/notifications.md)",
}


def config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="gamestate",
        version=API_VERSION,
        description=(
            "Headless, event-sourced board-game state service. Errors are RFC 9457 problem"
            " details (`application/problem+json`) with a stable `code`. Commands, events and"
            " views are tagged unions (`type` for commands and events, `game` for views)."
        ),
        path="/schema",
        servers=[
            Server(url="/", description="The server this document was loaded from"),
            Server(url="http://127.0.0.1:8000", description="`make run` on this machine"),
        ],
        tags=[Tag(name=name, description=text) for name, text in TAGS.items()],
        use_handler_docstrings=False,
        render_plugins=docs.render_plugins(),
        components=Components(
            security_schemes={
                "bearer": SecurityScheme(
                    type="http",
                    scheme="bearer",
                    description="A seat token from POST /games, a tournament token, or the"
                    " admin key",
                )
            }
        ),
    )


@functools.cache
def game_packages() -> dict[str, str]:
    """The package of each served game -> its slug: the dotted path its command, event and
    view classes share (``domain.azul``; ``hearts`` for a plug-in)."""
    packages = {}
    for slug, spec in GAMES.items():
        paths = [
            cls.__module__.split(".")
            for cls in (spec.view_type, *spec.command_classes, *spec.event_classes)
        ]
        common = os.path.commonprefix(paths)  # noqa: RUF071 (lists of names, not strings)
        packages[".".join(common) or slug] = slug
    return packages


def _struct_types() -> list[type[msgspec.Struct]]:
    """Every Struct class of this project and of the served games defined so far (games,
    bodies, create bodies); test modules' own Structs are not part of the API."""
    tops = {"domain", "service"} | {package.split(".")[0] for package in game_packages()}
    found: list[type[msgspec.Struct]] = []
    pending = list(msgspec.Struct.__subclasses__())
    while pending:
        cls = pending.pop()
        if cls.__module__.split(".")[0] in tops:
            found.append(cls)
        pending.extend(cls.__subclasses__())
    return list(dict.fromkeys(found))


def _of_unserved_game(cls: type) -> bool:
    top, _, rest = cls.__module__.partition(".")
    core = {"_kernel", "lifecycle", "tournament", "bots", "registry", "testing"}
    return top == "domain" and rest.split(".")[0] not in core and not prefix_of(cls.__module__)


def prefix_of(module: str) -> str:
    """``domain.three_kingdoms.events`` -> ``ThreeKingdoms``; ``hearts.view`` -> ``Hearts``;
    ``domain.tournament.view`` -> ``Tournament``; anything else (the kernel, the service's
    bodies) -> ``""``."""
    packages = {**game_packages(), "domain.tournament": "tournament"}
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        slug = packages.get(".".join(parts[:end]))
        if slug is not None:
            return "".join(word.title() for word in slug.split("_"))
    return ""


def component_name(cls: type) -> str:
    name = cls.__qualname__.replace(".", "")
    prefix = prefix_of(cls.__module__)
    return name if name.startswith(prefix) else prefix + name


def _encoded_fields(cls: type[msgspec.Struct]) -> set[str]:
    names = {f.encode_name for f in msgspec.structs.fields(cls)}
    tag_field = cls.__struct_config__.tag_field
    return names | ({tag_field} if tag_field else set())


def _classes_of(components: dict[str, Any]) -> dict[str, type[msgspec.Struct]]:
    """The Struct behind each of Litestar's component names: its title is the class name, its
    name a ``_``-joined tail of the class's dotted path, and its properties the class's
    fields (which tells apart two classes of one name when only one is documented)."""
    by_name: dict[str, list[type[msgspec.Struct]]] = {}
    for cls in _struct_types():
        by_name.setdefault(cls.__name__, []).append(cls)
    found = {}
    for name, schema in components.items():
        candidates = [
            cls
            for cls in by_name.get(schema.get("title", name), [])
            if f"{cls.__module__}.{cls.__qualname__}".replace(".", "_").endswith(name)
        ]
        if len(candidates) > 1:
            props = set(schema.get("properties", {}))
            candidates = [cls for cls in candidates if _encoded_fields(cls) == props]
        if len(candidates) > 1:  # an unserved game imported by domain.bots documents nothing
            candidates = [cls for cls in candidates if not _of_unserved_game(cls)]
        if len(candidates) > 1:
            raise RuntimeError(f"cannot tell which Struct the component {name!r} documents")
        if candidates:  # not a Struct (a dataclass, an enum): named by Litestar, kept
            found[name] = candidates[0]
    return found


def _walk(node: Any, visit: Any) -> None:
    if isinstance(node, dict):
        visit(node)
        for value in node.values():
            _walk(value, visit)
    elif isinstance(node, list):
        for value in node:
            _walk(value, visit)


def _rename(document: dict[str, Any], classes: dict[str, type]) -> dict[str, type]:
    components: dict[str, Any] = document["components"]["schemas"]
    renamed = {name: name for name in components}
    renamed |= {old: component_name(cls) for old, cls in classes.items()}
    clashes = {n for n in renamed.values() if list(renamed.values()).count(n) > 1}
    if clashes:
        raise RuntimeError(f"component names not unique: {sorted(clashes)}")

    def visit(node: dict[str, Any]) -> None:
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(REF):
            node["$ref"] = REF + renamed[ref[len(REF) :]]
        mapping = node.get("discriminator", {}).get("mapping", {})
        for tag, target in mapping.items():
            mapping[tag] = REF + renamed[target[len(REF) :]]

    _walk(document, visit)
    new = {}
    for old in sorted(components, key=lambda n: renamed[n]):
        schema = components[old]
        schema["title"] = renamed[old]
        new[renamed[old]] = schema
    document["components"]["schemas"] = new
    return {renamed[old]: cls for old, cls in classes.items()}


def _tag_of(schema: dict[str, Any], field: str) -> str | None:
    prop = schema.get("properties", {}).get(field, {})
    if "const" in prop:
        return prop["const"]
    enum = prop.get("enum")
    return enum[0] if isinstance(enum, list) and len(enum) == 1 else None


def _add_discriminators(document: dict[str, Any]) -> None:
    components = document["components"]["schemas"]

    def visit(node: dict[str, Any]) -> None:
        members = node.get("oneOf")
        if not (
            isinstance(members, list)
            and len(members) > 1
            and all(isinstance(m, dict) and "$ref" in m for m in members)
        ):
            return
        for field in ("type", "game"):
            mapping = {}
            for member in members:
                tag = _tag_of(components.get(member["$ref"][len(REF) :], {}), field)
                if tag is None:
                    break
                mapping[tag] = member["$ref"]
            else:
                node["discriminator"] = {"propertyName": field, "mapping": mapping}
                return

    _walk(document, visit)


def _refs_of(node: Any) -> set[str]:
    found: set[str] = set()

    def visit(item: dict[str, Any]) -> None:
        ref = item.get("$ref")
        if isinstance(ref, str) and ref.startswith(REF):
            found.add(ref[len(REF) :])

    _walk(node, visit)
    return found


def _request_components(document: dict[str, Any]) -> set[str]:
    """The components a request (body or parameter) can reach."""
    components = document["components"]["schemas"]
    pending = set()
    for operations in document["paths"].values():
        for operation in operations.values():
            if isinstance(operation, dict):
                pending |= _refs_of(operation.get("requestBody", {}))
                pending |= _refs_of(operation.get("parameters", []))
    reached: set[str] = set()
    while pending:
        name = pending.pop()
        if name not in reached:
            reached.add(name)
            pending |= _refs_of(components[name]) - reached
    return reached


def _correct_components(document: dict[str, Any], classes: dict[str, type]) -> None:
    components = document["components"]["schemas"]
    in_requests = _request_components(document)
    for name, schema in components.items():
        if name not in classes:
            continue
        config = classes[name].__struct_config__
        if config.forbid_unknown_fields and schema.get("type") == "object":
            schema["additionalProperties"] = False
        if name not in in_requests and not config.omit_defaults and "properties" in schema:
            schema["required"] = sorted(schema["properties"])


def _seat_counts(document: dict[str, Any]) -> None:
    """A create body's ``seats`` is a list of seats or a number of open seats: Litestar drops
    the bounds of each member of that union, which the document gives back (the game's
    player range), so that it promises no more than is accepted."""
    components = document["components"]["schemas"]
    for spec in GAMES.values():
        name = "Create" + "".join(part.title() for part in spec.slug.split("_")) + "Game"
        seats = components.get(name, {}).get("properties", {}).get("seats", {})
        for member in seats.get("oneOf", []):
            if member.get("type") == "array":
                member.update(minItems=spec.min_players, maxItems=spec.max_players)
            elif member.get("type") == "integer":
                member.update(minimum=spec.min_players, maximum=spec.max_players)


def _body_problems(document: dict[str, Any]) -> None:
    """Every route with a body may answer 413 (too large) and 415 (not JSON); a documented
    response header is a string (ETag and Location always sent); ``offset`` is deprecated."""
    problem = {"application/problem+json": {"schema": {"$ref": REF + "Problem"}}}
    for operations in document["paths"].values():
        for operation in operations.values():
            if isinstance(operation, dict) and "requestBody" in operation:
                responses = operation["responses"]
                for status, text in (
                    ("413", "Content Too Large"),
                    ("415", "Unsupported Media Type"),
                ):
                    responses.setdefault(status, {"description": text, "content": problem})
                operation["responses"] = dict(sorted(responses.items()))
            if isinstance(operation, dict):
                for response in operation.get("responses", {}).values():
                    for name, header in response.get("headers", {}).items():
                        header.setdefault("schema", {"type": "string"})
                        header["required"] = name in ("ETag", "Location")  # always sent
                for parameter in operation.get("parameters", []):
                    if parameter["in"] == "query" and parameter["name"] == "offset":
                        parameter["deprecated"] = True  # use the cursor, `after`


def _optional_bodies(document: dict[str, Any]) -> None:
    """A body typed ``T | None`` (POST /games/{id}/join) may be left out: not required, and
    documented as ``T`` (a client leaves it out rather than sending ``null``)."""
    for operations in document["paths"].values():
        for operation in operations.values():
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            media = (body or {}).get("content", {}).get("application/json")
            members = (media or {}).get("schema", {}).get("oneOf")
            if isinstance(members, list) and {"type": "null"} in members:
                rest = [member for member in members if member != {"type": "null"}]
                media["schema"] = rest[0] if len(rest) == 1 else {"oneOf": rest}
                body["required"] = False


def _add_examples(document: dict[str, Any]) -> None:
    """Each request body's example, by operationId (a test checks that each one is accepted
    by the route's body type, and that every request body has one)."""
    examples = json.loads(EXAMPLES.read_text())
    for operations in document["paths"].values():
        for operation in operations.values():
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            example = examples.get(operation.get("operationId")) if body else None
            if example is not None:
                body["content"]["application/json"]["example"] = example


def _not_null(schema: dict[str, Any]) -> dict[str, Any]:
    """A parameter is absent or has a value: Litestar documents an optional one as nullable
    (``T | None``), which a client generator turns into sending ``null``."""
    if isinstance(schema.get("type"), list):
        kinds = [kind for kind in schema["type"] if kind != "null"]
        schema["type"] = kinds[0] if len(kinds) == 1 else kinds
    if isinstance(schema.get("enum"), list):
        schema["enum"] = [value for value in schema["enum"] if value is not None]
    members = schema.get("oneOf")
    if isinstance(members, list):
        rest = [m for m in members if m != {"type": "null"}]
        if len(rest) == 1:
            del schema["oneOf"]
            schema.update(rest[0])
        else:
            schema["oneOf"] = rest
    return schema


def _clean_parameters(document: dict[str, Any]) -> None:
    for operations in document["paths"].values():
        for operation in operations.values():
            if isinstance(operation, dict):
                for parameter in operation.get("parameters", []):
                    if "schema" in parameter:
                        _not_null(parameter["schema"])


def _enums() -> dict[str, list[str]]:
    from service.games import schemas as games
    from service.tournaments import schemas as tournaments

    return {
        name: list(typing.get_args(literal))
        for name, literal in (
            ("GameSlug", games.GameSlug),
            ("GameStatus", games.GameStatus),
            ("TournamentStatus", tournaments.TournamentStatus),
            ("TournamentFormat", tournaments.Format),
            ("Tiebreak", tournaments.Tiebreak),
        )
    }


def _name_enums(document: dict[str, Any]) -> None:
    """The closed sets that appear in many places become one named enum each, so that a
    generated client has one ``GameSlug`` type rather than one per field."""
    enums = _enums()
    by_values = {frozenset(values): name for name, values in enums.items()}

    def visit(node: dict[str, Any]) -> None:
        values = node.get("enum")
        if node.get("type") == "string" and isinstance(values, list):
            name = by_values.get(frozenset(values))
            if name is not None:
                del node["enum"], node["type"]
                node["$ref"] = REF + name

    _walk(document["paths"], visit)
    _walk(document["components"], visit)
    for name, values in enums.items():
        document["components"]["schemas"][name] = {"type": "string", "enum": values, "title": name}
    document["components"]["schemas"] = dict(sorted(document["components"]["schemas"].items()))


def patch(document: dict[str, Any]) -> dict[str, Any]:
    classes = _rename(document, _classes_of(document["components"]["schemas"]))
    _clean_parameters(document)
    _add_discriminators(document)
    _correct_components(document, classes)
    _name_enums(document)
    _seat_counts(document)
    _body_problems(document)
    _optional_bodies(document)
    _add_examples(document)
    return document


def install(app: Any) -> None:
    """Make the served document (/schema/openapi.json) the corrected one. Litestar 2.x caches
    the generated dict on its OpenAPI plugin; the cache is filled once, here, corrected."""
    plugin = app.plugins.get(OpenAPIPlugin)
    plugin._openapi_schema = patch(plugin.provide_openapi().to_schema())


def document(app: Any) -> dict[str, Any]:
    return app.plugins.get(OpenAPIPlugin).provide_openapi_schema()


def plain_document(app: Any) -> dict[str, Any]:
    """The document as plain JSON data (Struct defaults encoded as the API encodes them)."""
    return msgspec.json.decode(msgspec.json.encode(document(app)))
