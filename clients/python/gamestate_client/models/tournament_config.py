from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.clock import Clock


T = TypeVar("T", bound="TournamentConfig")


@_attrs_define
class TournamentConfig:
    """
    Attributes:
        advance_top_k (int):  Default: 1.
        clock (Clock | None):
        duplicate (bool):  Default: False.
        format_ (str):
        game (str):
        game_options_json (str):  Default: '{}'.
        grand_final_reset (bool):  Default: True.
        lives (int):  Default: 2.
        max_players (int):  Default: 2.
        min_players (int):  Default: 2.
        min_table_size (int):  Default: 0.
        name (str):
        placement_points (list[int]):
        rounds (int):  Default: 0.
        seeding (str):  Default: 'ranked'.
        table_size (int):  Default: 2.
        tiebreaks (list[str]):
    """

    clock: Clock | None
    format_: str
    game: str
    name: str
    placement_points: list[int]
    tiebreaks: list[str]
    advance_top_k: int = 1
    duplicate: bool = False
    game_options_json: str = "{}"
    grand_final_reset: bool = True
    lives: int = 2
    max_players: int = 2
    min_players: int = 2
    min_table_size: int = 0
    rounds: int = 0
    seeding: str = "ranked"
    table_size: int = 2
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock import Clock  # noqa: PLC0415

        advance_top_k = self.advance_top_k

        clock: dict[str, Any] | None
        if isinstance(self.clock, Clock):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        duplicate = self.duplicate

        format_ = self.format_

        game = self.game

        game_options_json = self.game_options_json

        grand_final_reset = self.grand_final_reset

        lives = self.lives

        max_players = self.max_players

        min_players = self.min_players

        min_table_size = self.min_table_size

        name = self.name

        placement_points = self.placement_points

        rounds = self.rounds

        seeding = self.seeding

        table_size = self.table_size

        tiebreaks = self.tiebreaks

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "advance_top_k": advance_top_k,
                "clock": clock,
                "duplicate": duplicate,
                "format": format_,
                "game": game,
                "game_options_json": game_options_json,
                "grand_final_reset": grand_final_reset,
                "lives": lives,
                "max_players": max_players,
                "min_players": min_players,
                "min_table_size": min_table_size,
                "name": name,
                "placement_points": placement_points,
                "rounds": rounds,
                "seeding": seeding,
                "table_size": table_size,
                "tiebreaks": tiebreaks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock import Clock  # noqa: PLC0415

        d = dict(src_dict)
        advance_top_k = d.pop("advance_top_k")

        def _parse_clock(data: object) -> Clock | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = Clock.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Clock | None, data)

        clock = _parse_clock(d.pop("clock"))

        duplicate = d.pop("duplicate")

        format_ = d.pop("format")

        game = d.pop("game")

        game_options_json = d.pop("game_options_json")

        grand_final_reset = d.pop("grand_final_reset")

        lives = d.pop("lives")

        max_players = d.pop("max_players")

        min_players = d.pop("min_players")

        min_table_size = d.pop("min_table_size")

        name = d.pop("name")

        placement_points = cast(list[int], d.pop("placement_points"))

        rounds = d.pop("rounds")

        seeding = d.pop("seeding")

        table_size = d.pop("table_size")

        tiebreaks = cast(list[str], d.pop("tiebreaks"))

        tournament_config = cls(
            advance_top_k=advance_top_k,
            clock=clock,
            duplicate=duplicate,
            format_=format_,
            game=game,
            game_options_json=game_options_json,
            grand_final_reset=grand_final_reset,
            lives=lives,
            max_players=max_players,
            min_players=min_players,
            min_table_size=min_table_size,
            name=name,
            placement_points=placement_points,
            rounds=rounds,
            seeding=seeding,
            table_size=table_size,
            tiebreaks=tiebreaks,
        )

        tournament_config.additional_properties = d
        return tournament_config

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
