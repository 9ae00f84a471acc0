from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlayedBy")


@_attrs_define
class PlayedBy:
    """
    Attributes:
        level (int | None):
        policy (str):
        version (str):
    """

    level: int | None
    policy: str
    version: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        level: int | None
        level = self.level

        policy = self.policy

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "level": level,
                "policy": policy,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_level(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        level = _parse_level(d.pop("level"))

        policy = d.pop("policy")

        version = d.pop("version")

        played_by = cls(
            level=level,
            policy=policy,
            version=version,
        )

        played_by.additional_properties = d
        return played_by

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
