"""Content packs: the standard pack, option handling and validation errors."""

from __future__ import annotations

import importlib.resources
import json

import pytest

from domain._kernel import DomainError, Rng
from domain.three_kingdoms import SPEC, ThreeKingdomsOptions
from domain.three_kingdoms.data import load_pack
from domain.three_kingdoms.validation import parse_pack

RAW = (
    importlib.resources.files("domain.three_kingdoms").joinpath("packs/standard.json").read_bytes()
)


def standard() -> dict:
    return json.loads(RAW)


def refused(doc) -> DomainError:
    raw = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    with pytest.raises(DomainError) as error:
        parse_pack(raw)
    assert error.value.code == "three_kingdoms/content_pack_invalid"
    return error.value


def test_the_standard_pack_is_valid_and_complete():
    pack = load_pack("standard")
    assert len(pack.generals) == 69
    assert {k: sum(g.kingdom == k for g in pack.generals) for k in ("wei", "wu", "shu")} == {
        "wei": 23,
        "wu": 23,
        "shu": 23,
    }
    assert sum(d.deck == "unification" for d in pack.developments) == 21
    assert sum(d.deck == "separation" for d in pack.developments) == 21


def test_every_invented_card_is_marked_provisional():
    doc = standard()
    assert all(g["provisional"] for g in doc["generals"])
    assert all(d["provisional"] for d in doc["developments"])
    assert "provisional" in SPEC.notes


def test_pack_prices_are_the_reading_without_arbitrage():
    prices = load_pack("standard").prices
    assert (
        prices.rice.lot,
        prices.rice.sell_gold,
        prices.rice.buy_gold,
        prices.rice.max_trades,
    ) == (4, 3, 5, 3)
    assert (
        prices.weapons.lot,
        prices.weapons.sell_gold,
        prices.weapons.buy_gold,
        prices.weapons.max_trades,
    ) == (3, 5, 7, 2)


def test_bad_json_is_refused_with_a_clear_error():
    error = refused(b"{not json")
    assert "not a valid pack document" in error.detail


def test_unknown_fields_are_refused():
    doc = standard()
    doc["generals"][0]["charisma"] = 3
    assert "charisma" in refused(doc).detail


def test_unknown_leader_reference_is_refused():
    doc = standard()
    doc["kingdoms"][0]["leader"] = "lu_bu"
    assert "lu_bu" in refused(doc).detail


def test_unknown_action_in_a_trigger_is_refused():
    doc = standard()
    doc["developments"][0]["abilities"][0]["action"] = "raid"
    assert "raid" in refused(doc).detail


def test_duplicate_ids_are_refused():
    doc = standard()
    doc["generals"][1]["id"] = doc["generals"][2]["id"]
    assert "duplicate" in refused(doc).detail


def test_too_few_generals_for_a_kingdom_is_refused():
    doc = standard()
    doc["generals"] = [
        g
        for g in doc["generals"]
        if g["kingdom"] != "shu" or g["leader"] or g["id"] in ("guan_yu", "zhang_fei")
    ]
    assert "shu" in refused(doc).detail


def test_a_recruitment_keeping_more_than_it_draws_is_refused():
    doc = standard()
    doc["kingdoms"][1]["recruits"][1]["draw"] = 1
    assert "keep more than it draws" in refused(doc).detail


def test_wrong_kingdom_list_is_refused():
    doc = standard()
    doc["kingdoms"] = doc["kingdoms"][:2]
    assert "wei, wu, shu" in refused(doc).detail


def test_a_deck_too_small_for_the_deal_is_refused():
    doc = standard()
    doc["developments"] = [d for d in doc["developments"] if d["deck"] != "separation"][:21] + [
        d for d in doc["developments"] if d["deck"] == "separation"
    ][:4]
    assert "separation" in refused(doc).detail


def test_prices_with_an_arbitrage_loop_are_refused():
    doc = standard()
    doc["prices"]["rice"]["buy_gold"] = 3
    doc["prices"]["rice"]["sell_gold"] = 5
    assert "risk-free loop" in refused(doc).detail


def test_borders_must_join_each_pair_of_kingdoms_once():
    doc = standard()
    doc["borders"][2]["kingdoms"] = ["wei", "wu"]
    assert "border" in refused(doc).detail


def test_unknown_pack_name_is_refused_at_start():
    setup = SPEC.new_setup(3, ThreeKingdomsOptions(content_pack="official"))
    with pytest.raises(DomainError) as error:
        SPEC.start(setup, Rng("s", 0))
    assert error.value.code == "three_kingdoms/content_pack_unknown"


def test_unsafe_pack_name_is_refused_at_start():
    setup = SPEC.new_setup(3, ThreeKingdomsOptions(content_pack="../../etc/passwd"))
    with pytest.raises(DomainError) as error:
        SPEC.start(setup, Rng("s", 0))
    assert error.value.code == "three_kingdoms/content_pack_invalid"


def test_an_alternative_pack_drives_the_whole_game_without_code_changes(monkeypatch):
    from domain._kernel import playout
    from domain.three_kingdoms import data, rules

    doc = standard()
    doc["name"] = "variant"
    doc["rounds"] = 6
    doc["prices"]["rice"] = {"lot": 2, "sell_gold": 1, "buy_gold": 3, "max_trades": 1}
    for kingdom in doc["kingdoms"]:
        kingdom["recruits"] = [{"round": 2, "count": 1}]
        kingdom["start"]["gold"] = 9
    variant = parse_pack(json.dumps(doc).encode())
    original = data.load_pack

    def fake(name: str):
        return variant if name == "variant" else original(name)

    monkeypatch.setattr(data, "load_pack", fake)
    monkeypatch.setattr(rules, "load_pack", fake)
    setup = SPEC.new_setup(3, ThreeKingdomsOptions(content_pack="variant"))
    final, _ = playout(SPEC, setup, "variant-seed")
    assert final.pack == "variant" and final.round <= 6 and final.phase == "over"
    assert all(len(p.generals) == k + 1 for p, k in zip(final.players, (5, 4, 3), strict=True))
    data.catalog.cache_clear()
