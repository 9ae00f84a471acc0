from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.three_kingdoms_outcome import ThreeKingdomsOutcome
    from ..models.three_kingdoms_task import ThreeKingdomsTask


T = TypeVar("T", bound="ThreeKingdomsBiddingClosed")


@_attrs_define
class ThreeKingdomsBiddingClosed:
    """
    Attributes:
        action_order (list[int]):
        bid_order (list[int]):
        outcomes (list[ThreeKingdomsOutcome]):
        successes (list[int]):
        tasks (list[ThreeKingdomsTask]):
        type_ (Literal['three_kingdoms.bidding_closed']):
    """

    action_order: list[int]
    bid_order: list[int]
    outcomes: list[ThreeKingdomsOutcome]
    successes: list[int]
    tasks: list[ThreeKingdomsTask]
    type_: Literal["three_kingdoms.bidding_closed"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        action_order = self.action_order

        bid_order = self.bid_order

        outcomes = []
        for outcomes_item_data in self.outcomes:
            outcomes_item = outcomes_item_data.to_dict()
            outcomes.append(outcomes_item)

        successes = self.successes

        tasks = []
        for tasks_item_data in self.tasks:
            tasks_item = tasks_item_data.to_dict()
            tasks.append(tasks_item)

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action_order": action_order,
                "bid_order": bid_order,
                "outcomes": outcomes,
                "successes": successes,
                "tasks": tasks,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.three_kingdoms_outcome import ThreeKingdomsOutcome  # noqa: PLC0415
        from ..models.three_kingdoms_task import ThreeKingdomsTask  # noqa: PLC0415

        d = dict(src_dict)
        action_order = cast(list[int], d.pop("action_order"))

        bid_order = cast(list[int], d.pop("bid_order"))

        outcomes = []
        _outcomes = d.pop("outcomes")
        for outcomes_item_data in _outcomes:
            outcomes_item = ThreeKingdomsOutcome.from_dict(outcomes_item_data)

            outcomes.append(outcomes_item)

        successes = cast(list[int], d.pop("successes"))

        tasks = []
        _tasks = d.pop("tasks")
        for tasks_item_data in _tasks:
            tasks_item = ThreeKingdomsTask.from_dict(tasks_item_data)

            tasks.append(tasks_item)

        type_ = cast(Literal["three_kingdoms.bidding_closed"], d.pop("type"))
        if type_ != "three_kingdoms.bidding_closed":
            raise ValueError(f"type must match const 'three_kingdoms.bidding_closed', got '{type_}'")

        three_kingdoms_bidding_closed = cls(
            action_order=action_order,
            bid_order=bid_order,
            outcomes=outcomes,
            successes=successes,
            tasks=tasks,
            type_=type_,
        )

        three_kingdoms_bidding_closed.additional_properties = d
        return three_kingdoms_bidding_closed

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
