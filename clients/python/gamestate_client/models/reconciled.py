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
        clocks_synced (int):  Default: 0.
        games_abandoned (int):  Default: 0.
        games_attached (int):
        games_created (int):
        results_recorded (int):
        seats_resigned (int):  Default: 0.
    """

    games_attached: int
    games_created: int
    results_recorded: int
    clocks_synced: int = 0
    games_abandoned: int = 0
    seats_resigned: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        clocks_synced = self.clocks_synced

        games_abandoned = self.games_abandoned

        games_attached = self.games_attached

        games_created = self.games_created

        results_recorded = self.results_recorded

        seats_resigned = self.seats_resigned

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clocks_synced": clocks_synced,
                "games_abandoned": games_abandoned,
                "games_attached": games_attached,
                "games_created": games_created,
                "results_recorded": results_recorded,
                "seats_resigned": seats_resigned,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        clocks_synced = d.pop("clocks_synced")

        games_abandoned = d.pop("games_abandoned")

        games_attached = d.pop("games_attached")

        games_created = d.pop("games_created")

        results_recorded = d.pop("results_recorded")

        seats_resigned = d.pop("seats_resigned")

        reconciled = cls(
            clocks_synced=clocks_synced,
            games_abandoned=games_abandoned,
            games_attached=games_attached,
            games_created=games_created,
            results_recorded=results_recorded,
            seats_resigned=seats_resigned,
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
