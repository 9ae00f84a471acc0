from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_out_status import WebhookOutStatus

T = TypeVar("T", bound="WebhookOut")


@_attrs_define
class WebhookOut:
    """
    Attributes:
        created_at (datetime.datetime):
        disabled_reason (None | str):
        failures (int):
        id (UUID):
        secret (None | str):
        status (WebhookOutStatus):
        url (str):
    """

    created_at: datetime.datetime
    disabled_reason: None | str
    failures: int
    id: UUID
    secret: None | str
    status: WebhookOutStatus
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        failures = self.failures

        id = str(self.id)

        secret: None | str
        secret = self.secret

        status = self.status.value

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "disabled_reason": disabled_reason,
                "failures": failures,
                "id": id,
                "secret": secret,
                "status": status,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        failures = d.pop("failures")

        id = UUID(d.pop("id"))

        def _parse_secret(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        secret = _parse_secret(d.pop("secret"))

        status = WebhookOutStatus(d.pop("status"))

        url = d.pop("url")

        webhook_out = cls(
            created_at=created_at,
            disabled_reason=disabled_reason,
            failures=failures,
            id=id,
            secret=secret,
            status=status,
            url=url,
        )

        webhook_out.additional_properties = d
        return webhook_out

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
