from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_config import TournamentConfig


T = TypeVar("T", bound="TournamentCreated")


@_attrs_define
class TournamentCreated:
    """
    Attributes:
        config (TournamentConfig):
        type_ (Literal['tournament.created']):
    """

    config: TournamentConfig
    type_: Literal["tournament.created"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        config = self.config.to_dict()

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "config": config,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_config import TournamentConfig  # noqa: PLC0415

        d = dict(src_dict)
        config = TournamentConfig.from_dict(d.pop("config"))

        type_ = cast(Literal["tournament.created"], d.pop("type"))
        if type_ != "tournament.created":
            raise ValueError(f"type must match const 'tournament.created', got '{type_}'")

        tournament_created = cls(
            config=config,
            type_=type_,
        )

        tournament_created.additional_properties = d
        return tournament_created

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
