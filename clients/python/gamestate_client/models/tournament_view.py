from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_config import TournamentConfig
    from ..models.tournament_player_view import TournamentPlayerView
    from ..models.tournament_round_state import TournamentRoundState
    from ..models.tournament_standing_row import TournamentStandingRow


T = TypeVar("T", bound="TournamentView")


@_attrs_define
class TournamentView:
    """
    Attributes:
        awaiting_game (list[str]):
        clocks_paused (bool):  Default: False.
        config (None | TournamentConfig):
        current_round (int):
        players (list[TournamentPlayerView]):
        ranking (list[TournamentStandingRow]):
        rounds (list[TournamentRoundState]):
        seeding (list[int]):
        standings (list[TournamentStandingRow]):
        status (str):
    """

    awaiting_game: list[str]
    config: None | TournamentConfig
    current_round: int
    players: list[TournamentPlayerView]
    ranking: list[TournamentStandingRow]
    rounds: list[TournamentRoundState]
    seeding: list[int]
    standings: list[TournamentStandingRow]
    status: str
    clocks_paused: bool = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.tournament_config import TournamentConfig  # noqa: PLC0415

        awaiting_game = self.awaiting_game

        clocks_paused = self.clocks_paused

        config: dict[str, Any] | None
        if isinstance(self.config, TournamentConfig):
            config = self.config.to_dict()
        else:
            config = self.config

        current_round = self.current_round

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        ranking = []
        for ranking_item_data in self.ranking:
            ranking_item = ranking_item_data.to_dict()
            ranking.append(ranking_item)

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        seeding = self.seeding

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "awaiting_game": awaiting_game,
                "clocks_paused": clocks_paused,
                "config": config,
                "current_round": current_round,
                "players": players,
                "ranking": ranking,
                "rounds": rounds,
                "seeding": seeding,
                "standings": standings,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_config import TournamentConfig  # noqa: PLC0415
        from ..models.tournament_player_view import TournamentPlayerView  # noqa: PLC0415
        from ..models.tournament_round_state import TournamentRoundState  # noqa: PLC0415
        from ..models.tournament_standing_row import TournamentStandingRow  # noqa: PLC0415

        d = dict(src_dict)
        awaiting_game = cast(list[str], d.pop("awaiting_game"))

        clocks_paused = d.pop("clocks_paused")

        def _parse_config(data: object) -> None | TournamentConfig:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                config_type_0 = TournamentConfig.from_dict(data)

                return config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TournamentConfig, data)

        config = _parse_config(d.pop("config"))

        current_round = d.pop("current_round")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = TournamentPlayerView.from_dict(players_item_data)

            players.append(players_item)

        ranking = []
        _ranking = d.pop("ranking")
        for ranking_item_data in _ranking:
            ranking_item = TournamentStandingRow.from_dict(ranking_item_data)

            ranking.append(ranking_item)

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = TournamentRoundState.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        seeding = cast(list[int], d.pop("seeding"))

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = TournamentStandingRow.from_dict(standings_item_data)

            standings.append(standings_item)

        status = d.pop("status")

        tournament_view = cls(
            awaiting_game=awaiting_game,
            clocks_paused=clocks_paused,
            config=config,
            current_round=current_round,
            players=players,
            ranking=ranking,
            rounds=rounds,
            seeding=seeding,
            standings=standings,
            status=status,
        )

        tournament_view.additional_properties = d
        return tournament_view

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
