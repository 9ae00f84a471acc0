from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.three_kingdoms_occupy_store import ThreeKingdomsOccupyStore

T = TypeVar("T", bound="ThreeKingdomsOccupy")


@_attrs_define
class ThreeKingdomsOccupy:
    """
    Attributes:
        general (str): An id from the content pack
        region (int):
        store (ThreeKingdomsOccupyStore):
        type_ (Literal['three_kingdoms.occupy']):
        units (int):
    """

    general: str
    region: int
    store: ThreeKingdomsOccupyStore
    type_: Literal["three_kingdoms.occupy"]
    units: int

    def to_dict(self) -> dict[str, Any]:
        general = self.general

        region = self.region

        store = self.store.value

        type_ = self.type_

        units = self.units

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "general": general,
                "region": region,
                "store": store,
                "type": type_,
                "units": units,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        general = d.pop("general")

        region = d.pop("region")

        store = ThreeKingdomsOccupyStore(d.pop("store"))

        type_ = cast(Literal["three_kingdoms.occupy"], d.pop("type"))
        if type_ != "three_kingdoms.occupy":
            raise ValueError(f"type must match const 'three_kingdoms.occupy', got '{type_}'")

        units = d.pop("units")

        three_kingdoms_occupy = cls(
            general=general,
            region=region,
            store=store,
            type_=type_,
            units=units,
        )

        return three_kingdoms_occupy
