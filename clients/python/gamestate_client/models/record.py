from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.record_command import RecordCommand
    from ..models.record_event import RecordEvent
    from ..models.record_imported_from_type_0 import RecordImportedFromType0
    from ..models.record_options import RecordOptions
    from ..models.record_seat import RecordSeat
    from ..models.result import Result


T = TypeVar("T", bound="Record")


@_attrs_define
class Record:
    """
    Attributes:
        commands (list[RecordCommand]):
        created_at (datetime.datetime):
        events (list[RecordEvent]):
        finished_at (datetime.datetime):
        format_ (Literal['gamestate-record/1']):
        game (str):
        game_id (UUID):
        options (RecordOptions):
        players (list[RecordSeat]):
        result (None | Result):
        rules_version (str):
        seed (str):
        seed_commitment (str): sha256, lower-case hex
        version (int):
        content (None | str | Unset):
        content_note (None | str | Unset):
        imported_from (None | RecordImportedFromType0 | Unset):
    """

    commands: list[RecordCommand]
    created_at: datetime.datetime
    events: list[RecordEvent]
    finished_at: datetime.datetime
    format_: Literal["gamestate-record/1"]
    game: str
    game_id: UUID
    options: RecordOptions
    players: list[RecordSeat]
    result: None | Result
    rules_version: str
    seed: str
    seed_commitment: str
    version: int
    content: None | str | Unset = UNSET
    content_note: None | str | Unset = UNSET
    imported_from: None | RecordImportedFromType0 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.record_imported_from_type_0 import RecordImportedFromType0  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415

        commands = []
        for commands_item_data in self.commands:
            commands_item = commands_item_data.to_dict()
            commands.append(commands_item)

        created_at = self.created_at.isoformat()

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        finished_at = self.finished_at.isoformat()

        format_ = self.format_

        game = self.game

        game_id = str(self.game_id)

        options = self.options.to_dict()

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        result: dict[str, Any] | None
        if isinstance(self.result, Result):
            result = self.result.to_dict()
        else:
            result = self.result

        rules_version = self.rules_version

        seed = self.seed

        seed_commitment = self.seed_commitment

        version = self.version

        content: None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        else:
            content = self.content

        content_note: None | str | Unset
        if isinstance(self.content_note, Unset):
            content_note = UNSET
        else:
            content_note = self.content_note

        imported_from: dict[str, Any] | None | Unset
        if isinstance(self.imported_from, Unset):
            imported_from = UNSET
        elif isinstance(self.imported_from, RecordImportedFromType0):
            imported_from = self.imported_from.to_dict()
        else:
            imported_from = self.imported_from

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "commands": commands,
                "created_at": created_at,
                "events": events,
                "finished_at": finished_at,
                "format": format_,
                "game": game,
                "game_id": game_id,
                "options": options,
                "players": players,
                "result": result,
                "rules_version": rules_version,
                "seed": seed,
                "seed_commitment": seed_commitment,
                "version": version,
            }
        )
        if content is not UNSET:
            field_dict["content"] = content
        if content_note is not UNSET:
            field_dict["content_note"] = content_note
        if imported_from is not UNSET:
            field_dict["imported_from"] = imported_from

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.record_command import RecordCommand  # noqa: PLC0415
        from ..models.record_event import RecordEvent  # noqa: PLC0415
        from ..models.record_imported_from_type_0 import RecordImportedFromType0  # noqa: PLC0415
        from ..models.record_options import RecordOptions  # noqa: PLC0415
        from ..models.record_seat import RecordSeat  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415

        d = dict(src_dict)
        commands = []
        _commands = d.pop("commands")
        for commands_item_data in _commands:
            commands_item = RecordCommand.from_dict(commands_item_data)

            commands.append(commands_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = RecordEvent.from_dict(events_item_data)

            events.append(events_item)

        finished_at = datetime.datetime.fromisoformat(d.pop("finished_at"))

        format_ = cast(Literal["gamestate-record/1"], d.pop("format"))
        if format_ != "gamestate-record/1":
            raise ValueError(f"format must match const 'gamestate-record/1', got '{format_}'")

        game = d.pop("game")

        game_id = UUID(d.pop("game_id"))

        options = RecordOptions.from_dict(d.pop("options"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = RecordSeat.from_dict(players_item_data)

            players.append(players_item)

        def _parse_result(data: object) -> None | Result:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = Result.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Result, data)

        result = _parse_result(d.pop("result"))

        rules_version = d.pop("rules_version")

        seed = d.pop("seed")

        seed_commitment = d.pop("seed_commitment")

        version = d.pop("version")

        def _parse_content(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))

        def _parse_content_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content_note = _parse_content_note(d.pop("content_note", UNSET))

        def _parse_imported_from(data: object) -> None | RecordImportedFromType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                imported_from_type_0 = RecordImportedFromType0.from_dict(data)

                return imported_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RecordImportedFromType0 | Unset, data)

        imported_from = _parse_imported_from(d.pop("imported_from", UNSET))

        record = cls(
            commands=commands,
            created_at=created_at,
            events=events,
            finished_at=finished_at,
            format_=format_,
            game=game,
            game_id=game_id,
            options=options,
            players=players,
            result=result,
            rules_version=rules_version,
            seed=seed,
            seed_commitment=seed_commitment,
            version=version,
            content=content,
            content_note=content_note,
            imported_from=imported_from,
        )

        return record
