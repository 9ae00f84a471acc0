from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.service_links import ServiceLinks


T = TypeVar("T", bound="ServiceIndex")


@_attrs_define
class ServiceIndex:
    """
    Attributes:
        guide (str):
        links (ServiceLinks):
        service (str):
    """

    guide: str
    links: ServiceLinks
    service: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        guide = self.guide

        links = self.links.to_dict()

        service = self.service

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "guide": guide,
                "links": links,
                "service": service,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.service_links import ServiceLinks  # noqa: PLC0415

        d = dict(src_dict)
        guide = d.pop("guide")

        links = ServiceLinks.from_dict(d.pop("links"))

        service = d.pop("service")

        service_index = cls(
            guide=guide,
            links=links,
            service=service,
        )

        service_index.additional_properties = d
        return service_index

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
