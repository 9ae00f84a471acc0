from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_out_kind import DeliveryOutKind
from ..models.delivery_out_status import DeliveryOutStatus

if TYPE_CHECKING:
    from ..models.attempt_out import AttemptOut


T = TypeVar("T", bound="DeliveryOut")


@_attrs_define
class DeliveryOut:
    """
    Attributes:
        attempts (list[AttemptOut]):
        created_at (datetime.datetime):
        delivered_at (datetime.datetime | None):
        game_id (UUID):
        id (int):
        kind (DeliveryOutKind):
        next_attempt_at (datetime.datetime | None):
        notification_id (int):
        status (DeliveryOutStatus):
        version (int):
        webhook_id_header (str):
    """

    attempts: list[AttemptOut]
    created_at: datetime.datetime
    delivered_at: datetime.datetime | None
    game_id: UUID
    id: int
    kind: DeliveryOutKind
    next_attempt_at: datetime.datetime | None
    notification_id: int
    status: DeliveryOutStatus
    version: int
    webhook_id_header: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        created_at = self.created_at.isoformat()

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        game_id = str(self.game_id)

        id = self.id

        kind = self.kind.value

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        notification_id = self.notification_id

        status = self.status.value

        version = self.version

        webhook_id_header = self.webhook_id_header

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempts": attempts,
                "created_at": created_at,
                "delivered_at": delivered_at,
                "game_id": game_id,
                "id": id,
                "kind": kind,
                "next_attempt_at": next_attempt_at,
                "notification_id": notification_id,
                "status": status,
                "version": version,
                "webhook_id_header": webhook_id_header,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attempt_out import AttemptOut  # noqa: PLC0415

        d = dict(src_dict)
        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = AttemptOut.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))

        game_id = UUID(d.pop("game_id"))

        id = d.pop("id")

        kind = DeliveryOutKind(d.pop("kind"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        notification_id = d.pop("notification_id")

        status = DeliveryOutStatus(d.pop("status"))

        version = d.pop("version")

        webhook_id_header = d.pop("webhook_id_header")

        delivery_out = cls(
            attempts=attempts,
            created_at=created_at,
            delivered_at=delivered_at,
            game_id=game_id,
            id=id,
            kind=kind,
            next_attempt_at=next_attempt_at,
            notification_id=notification_id,
            status=status,
            version=version,
            webhook_id_header=webhook_id_header,
        )

        delivery_out.additional_properties = d
        return delivery_out

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
