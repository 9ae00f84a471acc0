from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.castles_deck_tile_view import CastlesDeckTileView
    from ..models.castles_final_score import CastlesFinalScore
    from ..models.castles_offer import CastlesOffer
    from ..models.castles_pending_view import CastlesPendingView
    from ..models.castles_seat_view import CastlesSeatView


T = TypeVar("T", bound="CastlesView")


@_attrs_define
class CastlesView:
    """
    Attributes:
        bonus_deck_count (int):
        builder (int):
        corridor_used (bool):
        current (int):
        deck_count (int):
        deck_top (list[CastlesDeckTileView]):
        extra_turns (int):
        favors (list[int]):
        final (list[CastlesFinalScore]):
        game (Literal['castles']):
        hallways (int):
        inspected (list[int]):
        inspecting (int):
        last_round (bool):
        order (list[int]):
        pending (list[CastlesPendingView]):
        phase (str):
        picked (list[int]):
        picked_count (int):
        players (int):
        pool (list[CastlesOffer]):
        prices (list[int]):
        removed (int):
        round_ (int):
        seats (list[CastlesSeatView]):
        slots (list[CastlesOffer]):
        stack_counts (list[int]):
        stairs (int):
        used_cards (list[int]):
    """

    bonus_deck_count: int
    builder: int
    corridor_used: bool
    current: int
    deck_count: int
    deck_top: list[CastlesDeckTileView]
    extra_turns: int
    favors: list[int]
    final: list[CastlesFinalScore]
    game: Literal["castles"]
    hallways: int
    inspected: list[int]
    inspecting: int
    last_round: bool
    order: list[int]
    pending: list[CastlesPendingView]
    phase: str
    picked: list[int]
    picked_count: int
    players: int
    pool: list[CastlesOffer]
    prices: list[int]
    removed: int
    round_: int
    seats: list[CastlesSeatView]
    slots: list[CastlesOffer]
    stack_counts: list[int]
    stairs: int
    used_cards: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bonus_deck_count = self.bonus_deck_count

        builder = self.builder

        corridor_used = self.corridor_used

        current = self.current

        deck_count = self.deck_count

        deck_top = []
        for deck_top_item_data in self.deck_top:
            deck_top_item = deck_top_item_data.to_dict()
            deck_top.append(deck_top_item)

        extra_turns = self.extra_turns

        favors = self.favors

        final = []
        for final_item_data in self.final:
            final_item = final_item_data.to_dict()
            final.append(final_item)

        game = self.game

        hallways = self.hallways

        inspected = self.inspected

        inspecting = self.inspecting

        last_round = self.last_round

        order = self.order

        pending = []
        for pending_item_data in self.pending:
            pending_item = pending_item_data.to_dict()
            pending.append(pending_item)

        phase = self.phase

        picked = self.picked

        picked_count = self.picked_count

        players = self.players

        pool = []
        for pool_item_data in self.pool:
            pool_item = pool_item_data.to_dict()
            pool.append(pool_item)

        prices = self.prices

        removed = self.removed

        round_ = self.round_

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        slots = []
        for slots_item_data in self.slots:
            slots_item = slots_item_data.to_dict()
            slots.append(slots_item)

        stack_counts = self.stack_counts

        stairs = self.stairs

        used_cards = self.used_cards

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bonus_deck_count": bonus_deck_count,
                "builder": builder,
                "corridor_used": corridor_used,
                "current": current,
                "deck_count": deck_count,
                "deck_top": deck_top,
                "extra_turns": extra_turns,
                "favors": favors,
                "final": final,
                "game": game,
                "hallways": hallways,
                "inspected": inspected,
                "inspecting": inspecting,
                "last_round": last_round,
                "order": order,
                "pending": pending,
                "phase": phase,
                "picked": picked,
                "picked_count": picked_count,
                "players": players,
                "pool": pool,
                "prices": prices,
                "removed": removed,
                "round": round_,
                "seats": seats,
                "slots": slots,
                "stack_counts": stack_counts,
                "stairs": stairs,
                "used_cards": used_cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.castles_deck_tile_view import CastlesDeckTileView  # noqa: PLC0415
        from ..models.castles_final_score import CastlesFinalScore  # noqa: PLC0415
        from ..models.castles_offer import CastlesOffer  # noqa: PLC0415
        from ..models.castles_pending_view import CastlesPendingView  # noqa: PLC0415
        from ..models.castles_seat_view import CastlesSeatView  # noqa: PLC0415

        d = dict(src_dict)
        bonus_deck_count = d.pop("bonus_deck_count")

        builder = d.pop("builder")

        corridor_used = d.pop("corridor_used")

        current = d.pop("current")

        deck_count = d.pop("deck_count")

        deck_top = []
        _deck_top = d.pop("deck_top")
        for deck_top_item_data in _deck_top:
            deck_top_item = CastlesDeckTileView.from_dict(deck_top_item_data)

            deck_top.append(deck_top_item)

        extra_turns = d.pop("extra_turns")

        favors = cast(list[int], d.pop("favors"))

        final = []
        _final = d.pop("final")
        for final_item_data in _final:
            final_item = CastlesFinalScore.from_dict(final_item_data)

            final.append(final_item)

        game = cast(Literal["castles"], d.pop("game"))
        if game != "castles":
            raise ValueError(f"game must match const 'castles', got '{game}'")

        hallways = d.pop("hallways")

        inspected = cast(list[int], d.pop("inspected"))

        inspecting = d.pop("inspecting")

        last_round = d.pop("last_round")

        order = cast(list[int], d.pop("order"))

        pending = []
        _pending = d.pop("pending")
        for pending_item_data in _pending:
            pending_item = CastlesPendingView.from_dict(pending_item_data)

            pending.append(pending_item)

        phase = d.pop("phase")

        picked = cast(list[int], d.pop("picked"))

        picked_count = d.pop("picked_count")

        players = d.pop("players")

        pool = []
        _pool = d.pop("pool")
        for pool_item_data in _pool:
            pool_item = CastlesOffer.from_dict(pool_item_data)

            pool.append(pool_item)

        prices = cast(list[int], d.pop("prices"))

        removed = d.pop("removed")

        round_ = d.pop("round")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = CastlesSeatView.from_dict(seats_item_data)

            seats.append(seats_item)

        slots = []
        _slots = d.pop("slots")
        for slots_item_data in _slots:
            slots_item = CastlesOffer.from_dict(slots_item_data)

            slots.append(slots_item)

        stack_counts = cast(list[int], d.pop("stack_counts"))

        stairs = d.pop("stairs")

        used_cards = cast(list[int], d.pop("used_cards"))

        castles_view = cls(
            bonus_deck_count=bonus_deck_count,
            builder=builder,
            corridor_used=corridor_used,
            current=current,
            deck_count=deck_count,
            deck_top=deck_top,
            extra_turns=extra_turns,
            favors=favors,
            final=final,
            game=game,
            hallways=hallways,
            inspected=inspected,
            inspecting=inspecting,
            last_round=last_round,
            order=order,
            pending=pending,
            phase=phase,
            picked=picked,
            picked_count=picked_count,
            players=players,
            pool=pool,
            prices=prices,
            removed=removed,
            round_=round_,
            seats=seats,
            slots=slots,
            stack_counts=stack_counts,
            stairs=stairs,
            used_cards=used_cards,
        )

        castles_view.additional_properties = d
        return castles_view

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
