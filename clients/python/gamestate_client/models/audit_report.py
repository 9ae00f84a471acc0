from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.audit_check import AuditCheck


T = TypeVar("T", bound="AuditReport")


@_attrs_define
class AuditReport:
    """
    Attributes:
        checks (list[AuditCheck]):
        game (str):
        id (UUID):
        ok (bool):
        rules_version (str):
        status (str):
        version (int):
    """

    checks: list[AuditCheck]
    game: str
    id: UUID
    ok: bool
    rules_version: str
    status: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)

        game = self.game

        id = str(self.id)

        ok = self.ok

        rules_version = self.rules_version

        status = self.status

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "checks": checks,
                "game": game,
                "id": id,
                "ok": ok,
                "rules_version": rules_version,
                "status": status,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_check import AuditCheck  # noqa: PLC0415

        d = dict(src_dict)
        checks = []
        _checks = d.pop("checks")
        for checks_item_data in _checks:
            checks_item = AuditCheck.from_dict(checks_item_data)

            checks.append(checks_item)

        game = d.pop("game")

        id = UUID(d.pop("id"))

        ok = d.pop("ok")

        rules_version = d.pop("rules_version")

        status = d.pop("status")

        version = d.pop("version")

        audit_report = cls(
            checks=checks,
            game=game,
            id=id,
            ok=ok,
            rules_version=rules_version,
            status=status,
            version=version,
        )

        audit_report.additional_properties = d
        return audit_report

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
