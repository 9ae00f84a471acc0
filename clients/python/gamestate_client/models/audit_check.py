from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.audit_check_status import AuditCheckStatus

T = TypeVar("T", bound="AuditCheck")


@_attrs_define
class AuditCheck:
    """
    Attributes:
        detail (str):
        name (str):
        ok (bool):
        status (AuditCheckStatus):
    """

    detail: str
    name: str
    ok: bool
    status: AuditCheckStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        detail = self.detail

        name = self.name

        ok = self.ok

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "detail": detail,
                "name": name,
                "ok": ok,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        detail = d.pop("detail")

        name = d.pop("name")

        ok = d.pop("ok")

        status = AuditCheckStatus(d.pop("status"))

        audit_check = cls(
            detail=detail,
            name=name,
            ok=ok,
            status=status,
        )

        audit_check.additional_properties = d
        return audit_check

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
