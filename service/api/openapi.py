"""The OpenAPI document: Litestar's, corrected where Litestar 2.x falls short of msgspec.

Litestar emits tagged msgspec unions as ``oneOf`` without a ``discriminator`` and does not mark
``forbid_unknown_fields`` Structs with ``additionalProperties: false``; both are facts msgspec
knows, so they are added from the Struct definitions themselves."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar._openapi.plugin import OpenAPIPlugin  # pinned to litestar 2.x

import service.games.schemas  # noqa: F401  (defines the bodies this module corrects)


def _struct_types() -> list[type[msgspec.Struct]]:
    """Every Struct class of this project defined so far (games, bodies, create bodies); test
    modules' own Structs are not part of the API."""
    found: list[type[msgspec.Struct]] = []
    pending = list(msgspec.Struct.__subclasses__())
    while pending:
        cls = pending.pop()
        if cls.__module__.split(".")[0] in ("domain", "service"):
            found.append(cls)
        pending.extend(cls.__subclasses__())
    return found


def patch(document: dict[str, Any]) -> dict[str, Any]:
    components: dict[str, Any] = document.get("components", {}).get("schemas", {})
    # Litestar names a component by its class name, or, when names collide, by the shortest
    # unique tail of its dotted path ("azul_commands_PlaceTile").
    paths = {
        cls: f"{cls.__module__}.{cls.__qualname__}".replace(".", "_")
        for cls in set(_struct_types())
    }
    by_name: dict[str, list[type[msgspec.Struct]]] = {}
    for name in components:
        by_name[name] = [
            cls for cls, path in paths.items() if path == name or path.endswith("_" + name)
        ]
    for name, schema in components.items():
        classes = by_name.get(name, [])
        if (
            len(classes) == 1
            and classes[0].__struct_config__.forbid_unknown_fields
            and schema.get("type") == "object"
        ):
            schema["additionalProperties"] = False
    _add_discriminators(document, components)
    _forbid_nul(document)
    return document


def _forbid_nul(node: Any) -> None:
    """PostgreSQL cannot store NUL, and the API refuses it everywhere with a 400: say so on
    every free-form string, so that the document matches the behaviour."""
    if isinstance(node, dict):
        if node.get("type") == "string" and not (
            {"const", "enum", "pattern", "format"} & node.keys()
        ):
            node["pattern"] = "^[^\\x00]*$"
        for value in node.values():
            _forbid_nul(value)
    elif isinstance(node, list):
        for value in node:
            _forbid_nul(value)


def _tag_of(schema: dict[str, Any], field: str) -> str | None:
    prop = schema.get("properties", {}).get(field, {})
    if "const" in prop:
        return prop["const"]
    enum = prop.get("enum")
    return enum[0] if isinstance(enum, list) and len(enum) == 1 else None


def _add_discriminators(node: Any, components: dict[str, Any]) -> None:
    if isinstance(node, dict):
        members = node.get("oneOf")
        if (
            isinstance(members, list)
            and members
            and all(isinstance(m, dict) and "$ref" in m for m in members)
        ):
            for field in ("type", "game"):
                mapping = {}
                for member in members:
                    target = components.get(member["$ref"].rsplit("/", 1)[-1], {})
                    tag = _tag_of(target, field)
                    if tag is None:
                        break
                    mapping[tag] = member["$ref"]
                else:
                    node["discriminator"] = {"propertyName": field, "mapping": mapping}
                    break
        for value in node.values():
            _add_discriminators(value, components)
    elif isinstance(node, list):
        for value in node:
            _add_discriminators(value, components)


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
