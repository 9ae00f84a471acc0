from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.import_verification_checks import ImportVerificationChecks


T = TypeVar("T", bound="ImportVerification")


@_attrs_define
class ImportVerification:
    """
    Attributes:
        checks (ImportVerificationChecks):
        ok (bool):
    """

    checks: ImportVerificationChecks
    ok: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        checks = self.checks.to_dict()

        ok = self.ok

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "checks": checks,
                "ok": ok,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_verification_checks import ImportVerificationChecks  # noqa: PLC0415

        d = dict(src_dict)
        checks = ImportVerificationChecks.from_dict(d.pop("checks"))

        ok = d.pop("ok")

        import_verification = cls(
            checks=checks,
            ok=ok,
        )

        import_verification.additional_properties = d
        return import_verification

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
