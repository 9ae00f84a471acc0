from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ServiceLinks")


@_attrs_define
class ServiceLinks:
    """
    Attributes:
        docs (str):
        game_types (str):
        health (str):
        openapi (str):
        viewer (str):
    """

    docs: str
    game_types: str
    health: str
    openapi: str
    viewer: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        docs = self.docs

        game_types = self.game_types

        health = self.health

        openapi = self.openapi

        viewer = self.viewer

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "docs": docs,
                "game_types": game_types,
                "health": health,
                "openapi": openapi,
                "viewer": viewer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        docs = d.pop("docs")

        game_types = d.pop("game_types")

        health = d.pop("health")

        openapi = d.pop("openapi")

        viewer = d.pop("viewer")

        service_links = cls(
            docs=docs,
            game_types=game_types,
            health=health,
            openapi=openapi,
            viewer=viewer,
        )

        service_links.additional_properties = d
        return service_links

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
