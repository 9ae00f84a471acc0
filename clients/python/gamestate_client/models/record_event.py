from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.record_event_data import RecordEventData
    from ..models.record_event_metadata import RecordEventMetadata


T = TypeVar("T", bound="RecordEvent")


@_attrs_define
class RecordEvent:
    """
    Attributes:
        data (RecordEventData):
        hash_ (str): sha256, lower-case hex
        metadata (RecordEventMetadata):
        prev_hash (str): sha256, lower-case hex
        recorded_at (datetime.datetime):
        type_ (str):
        version (int):
    """

    data: RecordEventData
    hash_: str
    metadata: RecordEventMetadata
    prev_hash: str
    recorded_at: datetime.datetime
    type_: str
    version: int

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        hash_ = self.hash_

        metadata = self.metadata.to_dict()

        prev_hash = self.prev_hash

        recorded_at = self.recorded_at.isoformat()

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "hash": hash_,
                "metadata": metadata,
                "prev_hash": prev_hash,
                "recorded_at": recorded_at,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.record_event_data import RecordEventData  # noqa: PLC0415
        from ..models.record_event_metadata import RecordEventMetadata  # noqa: PLC0415

        d = dict(src_dict)
        data = RecordEventData.from_dict(d.pop("data"))

        hash_ = d.pop("hash")

        metadata = RecordEventMetadata.from_dict(d.pop("metadata"))

        prev_hash = d.pop("prev_hash")

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))

        type_ = d.pop("type")

        version = d.pop("version")

        record_event = cls(
            data=data,
            hash_=hash_,
            metadata=metadata,
            prev_hash=prev_hash,
            recorded_at=recorded_at,
            type_=type_,
            version=version,
        )

        return record_event
