from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_carcassonne_tournament_seeding import CreateCarcassonneTournamentSeeding
from ..models.tiebreak import Tiebreak
from ..models.tournament_format import TournamentFormat
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bye_bot import ByeBot
    from ..models.carcassonne_options import CarcassonneOptions
    from ..models.clock_request import ClockRequest


T = TypeVar("T", bound="CreateCarcassonneTournament")


@_attrs_define
class CreateCarcassonneTournament:
    """
    Attributes:
        format_ (TournamentFormat):
        game (Literal['carcassonne']):
        name (str): Display name; no control characters
        advance_top_k (int | Unset):  Default: 1.
        bye_bot (ByeBot | None | Unset):
        clock (ClockRequest | None | Unset):
        duplicate (bool | Unset):  Default: False.
        grand_final_reset (bool | Unset):  Default: True.
        lives (int | Unset):  Default: 2.
        min_table_size (int | None | Unset):
        open_registration (bool | Unset):  Default: False.
        options (CarcassonneOptions | None | Unset):
        placement_points (list[int] | Unset):
        rounds (int | None | Unset):
        seeding (CreateCarcassonneTournamentSeeding | Unset):  Default: CreateCarcassonneTournamentSeeding.RANKED.
        table_size (int | Unset):  Default: 2.
        tiebreaks (list[Tiebreak] | Unset):
    """

    format_: TournamentFormat
    game: Literal["carcassonne"]
    name: str
    advance_top_k: int | Unset = 1
    bye_bot: ByeBot | None | Unset = UNSET
    clock: ClockRequest | None | Unset = UNSET
    duplicate: bool | Unset = False
    grand_final_reset: bool | Unset = True
    lives: int | Unset = 2
    min_table_size: int | None | Unset = UNSET
    open_registration: bool | Unset = False
    options: CarcassonneOptions | None | Unset = UNSET
    placement_points: list[int] | Unset = UNSET
    rounds: int | None | Unset = UNSET
    seeding: CreateCarcassonneTournamentSeeding | Unset = CreateCarcassonneTournamentSeeding.RANKED
    table_size: int | Unset = 2
    tiebreaks: list[Tiebreak] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.bye_bot import ByeBot  # noqa: PLC0415
        from ..models.carcassonne_options import CarcassonneOptions  # noqa: PLC0415
        from ..models.clock_request import ClockRequest  # noqa: PLC0415

        format_ = self.format_.value

        game = self.game

        name = self.name

        advance_top_k = self.advance_top_k

        bye_bot: dict[str, Any] | None | Unset
        if isinstance(self.bye_bot, Unset):
            bye_bot = UNSET
        elif isinstance(self.bye_bot, ByeBot):
            bye_bot = self.bye_bot.to_dict()
        else:
            bye_bot = self.bye_bot

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, ClockRequest):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        duplicate = self.duplicate

        grand_final_reset = self.grand_final_reset

        lives = self.lives

        min_table_size: int | None | Unset
        if isinstance(self.min_table_size, Unset):
            min_table_size = UNSET
        else:
            min_table_size = self.min_table_size

        open_registration = self.open_registration

        options: dict[str, Any] | None | Unset
        if isinstance(self.options, Unset):
            options = UNSET
        elif isinstance(self.options, CarcassonneOptions):
            options = self.options.to_dict()
        else:
            options = self.options

        placement_points: list[int] | Unset = UNSET
        if not isinstance(self.placement_points, Unset):
            placement_points = self.placement_points

        rounds: int | None | Unset
        if isinstance(self.rounds, Unset):
            rounds = UNSET
        else:
            rounds = self.rounds

        seeding: str | Unset = UNSET
        if not isinstance(self.seeding, Unset):
            seeding = self.seeding.value

        table_size = self.table_size

        tiebreaks: list[str] | Unset = UNSET
        if not isinstance(self.tiebreaks, Unset):
            tiebreaks = []
            for tiebreaks_item_data in self.tiebreaks:
                tiebreaks_item = tiebreaks_item_data.value
                tiebreaks.append(tiebreaks_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "game": game,
                "name": name,
            }
        )
        if advance_top_k is not UNSET:
            field_dict["advance_top_k"] = advance_top_k
        if bye_bot is not UNSET:
            field_dict["bye_bot"] = bye_bot
        if clock is not UNSET:
            field_dict["clock"] = clock
        if duplicate is not UNSET:
            field_dict["duplicate"] = duplicate
        if grand_final_reset is not UNSET:
            field_dict["grand_final_reset"] = grand_final_reset
        if lives is not UNSET:
            field_dict["lives"] = lives
        if min_table_size is not UNSET:
            field_dict["min_table_size"] = min_table_size
        if open_registration is not UNSET:
            field_dict["open_registration"] = open_registration
        if options is not UNSET:
            field_dict["options"] = options
        if placement_points is not UNSET:
            field_dict["placement_points"] = placement_points
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if seeding is not UNSET:
            field_dict["seeding"] = seeding
        if table_size is not UNSET:
            field_dict["table_size"] = table_size
        if tiebreaks is not UNSET:
            field_dict["tiebreaks"] = tiebreaks

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bye_bot import ByeBot  # noqa: PLC0415
        from ..models.carcassonne_options import CarcassonneOptions  # noqa: PLC0415
        from ..models.clock_request import ClockRequest  # noqa: PLC0415

        d = dict(src_dict)
        format_ = TournamentFormat(d.pop("format"))

        game = cast(Literal["carcassonne"], d.pop("game"))
        if game != "carcassonne":
            raise ValueError(f"game must match const 'carcassonne', got '{game}'")

        name = d.pop("name")

        advance_top_k = d.pop("advance_top_k", UNSET)

        def _parse_bye_bot(data: object) -> ByeBot | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                bye_bot_type_0 = ByeBot.from_dict(data)

                return bye_bot_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ByeBot | None | Unset, data)

        bye_bot = _parse_bye_bot(d.pop("bye_bot", UNSET))

        def _parse_clock(data: object) -> ClockRequest | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = ClockRequest.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockRequest | None | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))

        duplicate = d.pop("duplicate", UNSET)

        grand_final_reset = d.pop("grand_final_reset", UNSET)

        lives = d.pop("lives", UNSET)

        def _parse_min_table_size(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_table_size = _parse_min_table_size(d.pop("min_table_size", UNSET))

        open_registration = d.pop("open_registration", UNSET)

        def _parse_options(data: object) -> CarcassonneOptions | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                options_type_0 = CarcassonneOptions.from_dict(data)

                return options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CarcassonneOptions | None | Unset, data)

        options = _parse_options(d.pop("options", UNSET))

        placement_points = cast(list[int], d.pop("placement_points", UNSET))

        def _parse_rounds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rounds = _parse_rounds(d.pop("rounds", UNSET))

        _seeding = d.pop("seeding", UNSET)
        seeding: CreateCarcassonneTournamentSeeding | Unset
        if isinstance(_seeding, Unset):
            seeding = UNSET
        else:
            seeding = CreateCarcassonneTournamentSeeding(_seeding)

        table_size = d.pop("table_size", UNSET)

        _tiebreaks = d.pop("tiebreaks", UNSET)
        tiebreaks: list[Tiebreak] | Unset = UNSET
        if _tiebreaks is not UNSET:
            tiebreaks = []
            for tiebreaks_item_data in _tiebreaks:
                tiebreaks_item = Tiebreak(tiebreaks_item_data)

                tiebreaks.append(tiebreaks_item)

        create_carcassonne_tournament = cls(
            format_=format_,
            game=game,
            name=name,
            advance_top_k=advance_top_k,
            bye_bot=bye_bot,
            clock=clock,
            duplicate=duplicate,
            grand_final_reset=grand_final_reset,
            lives=lives,
            min_table_size=min_table_size,
            open_registration=open_registration,
            options=options,
            placement_points=placement_points,
            rounds=rounds,
            seeding=seeding,
            table_size=table_size,
            tiebreaks=tiebreaks,
        )

        return create_carcassonne_tournament
