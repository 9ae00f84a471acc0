"""Content packs: the standard pack, option handling and validation errors."""

from __future__ import annotations

import importlib.resources
import json

import pytest

from domain._kernel import DomainError, Rng
from domain.three_kingdoms import SPEC, ThreeKingdomsOptions
from domain.three_kingdoms.data import forget_pack, load_pack, register_pack
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


# --- Provisional content, and an official pack loaded from a file (docs/content-packs.md) ---


def test_the_standard_pack_is_provisional_and_the_game_says_why():
    """The 69 generals, 42 state-development cards and the starting amounts are provisional
    stand-ins: the game's catalogue entry and every game played with the pack say so."""
    assert SPEC.content_status == "provisional"
    assert "69 of 69 generals" in SPEC.content_note
    assert "42 of 42 state-development cards" in SPEC.content_note
    assert "starting amounts" in SPEC.content_note
    assert SPEC.content(ThreeKingdomsOptions()) == (SPEC.content_status, SPEC.content_note)


def official_doc(name: str = "official-test") -> dict:
    """A stand-in for an official pack: the standard pack with nothing marked provisional."""
    doc = standard()
    doc["name"] = name
    doc["version"] = "2014"
    for section in ("generals", "developments", "kingdoms", "borders"):
        for item in doc[section]:
            item.pop("provisional", None)
    doc["tribe_action"].pop("provisional", None)
    for token in doc["tracks"].get("deficit_tokens", []):
        token.pop("provisional", None)
    return doc


@pytest.fixture
def pack_file(tmp_path):
    path = tmp_path / "official-test.json"
    path.write_text(json.dumps(official_doc()))
    yield path
    forget_pack("official-test")


def test_a_second_pack_loads_from_a_file_and_plays(pack_file):
    from domain.testing import check_playout

    options = ThreeKingdomsOptions(content_pack="official-test")
    with pytest.raises(DomainError) as unknown:
        SPEC.start(SPEC.new_setup(3, options), Rng("x", 0))
    assert unknown.value.code == "three_kingdoms/content_pack_unknown"
    pack = register_pack(pack_file.read_bytes())
    assert pack.name == "official-test"
    assert load_pack("official-test") is pack
    assert SPEC.content(options) == (
        "official",
        "content pack 'official-test' (version 2014) marks nothing provisional",
    )
    register_pack(pack_file.read_bytes())  # loading the same file again is harmless
    check_playout(SPEC, 3, "official-pack", options)


def test_a_pack_file_with_an_error_is_refused_saying_what_is_wrong(tmp_path):
    doc = official_doc("broken")
    doc["generals"][0]["kingdom"] = "jin"
    with pytest.raises(DomainError) as refused:
        register_pack(json.dumps(doc).encode())
    assert refused.value.code == "three_kingdoms/content_pack_invalid"
    assert "unknown kingdom 'jin'" in refused.value.detail
    with pytest.raises(DomainError):
        load_pack("broken")


def test_a_loaded_pack_cannot_take_a_shipped_name_or_change_a_loaded_one(pack_file):
    with pytest.raises(DomainError) as shipped:
        register_pack(json.dumps(official_doc("standard")).encode())
    assert "shipped" in shipped.value.detail
    register_pack(pack_file.read_bytes())
    changed = official_doc()
    changed["generals"][0]["combat"] = 1
    with pytest.raises(DomainError) as clash:
        register_pack(json.dumps(changed).encode())
    assert "already loaded" in clash.value.detail


# Issue #31, item 10: every number of a pack is checked against its documented range (a
# starting rice of 10**18 was accepted).
OUT_OF_RANGE = [
    (("kingdoms", 0, "start", "rice"), 10**18, "kingdoms[0].start.rice is 10000"),
    (("kingdoms", 2, "bid_tokens"), 10**6, "kingdoms[2].bid_tokens"),
    (("kingdoms", 1, "developments", "unification"), 500, "kingdoms[1].developments.unif"),
    (("generals", 3, "combat"), 10, "generals[3].combat is 10, outside its range 0..9"),
    (("developments", 0, "cost", "gold"), 100, "developments[0].cost.gold"),
    (("developments", 0, "vp"), -(10**9), "developments[0].vp"),
    (("prices", "rice", "max_trades"), 10**4, "prices.rice.max_trades"),
    (("prices", "harvest_rice"), 10**12, "prices.harvest_rice"),
    (("tracks", "han_token_vp"), 10**5, "tracks.han_token_vp"),
    (("tracks", "rank_vp", 0), 1000, "tracks.rank_vp[0]"),
    (("tribe_action", "bribe_gain"), 2**63, "tribe_action.bribe_gain"),
]


def _at(doc, path):
    for key in path[:-1]:
        doc = doc[key]
    return doc, path[-1]


@pytest.mark.parametrize(("path", "value", "said"), OUT_OF_RANGE)
def test_a_number_outside_its_documented_range_is_refused(path, value, said) -> None:
    doc = standard()
    parent, key = _at(doc, path)
    parent[key] = value
    error = refused(doc)
    assert said in error.detail and "outside its range" in error.detail


def test_an_effects_gain_is_checked_where_it_is_nested() -> None:
    doc = standard()
    effect = next(
        effect
        for general in doc["generals"]
        for ability in general.get("abilities", [])
        for effect in ability["effects"]
        if effect.get("gain")
    )
    effect["gain"]["gold"] = 10**18
    assert "abilities" in refused(doc).detail


def test_every_number_of_the_schema_has_a_documented_range() -> None:
    """The standard pack holds every field (defaults included): each number found a range,
    and the ranges the docs list are the code's."""
    from pathlib import Path

    from domain.three_kingdoms.validation import RANGES

    parse_pack(RAW)
    doc = (Path(__file__).resolve().parents[3] / "docs" / "content-packs.md").read_text()
    for pattern, low, high in RANGES:
        assert f"| `{pattern}` | {low} | {high} |" in doc, pattern
