from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.abandon_request_result import AbandonRequestResult
from ..types import UNSET, Unset

T = TypeVar("T", bound="AbandonRequest")


@_attrs_define
class AbandonRequest:
    """
    Attributes:
        reason (str):
        result (AbandonRequestResult | Unset):  Default: AbandonRequestResult.NONE.
    """

    reason: str
    result: AbandonRequestResult | Unset = AbandonRequestResult.NONE

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        result: str | Unset = UNSET
        if not isinstance(self.result, Unset):
            result = self.result.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reason": reason,
            }
        )
        if result is not UNSET:
            field_dict["result"] = result

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = d.pop("reason")

        _result = d.pop("result", UNSET)
        result: AbandonRequestResult | Unset
        if isinstance(_result, Unset):
            result = UNSET
        else:
            result = AbandonRequestResult(_result)

        abandon_request = cls(
            reason=reason,
            result=result,
        )

        return abandon_request
