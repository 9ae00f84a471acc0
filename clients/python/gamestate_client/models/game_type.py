from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_slug import GameSlug
from ..models.game_type_content import GameTypeContent

if TYPE_CHECKING:
    from ..models.game_type_options_schema import GameTypeOptionsSchema


T = TypeVar("T", bound="GameType")


@_attrs_define
class GameType:
    """
    Attributes:
        content (GameTypeContent):  Default: GameTypeContent.OFFICIAL.
        content_note (str):  Default: ''.
        description (str):
        game (GameSlug):
        max_players (int):
        min_players (int):
        notes (str):
        options_schema (GameTypeOptionsSchema):
        policies (list[str]):
        rules_version (str):
        title (str):
    """

    description: str
    game: GameSlug
    max_players: int
    min_players: int
    notes: str
    options_schema: GameTypeOptionsSchema
    policies: list[str]
    rules_version: str
    title: str
    content: GameTypeContent = GameTypeContent.OFFICIAL
    content_note: str = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        content = self.content.value

        content_note = self.content_note

        description = self.description

        game = self.game.value

        max_players = self.max_players

        min_players = self.min_players

        notes = self.notes

        options_schema = self.options_schema.to_dict()

        policies = self.policies

        rules_version = self.rules_version

        title = self.title

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "content": content,
                "content_note": content_note,
                "description": description,
                "game": game,
                "max_players": max_players,
                "min_players": min_players,
                "notes": notes,
                "options_schema": options_schema,
                "policies": policies,
                "rules_version": rules_version,
                "title": title,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_type_options_schema import GameTypeOptionsSchema  # noqa: PLC0415

        d = dict(src_dict)
        content = GameTypeContent(d.pop("content"))

        content_note = d.pop("content_note")

        description = d.pop("description")

        game = GameSlug(d.pop("game"))

        max_players = d.pop("max_players")

        min_players = d.pop("min_players")

        notes = d.pop("notes")

        options_schema = GameTypeOptionsSchema.from_dict(d.pop("options_schema"))

        policies = cast(list[str], d.pop("policies"))

        rules_version = d.pop("rules_version")

        title = d.pop("title")

        game_type = cls(
            content=content,
            content_note=content_note,
            description=description,
            game=game,
            max_players=max_players,
            min_players=min_players,
            notes=notes,
            options_schema=options_schema,
            policies=policies,
            rules_version=rules_version,
            title=title,
        )

        game_type.additional_properties = d
        return game_type

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
