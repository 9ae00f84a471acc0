from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.three_kingdoms_development_card import ThreeKingdomsDevelopmentCard
    from ..models.three_kingdoms_general_card import ThreeKingdomsGeneralCard
    from ..models.three_kingdoms_occupation import ThreeKingdomsOccupation
    from ..models.three_kingdoms_outcome import ThreeKingdomsOutcome
    from ..models.three_kingdoms_placement import ThreeKingdomsPlacement
    from ..models.three_kingdoms_player_view import ThreeKingdomsPlayerView
    from ..models.three_kingdoms_progress import ThreeKingdomsProgress
    from ..models.three_kingdoms_score_card import ThreeKingdomsScoreCard
    from ..models.three_kingdoms_space_view import ThreeKingdomsSpaceView
    from ..models.three_kingdoms_task import ThreeKingdomsTask


T = TypeVar("T", bound="ThreeKingdomsView")


@_attrs_define
class ThreeKingdomsView:
    """
    Attributes:
        action_order (list[int]):
        alliance_holder (int):
        alliance_space (str):
        bid_order (list[int]):
        content_pack (str):
        criteria_flipped (bool):
        deficit_pool_left (int):
        developments (list[ThreeKingdomsDevelopmentCard]):
        ended (str):
        game (Literal['three_kingdoms']):
        generals (list[ThreeKingdomsGeneralCard]):
        generals_left (list[int]):
        han_holder (int):
        han_on_board (bool):
        last_alliance (str):
        legal_commands (list[str]):
        occupations (list[ThreeKingdomsOccupation]):
        outcomes (list[ThreeKingdomsOutcome]):
        phase (str):
        placements (list[ThreeKingdomsPlacement]):
        players (list[ThreeKingdomsPlayerView]):
        progress (None | ThreeKingdomsProgress):
        round_ (int):
        rounds (int):
        scores (list[ThreeKingdomsScoreCard]):
        separation_left (int):
        spaces (list[ThreeKingdomsSpaceView]):
        task_index (int):
        tasks (list[ThreeKingdomsTask]):
        to_act (list[int]):
        unification_left (int):
    """

    action_order: list[int]
    alliance_holder: int
    alliance_space: str
    bid_order: list[int]
    content_pack: str
    criteria_flipped: bool
    deficit_pool_left: int
    developments: list[ThreeKingdomsDevelopmentCard]
    ended: str
    game: Literal["three_kingdoms"]
    generals: list[ThreeKingdomsGeneralCard]
    generals_left: list[int]
    han_holder: int
    han_on_board: bool
    last_alliance: str
    legal_commands: list[str]
    occupations: list[ThreeKingdomsOccupation]
    outcomes: list[ThreeKingdomsOutcome]
    phase: str
    placements: list[ThreeKingdomsPlacement]
    players: list[ThreeKingdomsPlayerView]
    progress: None | ThreeKingdomsProgress
    round_: int
    rounds: int
    scores: list[ThreeKingdomsScoreCard]
    separation_left: int
    spaces: list[ThreeKingdomsSpaceView]
    task_index: int
    tasks: list[ThreeKingdomsTask]
    to_act: list[int]
    unification_left: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.three_kingdoms_progress import ThreeKingdomsProgress  # noqa: PLC0415

        action_order = self.action_order

        alliance_holder = self.alliance_holder

        alliance_space = self.alliance_space

        bid_order = self.bid_order

        content_pack = self.content_pack

        criteria_flipped = self.criteria_flipped

        deficit_pool_left = self.deficit_pool_left

        developments = []
        for developments_item_data in self.developments:
            developments_item = developments_item_data.to_dict()
            developments.append(developments_item)

        ended = self.ended

        game = self.game

        generals = []
        for generals_item_data in self.generals:
            generals_item = generals_item_data.to_dict()
            generals.append(generals_item)

        generals_left = self.generals_left

        han_holder = self.han_holder

        han_on_board = self.han_on_board

        last_alliance = self.last_alliance

        legal_commands = self.legal_commands

        occupations = []
        for occupations_item_data in self.occupations:
            occupations_item = occupations_item_data.to_dict()
            occupations.append(occupations_item)

        outcomes = []
        for outcomes_item_data in self.outcomes:
            outcomes_item = outcomes_item_data.to_dict()
            outcomes.append(outcomes_item)

        phase = self.phase

        placements = []
        for placements_item_data in self.placements:
            placements_item = placements_item_data.to_dict()
            placements.append(placements_item)

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        progress: dict[str, Any] | None
        if isinstance(self.progress, ThreeKingdomsProgress):
            progress = self.progress.to_dict()
        else:
            progress = self.progress

        round_ = self.round_

        rounds = self.rounds

        scores = []
        for scores_item_data in self.scores:
            scores_item = scores_item_data.to_dict()
            scores.append(scores_item)

        separation_left = self.separation_left

        spaces = []
        for spaces_item_data in self.spaces:
            spaces_item = spaces_item_data.to_dict()
            spaces.append(spaces_item)

        task_index = self.task_index

        tasks = []
        for tasks_item_data in self.tasks:
            tasks_item = tasks_item_data.to_dict()
            tasks.append(tasks_item)

        to_act = self.to_act

        unification_left = self.unification_left

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action_order": action_order,
                "alliance_holder": alliance_holder,
                "alliance_space": alliance_space,
                "bid_order": bid_order,
                "content_pack": content_pack,
                "criteria_flipped": criteria_flipped,
                "deficit_pool_left": deficit_pool_left,
                "developments": developments,
                "ended": ended,
                "game": game,
                "generals": generals,
                "generals_left": generals_left,
                "han_holder": han_holder,
                "han_on_board": han_on_board,
                "last_alliance": last_alliance,
                "legal_commands": legal_commands,
                "occupations": occupations,
                "outcomes": outcomes,
                "phase": phase,
                "placements": placements,
                "players": players,
                "progress": progress,
                "round": round_,
                "rounds": rounds,
                "scores": scores,
                "separation_left": separation_left,
                "spaces": spaces,
                "task_index": task_index,
                "tasks": tasks,
                "to_act": to_act,
                "unification_left": unification_left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.three_kingdoms_development_card import ThreeKingdomsDevelopmentCard  # noqa: PLC0415
        from ..models.three_kingdoms_general_card import ThreeKingdomsGeneralCard  # noqa: PLC0415
        from ..models.three_kingdoms_occupation import ThreeKingdomsOccupation  # noqa: PLC0415
        from ..models.three_kingdoms_outcome import ThreeKingdomsOutcome  # noqa: PLC0415
        from ..models.three_kingdoms_placement import ThreeKingdomsPlacement  # noqa: PLC0415
        from ..models.three_kingdoms_player_view import ThreeKingdomsPlayerView  # noqa: PLC0415
        from ..models.three_kingdoms_progress import ThreeKingdomsProgress  # noqa: PLC0415
        from ..models.three_kingdoms_score_card import ThreeKingdomsScoreCard  # noqa: PLC0415
        from ..models.three_kingdoms_space_view import ThreeKingdomsSpaceView  # noqa: PLC0415
        from ..models.three_kingdoms_task import ThreeKingdomsTask  # noqa: PLC0415

        d = dict(src_dict)
        action_order = cast(list[int], d.pop("action_order"))

        alliance_holder = d.pop("alliance_holder")

        alliance_space = d.pop("alliance_space")

        bid_order = cast(list[int], d.pop("bid_order"))

        content_pack = d.pop("content_pack")

        criteria_flipped = d.pop("criteria_flipped")

        deficit_pool_left = d.pop("deficit_pool_left")

        developments = []
        _developments = d.pop("developments")
        for developments_item_data in _developments:
            developments_item = ThreeKingdomsDevelopmentCard.from_dict(developments_item_data)

            developments.append(developments_item)

        ended = d.pop("ended")

        game = cast(Literal["three_kingdoms"], d.pop("game"))
        if game != "three_kingdoms":
            raise ValueError(f"game must match const 'three_kingdoms', got '{game}'")

        generals = []
        _generals = d.pop("generals")
        for generals_item_data in _generals:
            generals_item = ThreeKingdomsGeneralCard.from_dict(generals_item_data)

            generals.append(generals_item)

        generals_left = cast(list[int], d.pop("generals_left"))

        han_holder = d.pop("han_holder")

        han_on_board = d.pop("han_on_board")

        last_alliance = d.pop("last_alliance")

        legal_commands = cast(list[str], d.pop("legal_commands"))

        occupations = []
        _occupations = d.pop("occupations")
        for occupations_item_data in _occupations:
            occupations_item = ThreeKingdomsOccupation.from_dict(occupations_item_data)

            occupations.append(occupations_item)

        outcomes = []
        _outcomes = d.pop("outcomes")
        for outcomes_item_data in _outcomes:
            outcomes_item = ThreeKingdomsOutcome.from_dict(outcomes_item_data)

            outcomes.append(outcomes_item)

        phase = d.pop("phase")

        placements = []
        _placements = d.pop("placements")
        for placements_item_data in _placements:
            placements_item = ThreeKingdomsPlacement.from_dict(placements_item_data)

            placements.append(placements_item)

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = ThreeKingdomsPlayerView.from_dict(players_item_data)

            players.append(players_item)

        def _parse_progress(data: object) -> None | ThreeKingdomsProgress:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                progress_type_0 = ThreeKingdomsProgress.from_dict(data)

                return progress_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ThreeKingdomsProgress, data)

        progress = _parse_progress(d.pop("progress"))

        round_ = d.pop("round")

        rounds = d.pop("rounds")

        scores = []
        _scores = d.pop("scores")
        for scores_item_data in _scores:
            scores_item = ThreeKingdomsScoreCard.from_dict(scores_item_data)

            scores.append(scores_item)

        separation_left = d.pop("separation_left")

        spaces = []
        _spaces = d.pop("spaces")
        for spaces_item_data in _spaces:
            spaces_item = ThreeKingdomsSpaceView.from_dict(spaces_item_data)

            spaces.append(spaces_item)

        task_index = d.pop("task_index")

        tasks = []
        _tasks = d.pop("tasks")
        for tasks_item_data in _tasks:
            tasks_item = ThreeKingdomsTask.from_dict(tasks_item_data)

            tasks.append(tasks_item)

        to_act = cast(list[int], d.pop("to_act"))

        unification_left = d.pop("unification_left")

        three_kingdoms_view = cls(
            action_order=action_order,
            alliance_holder=alliance_holder,
            alliance_space=alliance_space,
            bid_order=bid_order,
            content_pack=content_pack,
            criteria_flipped=criteria_flipped,
            deficit_pool_left=deficit_pool_left,
            developments=developments,
            ended=ended,
            game=game,
            generals=generals,
            generals_left=generals_left,
            han_holder=han_holder,
            han_on_board=han_on_board,
            last_alliance=last_alliance,
            legal_commands=legal_commands,
            occupations=occupations,
            outcomes=outcomes,
            phase=phase,
            placements=placements,
            players=players,
            progress=progress,
            round_=round_,
            rounds=rounds,
            scores=scores,
            separation_left=separation_left,
            spaces=spaces,
            task_index=task_index,
            tasks=tasks,
            to_act=to_act,
            unification_left=unification_left,
        )

        three_kingdoms_view.additional_properties = d
        return three_kingdoms_view

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
