from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.hearts_options_moon import HeartsOptionsMoon
from ..models.hearts_options_pass_rotation import HeartsOptionsPassRotation
from ..types import UNSET, Unset

T = TypeVar("T", bound="HeartsOptions")


@_attrs_define
class HeartsOptions:
    """
    Attributes:
        jack_of_diamonds (bool | Unset):  Default: False.
        moon (HeartsOptionsMoon | Unset):  Default: HeartsOptionsMoon.OTHERS_ADD.
        pass_rotation (HeartsOptionsPassRotation | Unset):  Default: HeartsOptionsPassRotation.STANDARD.
        points_on_first_trick (bool | Unset):  Default: False.
        queen_breaks_hearts (bool | Unset):  Default: False.
        target_score (int | Unset):  Default: 100.
    """

    jack_of_diamonds: bool | Unset = False
    moon: HeartsOptionsMoon | Unset = HeartsOptionsMoon.OTHERS_ADD
    pass_rotation: HeartsOptionsPassRotation | Unset = HeartsOptionsPassRotation.STANDARD
    points_on_first_trick: bool | Unset = False
    queen_breaks_hearts: bool | Unset = False
    target_score: int | Unset = 100

    def to_dict(self) -> dict[str, Any]:
        jack_of_diamonds = self.jack_of_diamonds

        moon: str | Unset = UNSET
        if not isinstance(self.moon, Unset):
            moon = self.moon.value

        pass_rotation: str | Unset = UNSET
        if not isinstance(self.pass_rotation, Unset):
            pass_rotation = self.pass_rotation.value

        points_on_first_trick = self.points_on_first_trick

        queen_breaks_hearts = self.queen_breaks_hearts

        target_score = self.target_score

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if jack_of_diamonds is not UNSET:
            field_dict["jack_of_diamonds"] = jack_of_diamonds
        if moon is not UNSET:
            field_dict["moon"] = moon
        if pass_rotation is not UNSET:
            field_dict["pass_rotation"] = pass_rotation
        if points_on_first_trick is not UNSET:
            field_dict["points_on_first_trick"] = points_on_first_trick
        if queen_breaks_hearts is not UNSET:
            field_dict["queen_breaks_hearts"] = queen_breaks_hearts
        if target_score is not UNSET:
            field_dict["target_score"] = target_score

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        jack_of_diamonds = d.pop("jack_of_diamonds", UNSET)

        _moon = d.pop("moon", UNSET)
        moon: HeartsOptionsMoon | Unset
        if isinstance(_moon, Unset):
            moon = UNSET
        else:
            moon = HeartsOptionsMoon(_moon)

        _pass_rotation = d.pop("pass_rotation", UNSET)
        pass_rotation: HeartsOptionsPassRotation | Unset
        if isinstance(_pass_rotation, Unset):
            pass_rotation = UNSET
        else:
            pass_rotation = HeartsOptionsPassRotation(_pass_rotation)

        points_on_first_trick = d.pop("points_on_first_trick", UNSET)

        queen_breaks_hearts = d.pop("queen_breaks_hearts", UNSET)

        target_score = d.pop("target_score", UNSET)

        hearts_options = cls(
            jack_of_diamonds=jack_of_diamonds,
            moon=moon,
            pass_rotation=pass_rotation,
            points_on_first_trick=points_on_first_trick,
            queen_breaks_hearts=queen_breaks_hearts,
            target_score=target_score,
        )

        return hearts_options
