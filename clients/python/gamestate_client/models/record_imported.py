from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.audit_report import AuditReport
    from ..models.import_info import ImportInfo
    from ..models.record_imported_imported_from import RecordImportedImportedFrom


T = TypeVar("T", bound="RecordImported")


@_attrs_define
class RecordImported:
    """
    Attributes:
        audit (AuditReport):
        game (str):
        id (UUID):
        imported (ImportInfo):
        imported_from (RecordImportedImportedFrom):
        rules_version (str):
        version (int):
    """

    audit: AuditReport
    game: str
    id: UUID
    imported: ImportInfo
    imported_from: RecordImportedImportedFrom
    rules_version: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        audit = self.audit.to_dict()

        game = self.game

        id = str(self.id)

        imported = self.imported.to_dict()

        imported_from = self.imported_from.to_dict()

        rules_version = self.rules_version

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "audit": audit,
                "game": game,
                "id": id,
                "imported": imported,
                "imported_from": imported_from,
                "rules_version": rules_version,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_report import AuditReport  # noqa: PLC0415
        from ..models.import_info import ImportInfo  # noqa: PLC0415
        from ..models.record_imported_imported_from import RecordImportedImportedFrom  # noqa: PLC0415

        d = dict(src_dict)
        audit = AuditReport.from_dict(d.pop("audit"))

        game = d.pop("game")

        id = UUID(d.pop("id"))

        imported = ImportInfo.from_dict(d.pop("imported"))

        imported_from = RecordImportedImportedFrom.from_dict(d.pop("imported_from"))

        rules_version = d.pop("rules_version")

        version = d.pop("version")

        record_imported = cls(
            audit=audit,
            game=game,
            id=id,
            imported=imported,
            imported_from=imported_from,
            rules_version=rules_version,
            version=version,
        )

        record_imported.additional_properties = d
        return record_imported

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
