"""The API's version: the committed document names it (``info.version``), every released
document is kept in openapi/releases/<version>.json, and the committed document may break
nothing of the latest release unless its major version is higher."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from tests.api.openapi_compat import breaking_changes

OPENAPI = Path(__file__).resolve().parents[2] / "openapi"


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def _latest_release() -> dict:
    releases = sorted(OPENAPI.glob("releases/*.json"), key=lambda p: _version(p.stem))
    assert releases, "openapi/releases/ holds the released documents"
    document = json.loads(releases[-1].read_text())
    assert document["info"]["version"] == releases[-1].stem
    return document


def _committed() -> dict:
    return json.loads((OPENAPI / "openapi.json").read_text())


def test_the_committed_document_breaks_nothing_of_the_latest_release() -> None:
    release, current = _latest_release(), _committed()
    released, version = _version(release["info"]["version"]), _version(current["info"]["version"])
    assert version >= released, "the document's version is below the latest release"
    if version[0] == released[0]:
        changes = breaking_changes(release, current)
        assert not changes, (
            f"breaking changes against {release['info']['version']} (raise the major version"
            f" and add a release, or make them additive): {changes[:20]}"
        )


def test_the_checker_finds_what_breaks_clients() -> None:
    base = _committed()
    assert breaking_changes(base, base) == []

    def changed(edit) -> list[str]:
        new = copy.deepcopy(base)
        edit(new)
        return breaking_changes(base, new)

    schemas = "components", "schemas"

    def drop_path(doc):
        del doc["paths"]["/games/{game_id}/record"]

    def drop_operation(doc):
        del doc["paths"]["/games"]["post"]

    def require_field(doc):
        body = doc[schemas[0]][schemas[1]]["SubmitCommand"]
        body["properties"]["reason"] = {"type": "string"}
        body["required"].append("reason")

    def narrow_enum(doc):
        doc[schemas[0]][schemas[1]]["GameSlug"]["enum"].remove("azul")

    def drop_answer_field(doc):
        del doc[schemas[0]][schemas[1]]["GameResource"]["properties"]["to_act"]

    def loosen_answer_field(doc):
        doc[schemas[0]][schemas[1]]["CommandAccepted"]["required"].remove("status")

    def new_required_parameter(doc):
        doc["paths"]["/games"]["get"]["parameters"].append(
            {"in": "query", "name": "owner", "required": True, "schema": {"type": "string"}}
        )

    for edit, expected in (
        (drop_path, "path removed"),
        (drop_operation, "operation removed"),
        (require_field, "new required property reason"),
        (narrow_enum, "no longer accepted"),
        (drop_answer_field, "property to_act removed"),
        (loosen_answer_field, "property status no longer always sent"),
        (new_required_parameter, "new required parameter owner"),
    ):
        found = changed(edit)
        assert any(expected in change for change in found), (edit.__name__, found)

    def additive(doc):
        doc["paths"]["/games/new"] = {"get": {"responses": {}}}
        doc[schemas[0]][schemas[1]]["GameResource"]["properties"]["extra"] = {"type": "string"}
        doc[schemas[0]][schemas[1]]["GameSlug"]["enum"].append("chess")

    assert changed(additive) == []
