from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.import_verification import ImportVerification


T = TypeVar("T", bound="ImportInfo")


@_attrs_define
class ImportInfo:
    """
    Attributes:
        imported_at (datetime.datetime):
        imported_by (str):
        original_id (None | UUID):
        verification (ImportVerification):
    """

    imported_at: datetime.datetime
    imported_by: str
    original_id: None | UUID
    verification: ImportVerification
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        imported_at = self.imported_at.isoformat()

        imported_by = self.imported_by

        original_id: None | str
        if isinstance(self.original_id, UUID):
            original_id = str(self.original_id)
        else:
            original_id = self.original_id

        verification = self.verification.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "imported_at": imported_at,
                "imported_by": imported_by,
                "original_id": original_id,
                "verification": verification,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_verification import ImportVerification  # noqa: PLC0415

        d = dict(src_dict)
        imported_at = datetime.datetime.fromisoformat(d.pop("imported_at"))

        imported_by = d.pop("imported_by")

        def _parse_original_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                original_id_type_0 = UUID(data)

                return original_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        original_id = _parse_original_id(d.pop("original_id"))

        verification = ImportVerification.from_dict(d.pop("verification"))

        import_info = cls(
            imported_at=imported_at,
            imported_by=imported_by,
            original_id=original_id,
            verification=verification,
        )

        import_info.additional_properties = d
        return import_info

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
