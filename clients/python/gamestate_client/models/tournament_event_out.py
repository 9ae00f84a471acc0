from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_clocks_paused import TournamentClocksPaused
    from ..models.tournament_clocks_resumed import TournamentClocksResumed
    from ..models.tournament_created import TournamentCreated
    from ..models.tournament_finished import TournamentFinished
    from ..models.tournament_game_attached import TournamentGameAttached
    from ..models.tournament_player_registered import TournamentPlayerRegistered
    from ..models.tournament_player_withdrawn import TournamentPlayerWithdrawn
    from ..models.tournament_ranking_revised import TournamentRankingRevised
    from ..models.tournament_result_corrected import TournamentResultCorrected
    from ..models.tournament_result_recorded import TournamentResultRecorded
    from ..models.tournament_round_completed import TournamentRoundCompleted
    from ..models.tournament_round_started import TournamentRoundStarted
    from ..models.tournament_started import TournamentStarted
    from ..models.tournament_table_resolved import TournamentTableResolved
    from ..models.tournament_table_voided import TournamentTableVoided


T = TypeVar("T", bound="TournamentEventOut")


@_attrs_define
class TournamentEventOut:
    """
    Attributes:
        data (TournamentClocksPaused | TournamentClocksResumed | TournamentCreated | TournamentFinished |
            TournamentGameAttached | TournamentPlayerRegistered | TournamentPlayerWithdrawn | TournamentRankingRevised |
            TournamentResultCorrected | TournamentResultRecorded | TournamentRoundCompleted | TournamentRoundStarted |
            TournamentStarted | TournamentTableResolved | TournamentTableVoided):
        hash_ (str):
        recorded_at (datetime.datetime):
        type_ (str):
        version (int):
    """

    data: (
        TournamentClocksPaused
        | TournamentClocksResumed
        | TournamentCreated
        | TournamentFinished
        | TournamentGameAttached
        | TournamentPlayerRegistered
        | TournamentPlayerWithdrawn
        | TournamentRankingRevised
        | TournamentResultCorrected
        | TournamentResultRecorded
        | TournamentRoundCompleted
        | TournamentRoundStarted
        | TournamentStarted
        | TournamentTableResolved
        | TournamentTableVoided
    )
    hash_: str
    recorded_at: datetime.datetime
    type_: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.tournament_clocks_paused import TournamentClocksPaused  # noqa: PLC0415
        from ..models.tournament_created import TournamentCreated  # noqa: PLC0415
        from ..models.tournament_finished import TournamentFinished  # noqa: PLC0415
        from ..models.tournament_game_attached import TournamentGameAttached  # noqa: PLC0415
        from ..models.tournament_player_registered import TournamentPlayerRegistered  # noqa: PLC0415
        from ..models.tournament_player_withdrawn import TournamentPlayerWithdrawn  # noqa: PLC0415
        from ..models.tournament_ranking_revised import TournamentRankingRevised  # noqa: PLC0415
        from ..models.tournament_result_corrected import TournamentResultCorrected  # noqa: PLC0415
        from ..models.tournament_result_recorded import TournamentResultRecorded  # noqa: PLC0415
        from ..models.tournament_round_completed import TournamentRoundCompleted  # noqa: PLC0415
        from ..models.tournament_round_started import TournamentRoundStarted  # noqa: PLC0415
        from ..models.tournament_started import TournamentStarted  # noqa: PLC0415
        from ..models.tournament_table_resolved import TournamentTableResolved  # noqa: PLC0415
        from ..models.tournament_table_voided import TournamentTableVoided  # noqa: PLC0415

        data: dict[str, Any]
        if isinstance(self.data, TournamentCreated):
            data = self.data.to_dict()
        elif isinstance(self.data, TournamentPlayerRegistered):
            data = self.data.to_dict()
        elif isinstance(self.data, TournamentPlayerWithdrawn):
            data = self.data.to_dict()
        elif isinstance(self.data, TournamentStarted):
            data = self.data.to_dict()
        elif isinstance(self.data, TournamentRoundStarted):
            data = self.data.to_dict()
        elif isinstance(self.data, TournamentGameAttached):
            data = self.data.to_dict()
        elif isinstance(self.data, TournamentResultRecorded):
            data = self.data.to_dict()
        elif isinstance(self.data, TournamentResultCorrected):
            data = self.data.to_dict()
        elif isinstance(self.data, TournamentTableResolved):
            data = self.data.to_dict()
        elif isinstance(self.data, TournamentTableVoided):
            data = self.data.to_dict()
        elif isinstance(self.data, TournamentRoundCompleted):
            data = self.data.to_dict()
        elif isinstance(self.data, TournamentFinished):
            data = self.data.to_dict()
        elif isinstance(self.data, TournamentRankingRevised):
            data = self.data.to_dict()
        elif isinstance(self.data, TournamentClocksPaused):
            data = self.data.to_dict()
        else:
            data = self.data.to_dict()

        hash_ = self.hash_

        recorded_at = self.recorded_at.isoformat()

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "hash": hash_,
                "recorded_at": recorded_at,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_clocks_paused import TournamentClocksPaused  # noqa: PLC0415
        from ..models.tournament_clocks_resumed import TournamentClocksResumed  # noqa: PLC0415
        from ..models.tournament_created import TournamentCreated  # noqa: PLC0415
        from ..models.tournament_finished import TournamentFinished  # noqa: PLC0415
        from ..models.tournament_game_attached import TournamentGameAttached  # noqa: PLC0415
        from ..models.tournament_player_registered import TournamentPlayerRegistered  # noqa: PLC0415
        from ..models.tournament_player_withdrawn import TournamentPlayerWithdrawn  # noqa: PLC0415
        from ..models.tournament_ranking_revised import TournamentRankingRevised  # noqa: PLC0415
        from ..models.tournament_result_corrected import TournamentResultCorrected  # noqa: PLC0415
        from ..models.tournament_result_recorded import TournamentResultRecorded  # noqa: PLC0415
        from ..models.tournament_round_completed import TournamentRoundCompleted  # noqa: PLC0415
        from ..models.tournament_round_started import TournamentRoundStarted  # noqa: PLC0415
        from ..models.tournament_started import TournamentStarted  # noqa: PLC0415
        from ..models.tournament_table_resolved import TournamentTableResolved  # noqa: PLC0415
        from ..models.tournament_table_voided import TournamentTableVoided  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_data(
            data: object,
        ) -> (
            TournamentClocksPaused
            | TournamentClocksResumed
            | TournamentCreated
            | TournamentFinished
            | TournamentGameAttached
            | TournamentPlayerRegistered
            | TournamentPlayerWithdrawn
            | TournamentRankingRevised
            | TournamentResultCorrected
            | TournamentResultRecorded
            | TournamentRoundCompleted
            | TournamentRoundStarted
            | TournamentStarted
            | TournamentTableResolved
            | TournamentTableVoided
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0 = TournamentCreated.from_dict(data)

                return data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_1 = TournamentPlayerRegistered.from_dict(data)

                return data_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_2 = TournamentPlayerWithdrawn.from_dict(data)

                return data_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_3 = TournamentStarted.from_dict(data)

                return data_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_4 = TournamentRoundStarted.from_dict(data)

                return data_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_5 = TournamentGameAttached.from_dict(data)

                return data_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_6 = TournamentResultRecorded.from_dict(data)

                return data_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_7 = TournamentResultCorrected.from_dict(data)

                return data_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_8 = TournamentTableResolved.from_dict(data)

                return data_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_9 = TournamentTableVoided.from_dict(data)

                return data_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_10 = TournamentRoundCompleted.from_dict(data)

                return data_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_11 = TournamentFinished.from_dict(data)

                return data_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_12 = TournamentRankingRevised.from_dict(data)

                return data_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_13 = TournamentClocksPaused.from_dict(data)

                return data_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            data_type_14 = TournamentClocksResumed.from_dict(data)

            return data_type_14

        data = _parse_data(d.pop("data"))

        hash_ = d.pop("hash")

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))

        type_ = d.pop("type")

        version = d.pop("version")

        tournament_event_out = cls(
            data=data,
            hash_=hash_,
            recorded_at=recorded_at,
            type_=type_,
            version=version,
        )

        tournament_event_out.additional_properties = d
        return tournament_event_out

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
