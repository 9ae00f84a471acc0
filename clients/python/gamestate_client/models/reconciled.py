from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Reconciled")


@_attrs_define
class Reconciled:
    """
    Attributes:
        games_attached (int):
        games_created (int):
        results_recorded (int):
    """

    games_attached: int
    games_created: int
    results_recorded: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        games_attached = self.games_attached

        games_created = self.games_created

        results_recorded = self.results_recorded

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "games_attached": games_attached,
                "games_created": games_created,
                "results_recorded": results_recorded,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        games_attached = d.pop("games_attached")

        games_created = d.pop("games_created")

        results_recorded = d.pop("results_recorded")

        reconciled = cls(
            games_attached=games_attached,
            games_created=games_created,
            results_recorded=results_recorded,
        )

        reconciled.additional_properties = d
        return reconciled

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
