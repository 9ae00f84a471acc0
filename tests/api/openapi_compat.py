"""A small OpenAPI compatibility checker: what a client written against the old document would
see break against the new one (oasdiff's idea, for the parts this API uses).

Breaking:
- a path or an operation removed; a success status removed from an operation;
- a parameter removed, or a new required one; a parameter's or a request body's schema
  narrowed (a type, an enum value or a union member no longer accepted, a new required
  property, a property removed from a closed object, a tighter bound or another pattern);
- a response's schema changed under a reader: a property removed or no longer always sent, a
  type changed, a value now nullable, a const changed.

Not breaking: anything added (paths, operations, optional parameters and properties, response
properties), and new values in answers (an enum value, a union member: new games add both);
clients must tolerate them, as docs say for unknown event types.
"""

from __future__ import annotations

from typing import Any

REF = "#/components/schemas/"
METHODS = ("get", "put", "post", "delete", "patch", "head", "options")


def breaking_changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for path, old_item in old.get("paths", {}).items():
        new_item = new.get("paths", {}).get(path)
        if new_item is None:
            found.append(f"{path}: path removed")
            continue
        for method in METHODS:
            if method in old_item:
                where = f"{method.upper()} {path}"
                if method not in new_item:
                    found.append(f"{where}: operation removed")
                else:
                    found += _operation(old, new, old_item[method], new_item[method], where)
    return found


def _operation(old_doc: dict, new_doc: dict, old: dict, new: dict, where: str) -> list[str]:
    found = []
    key = lambda p: (p["in"], p["name"].lower())  # noqa: E731
    old_params = {key(p): p for p in old.get("parameters", [])}
    new_params = {key(p): p for p in new.get("parameters", [])}
    for name, param in old_params.items():
        if name not in new_params:
            found.append(f"{where}: parameter {name[1]} removed")
        elif new_params[name].get("required") and not param.get("required"):
            found.append(f"{where}: parameter {name[1]} now required")
    for name, param in new_params.items():
        if name not in old_params and param.get("required"):
            found.append(f"{where}: new required parameter {name[1]}")
        elif name in old_params:
            found += Compare(old_doc, new_doc, "request").schemas(
                old_params[name].get("schema", {}),
                param.get("schema", {}),
                f"{where} parameter {name[1]}",
            )
    old_body, new_body = old.get("requestBody"), new.get("requestBody")
    if old_body and new_body:
        for media, content in old_body.get("content", {}).items():
            if media not in new_body.get("content", {}):
                found.append(f"{where}: request body {media} no longer accepted")
            else:
                found += Compare(old_doc, new_doc, "request").schemas(
                    content.get("schema", {}),
                    new_body["content"][media].get("schema", {}),
                    f"{where} body",
                )
    elif new_body and new_body.get("required") and not old_body:
        found.append(f"{where}: new required request body")
    for status, response in old.get("responses", {}).items():
        new_response = new.get("responses", {}).get(status)
        if new_response is None:
            if status.startswith("2"):
                found.append(f"{where}: response {status} removed")
            continue
        for media, content in response.get("content", {}).items():
            new_content = new_response.get("content", {}).get(media)
            if new_content is None:
                found.append(f"{where}: response {status} {media} removed")
            elif "schema" in content:
                found += Compare(old_doc, new_doc, "response").schemas(
                    content["schema"], new_content.get("schema", {}), f"{where} {status}"
                )
    return found


class Compare:
    """Compares two schemas in one direction: ``request`` (the client writes, the server must
    accept at least as much as before) or ``response`` (the client reads, the server must send
    nothing the client did not expect)."""

    def __init__(self, old_doc: dict, new_doc: dict, direction: str) -> None:
        self.old_doc, self.new_doc, self.direction = old_doc, new_doc, direction
        self.seen: set[tuple[str, str]] = set()

    def _resolve(self, doc: dict, schema: dict) -> tuple[dict, str | None]:
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith(REF):
            return doc["components"]["schemas"].get(ref[len(REF) :], {}), ref
        return schema, None

    def schemas(self, old: dict, new: dict, where: str) -> list[str]:
        old, old_ref = self._resolve(self.old_doc, old)
        new, new_ref = self._resolve(self.new_doc, new)
        if old_ref and new_ref:
            if (old_ref, new_ref) in self.seen:
                return []
            self.seen.add((old_ref, new_ref))
        found: list[str] = []
        old_null, old = _split_null(old)
        new_null, new = _split_null(new)
        if self.direction == "request" and old_null and not new_null:
            found.append(f"{where}: null no longer accepted")
        if self.direction == "response" and new_null and not old_null:
            found.append(f"{where}: may now be null")
        if "oneOf" in old or "oneOf" in new or "anyOf" in old or "anyOf" in new:
            return found + self._unions(old, new, where)
        old_types, new_types = _types(old), _types(new)
        if old_types and new_types and old_types != new_types:
            lost = old_types - new_types if self.direction == "request" else new_types - old_types
            if lost:
                found.append(f"{where}: type {sorted(old_types)} -> {sorted(new_types)}")
        if "const" in old and old.get("const") != new.get("const", old["const"]):
            found.append(f"{where}: const {old['const']!r} -> {new.get('const')!r}")
        if self.direction == "request":
            found += _narrowed(old, new, where)
        found += self._objects(old, new, where)
        if "items" in old and "items" in new:
            found += self.schemas(old["items"], new["items"], f"{where}[]")
        return found

    def _unions(self, old: dict, new: dict, where: str) -> list[str]:
        old_members = _members(self.old_doc, old)
        new_members = _members(self.new_doc, new)
        found = []
        for tag, member in old_members.items():
            if tag in new_members:
                found += self.schemas(member, new_members[tag], f"{where}<{tag}>")
            elif self.direction == "request":
                found.append(f"{where}: union member {tag} no longer accepted")
        return found

    def _objects(self, old: dict, new: dict, where: str) -> list[str]:
        found = []
        old_props, new_props = old.get("properties", {}), new.get("properties", {})
        old_required, new_required = set(old.get("required", [])), set(new.get("required", []))
        if self.direction == "request":
            for name in sorted(new_required - old_required):
                found.append(f"{where}: new required property {name}")
            if new.get("additionalProperties") is False:
                for name in sorted(set(old_props) - set(new_props)):
                    found.append(f"{where}: property {name} no longer accepted")
        else:
            for name in sorted(set(old_props) - set(new_props)):
                found.append(f"{where}: property {name} removed")
            for name in sorted(old_required - new_required):
                if name in new_props:
                    found.append(f"{where}: property {name} no longer always sent")
        for name in sorted(set(old_props) & set(new_props)):
            found += self.schemas(old_props[name], new_props[name], f"{where}.{name}")
        return found


def _split_null(schema: dict) -> tuple[bool, dict]:
    """(accepts null, the schema without its null alternative)."""
    types = schema.get("type")
    if isinstance(types, list) and "null" in types:
        rest = [t for t in types if t != "null"]
        return True, {**schema, "type": rest[0] if len(rest) == 1 else rest}
    for key in ("oneOf", "anyOf"):
        members = schema.get(key)
        if isinstance(members, list) and {"type": "null"} in members:
            rest = [m for m in members if m != {"type": "null"}]
            others = {k: v for k, v in schema.items() if k != key}
            return True, {**others, **rest[0]} if len(rest) == 1 else {**others, key: rest}
    return schema.get("type") == "null", schema


def _types(schema: dict) -> set[str]:
    kind = schema.get("type")
    if kind is None:
        return set()
    kinds = set(kind) if isinstance(kind, list) else {kind}
    # JSON Schema counts every integer as a number.
    return kinds | {"number"} if "integer" in kinds and "number" not in kinds else kinds


def _members(doc: dict, schema: dict) -> dict[str, dict]:
    """A union's members by discriminator tag, or by position when it has none."""
    members = schema.get("oneOf") or schema.get("anyOf") or [schema]
    mapping = schema.get("discriminator", {}).get("mapping")
    if mapping:
        return {tag: {"$ref": ref} for tag, ref in mapping.items()}
    return {
        member.get("$ref", str(index)).rsplit("/", 1)[-1]: member
        for index, member in enumerate(members)
    }


def _narrowed(old: dict, new: dict, where: str) -> list[str]:
    found = []
    if "enum" in old and "enum" in new:
        lost = [v for v in old["enum"] if v not in new["enum"]]
        if lost:
            found.append(f"{where}: enum values {lost} no longer accepted")
    elif "enum" in new and "enum" not in old:
        found.append(f"{where}: now an enum")
    for key, tighter in (
        ("maxLength", min), ("maximum", min), ("maxItems", min),
        ("minLength", max), ("minimum", max), ("minItems", max),
    ):  # fmt: skip
        if key in new and (key not in old or tighter(old[key], new[key]) != old[key]):
            found.append(f"{where}: {key} {old.get(key)} -> {new[key]}")
    if new.get("pattern") not in (None, old.get("pattern")):
        found.append(f"{where}: pattern {old.get('pattern')!r} -> {new['pattern']!r}")
    if new.get("additionalProperties") is False and old.get("additionalProperties") is not False:
        found.append(f"{where}: closed to other properties")
    return found
