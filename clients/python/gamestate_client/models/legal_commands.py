from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.azul_place_tile import AzulPlaceTile
    from ..models.azul_take_tiles import AzulTakeTiles
    from ..models.carcassonne_place_tile import CarcassonnePlaceTile
    from ..models.castles_buy_corridor import CastlesBuyCorridor
    from ..models.castles_buy_room import CastlesBuyRoom
    from ..models.castles_choose_reward import CastlesChooseReward
    from ..models.castles_discard_bonus_card import CastlesDiscardBonusCard
    from ..models.castles_inspect_stack import CastlesInspectStack
    from ..models.castles_keep_bonus_card import CastlesKeepBonusCard
    from ..models.castles_pass import CastlesPass
    from ..models.castles_pick_tile import CastlesPickTile
    from ..models.castles_place_free_corridor import CastlesPlaceFreeCorridor
    from ..models.castles_set_price import CastlesSetPrice
    from ..models.castles_stop_picking import CastlesStopPicking
    from ..models.hearts_pass_cards import HeartsPassCards
    from ..models.hearts_play_card import HeartsPlayCard
    from ..models.splendor_buy_card import SplendorBuyCard
    from ..models.splendor_buy_reserved import SplendorBuyReserved
    from ..models.splendor_choose_noble import SplendorChooseNoble
    from ..models.splendor_pass import SplendorPass
    from ..models.splendor_reserve_card import SplendorReserveCard
    from ..models.splendor_reserve_from_deck import SplendorReserveFromDeck
    from ..models.splendor_return_tokens import SplendorReturnTokens
    from ..models.splendor_take_gems import SplendorTakeGems
    from ..models.three_kingdoms_add_bid_token import ThreeKingdomsAddBidToken
    from ..models.three_kingdoms_add_han_token import ThreeKingdomsAddHanToken
    from ..models.three_kingdoms_add_support import ThreeKingdomsAddSupport
    from ..models.three_kingdoms_add_unit import ThreeKingdomsAddUnit
    from ..models.three_kingdoms_bribe_tribe import ThreeKingdomsBribeTribe
    from ..models.three_kingdoms_build_development import ThreeKingdomsBuildDevelopment
    from ..models.three_kingdoms_choose_gain import ThreeKingdomsChooseGain
    from ..models.three_kingdoms_choose_next_action import ThreeKingdomsChooseNextAction
    from ..models.three_kingdoms_collect_taxes import ThreeKingdomsCollectTaxes
    from ..models.three_kingdoms_decline_benefit import ThreeKingdomsDeclineBenefit
    from ..models.three_kingdoms_demand_tribute import ThreeKingdomsDemandTribute
    from ..models.three_kingdoms_develop_farm import ThreeKingdomsDevelopFarm
    from ..models.three_kingdoms_develop_market import ThreeKingdomsDevelopMarket
    from ..models.three_kingdoms_end_action import ThreeKingdomsEndAction
    from ..models.three_kingdoms_finish_placement import ThreeKingdomsFinishPlacement
    from ..models.three_kingdoms_harvest import ThreeKingdomsHarvest
    from ..models.three_kingdoms_hire_instructors import ThreeKingdomsHireInstructors
    from ..models.three_kingdoms_import_technology import ThreeKingdomsImportTechnology
    from ..models.three_kingdoms_manipulate_emperor import ThreeKingdomsManipulateEmperor
    from ..models.three_kingdoms_occupy import ThreeKingdomsOccupy
    from ..models.three_kingdoms_pass import ThreeKingdomsPass
    from ..models.three_kingdoms_place_alliance import ThreeKingdomsPlaceAlliance
    from ..models.three_kingdoms_place_general import ThreeKingdomsPlaceGeneral
    from ..models.three_kingdoms_produce_weapons import ThreeKingdomsProduceWeapons
    from ..models.three_kingdoms_recruit_general import ThreeKingdomsRecruitGeneral
    from ..models.three_kingdoms_suppress_tribe import ThreeKingdomsSuppressTribe
    from ..models.three_kingdoms_take_benefit import ThreeKingdomsTakeBenefit
    from ..models.three_kingdoms_trade_rice import ThreeKingdomsTradeRice
    from ..models.three_kingdoms_trade_weapons import ThreeKingdomsTradeWeapons


T = TypeVar("T", bound="LegalCommands")


@_attrs_define
class LegalCommands:
    """
    Attributes:
        commands (list[AzulPlaceTile | AzulTakeTiles | CarcassonnePlaceTile | CastlesBuyCorridor | CastlesBuyRoom |
            CastlesChooseReward | CastlesDiscardBonusCard | CastlesInspectStack | CastlesKeepBonusCard | CastlesPass |
            CastlesPickTile | CastlesPlaceFreeCorridor | CastlesSetPrice | CastlesStopPicking | HeartsPassCards |
            HeartsPlayCard | SplendorBuyCard | SplendorBuyReserved | SplendorChooseNoble | SplendorPass |
            SplendorReserveCard | SplendorReserveFromDeck | SplendorReturnTokens | SplendorTakeGems |
            ThreeKingdomsAddBidToken | ThreeKingdomsAddHanToken | ThreeKingdomsAddSupport | ThreeKingdomsAddUnit |
            ThreeKingdomsBribeTribe | ThreeKingdomsBuildDevelopment | ThreeKingdomsChooseGain |
            ThreeKingdomsChooseNextAction | ThreeKingdomsCollectTaxes | ThreeKingdomsDeclineBenefit |
            ThreeKingdomsDemandTribute | ThreeKingdomsDevelopFarm | ThreeKingdomsDevelopMarket | ThreeKingdomsEndAction |
            ThreeKingdomsFinishPlacement | ThreeKingdomsHarvest | ThreeKingdomsHireInstructors |
            ThreeKingdomsImportTechnology | ThreeKingdomsManipulateEmperor | ThreeKingdomsOccupy | ThreeKingdomsPass |
            ThreeKingdomsPlaceAlliance | ThreeKingdomsPlaceGeneral | ThreeKingdomsProduceWeapons |
            ThreeKingdomsRecruitGeneral | ThreeKingdomsSuppressTribe | ThreeKingdomsTakeBenefit | ThreeKingdomsTradeRice |
            ThreeKingdomsTradeWeapons]):
        seat (int):
        to_act (list[int]):
        version (int):
    """

    commands: list[
        AzulPlaceTile
        | AzulTakeTiles
        | CarcassonnePlaceTile
        | CastlesBuyCorridor
        | CastlesBuyRoom
        | CastlesChooseReward
        | CastlesDiscardBonusCard
        | CastlesInspectStack
        | CastlesKeepBonusCard
        | CastlesPass
        | CastlesPickTile
        | CastlesPlaceFreeCorridor
        | CastlesSetPrice
        | CastlesStopPicking
        | HeartsPassCards
        | HeartsPlayCard
        | SplendorBuyCard
        | SplendorBuyReserved
        | SplendorChooseNoble
        | SplendorPass
        | SplendorReserveCard
        | SplendorReserveFromDeck
        | SplendorReturnTokens
        | SplendorTakeGems
        | ThreeKingdomsAddBidToken
        | ThreeKingdomsAddHanToken
        | ThreeKingdomsAddSupport
        | ThreeKingdomsAddUnit
        | ThreeKingdomsBribeTribe
        | ThreeKingdomsBuildDevelopment
        | ThreeKingdomsChooseGain
        | ThreeKingdomsChooseNextAction
        | ThreeKingdomsCollectTaxes
        | ThreeKingdomsDeclineBenefit
        | ThreeKingdomsDemandTribute
        | ThreeKingdomsDevelopFarm
        | ThreeKingdomsDevelopMarket
        | ThreeKingdomsEndAction
        | ThreeKingdomsFinishPlacement
        | ThreeKingdomsHarvest
        | ThreeKingdomsHireInstructors
        | ThreeKingdomsImportTechnology
        | ThreeKingdomsManipulateEmperor
        | ThreeKingdomsOccupy
        | ThreeKingdomsPass
        | ThreeKingdomsPlaceAlliance
        | ThreeKingdomsPlaceGeneral
        | ThreeKingdomsProduceWeapons
        | ThreeKingdomsRecruitGeneral
        | ThreeKingdomsSuppressTribe
        | ThreeKingdomsTakeBenefit
        | ThreeKingdomsTradeRice
        | ThreeKingdomsTradeWeapons
    ]
    seat: int
    to_act: list[int]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.azul_place_tile import AzulPlaceTile  # noqa: PLC0415
        from ..models.azul_take_tiles import AzulTakeTiles  # noqa: PLC0415
        from ..models.carcassonne_place_tile import CarcassonnePlaceTile  # noqa: PLC0415
        from ..models.castles_buy_corridor import CastlesBuyCorridor  # noqa: PLC0415
        from ..models.castles_buy_room import CastlesBuyRoom  # noqa: PLC0415
        from ..models.castles_choose_reward import CastlesChooseReward  # noqa: PLC0415
        from ..models.castles_discard_bonus_card import CastlesDiscardBonusCard  # noqa: PLC0415
        from ..models.castles_inspect_stack import CastlesInspectStack  # noqa: PLC0415
        from ..models.castles_keep_bonus_card import CastlesKeepBonusCard  # noqa: PLC0415
        from ..models.castles_pass import CastlesPass  # noqa: PLC0415
        from ..models.castles_pick_tile import CastlesPickTile  # noqa: PLC0415
        from ..models.castles_place_free_corridor import CastlesPlaceFreeCorridor  # noqa: PLC0415
        from ..models.castles_set_price import CastlesSetPrice  # noqa: PLC0415
        from ..models.castles_stop_picking import CastlesStopPicking  # noqa: PLC0415
        from ..models.hearts_pass_cards import HeartsPassCards  # noqa: PLC0415
        from ..models.hearts_play_card import HeartsPlayCard  # noqa: PLC0415
        from ..models.splendor_buy_card import SplendorBuyCard  # noqa: PLC0415
        from ..models.splendor_buy_reserved import SplendorBuyReserved  # noqa: PLC0415
        from ..models.splendor_choose_noble import SplendorChooseNoble  # noqa: PLC0415
        from ..models.splendor_pass import SplendorPass  # noqa: PLC0415
        from ..models.splendor_reserve_card import SplendorReserveCard  # noqa: PLC0415
        from ..models.splendor_reserve_from_deck import SplendorReserveFromDeck  # noqa: PLC0415
        from ..models.splendor_return_tokens import SplendorReturnTokens  # noqa: PLC0415
        from ..models.splendor_take_gems import SplendorTakeGems  # noqa: PLC0415
        from ..models.three_kingdoms_add_bid_token import ThreeKingdomsAddBidToken  # noqa: PLC0415
        from ..models.three_kingdoms_add_han_token import ThreeKingdomsAddHanToken  # noqa: PLC0415
        from ..models.three_kingdoms_add_support import ThreeKingdomsAddSupport  # noqa: PLC0415
        from ..models.three_kingdoms_add_unit import ThreeKingdomsAddUnit  # noqa: PLC0415
        from ..models.three_kingdoms_bribe_tribe import ThreeKingdomsBribeTribe  # noqa: PLC0415
        from ..models.three_kingdoms_build_development import ThreeKingdomsBuildDevelopment  # noqa: PLC0415
        from ..models.three_kingdoms_choose_gain import ThreeKingdomsChooseGain  # noqa: PLC0415
        from ..models.three_kingdoms_collect_taxes import ThreeKingdomsCollectTaxes  # noqa: PLC0415
        from ..models.three_kingdoms_decline_benefit import ThreeKingdomsDeclineBenefit  # noqa: PLC0415
        from ..models.three_kingdoms_demand_tribute import ThreeKingdomsDemandTribute  # noqa: PLC0415
        from ..models.three_kingdoms_develop_farm import ThreeKingdomsDevelopFarm  # noqa: PLC0415
        from ..models.three_kingdoms_develop_market import ThreeKingdomsDevelopMarket  # noqa: PLC0415
        from ..models.three_kingdoms_end_action import ThreeKingdomsEndAction  # noqa: PLC0415
        from ..models.three_kingdoms_finish_placement import ThreeKingdomsFinishPlacement  # noqa: PLC0415
        from ..models.three_kingdoms_harvest import ThreeKingdomsHarvest  # noqa: PLC0415
        from ..models.three_kingdoms_hire_instructors import ThreeKingdomsHireInstructors  # noqa: PLC0415
        from ..models.three_kingdoms_import_technology import ThreeKingdomsImportTechnology  # noqa: PLC0415
        from ..models.three_kingdoms_manipulate_emperor import ThreeKingdomsManipulateEmperor  # noqa: PLC0415
        from ..models.three_kingdoms_occupy import ThreeKingdomsOccupy  # noqa: PLC0415
        from ..models.three_kingdoms_pass import ThreeKingdomsPass  # noqa: PLC0415
        from ..models.three_kingdoms_place_alliance import ThreeKingdomsPlaceAlliance  # noqa: PLC0415
        from ..models.three_kingdoms_place_general import ThreeKingdomsPlaceGeneral  # noqa: PLC0415
        from ..models.three_kingdoms_produce_weapons import ThreeKingdomsProduceWeapons  # noqa: PLC0415
        from ..models.three_kingdoms_recruit_general import ThreeKingdomsRecruitGeneral  # noqa: PLC0415
        from ..models.three_kingdoms_suppress_tribe import ThreeKingdomsSuppressTribe  # noqa: PLC0415
        from ..models.three_kingdoms_take_benefit import ThreeKingdomsTakeBenefit  # noqa: PLC0415
        from ..models.three_kingdoms_trade_rice import ThreeKingdomsTradeRice  # noqa: PLC0415
        from ..models.three_kingdoms_trade_weapons import ThreeKingdomsTradeWeapons  # noqa: PLC0415

        commands = []
        for commands_item_data in self.commands:
            commands_item: dict[str, Any]
            if isinstance(commands_item_data, AzulTakeTiles):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, AzulPlaceTile):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, CarcassonnePlaceTile):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, CastlesDiscardBonusCard):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, CastlesSetPrice):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, CastlesBuyRoom):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, CastlesBuyCorridor):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, CastlesPass):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, CastlesPlaceFreeCorridor):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, CastlesKeepBonusCard):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, CastlesInspectStack):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, CastlesPickTile):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, CastlesStopPicking):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, CastlesChooseReward):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, HeartsPassCards):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, HeartsPlayCard):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, SplendorTakeGems):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, SplendorReserveCard):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, SplendorReserveFromDeck):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, SplendorBuyCard):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, SplendorBuyReserved):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, SplendorReturnTokens):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, SplendorChooseNoble):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, SplendorPass):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsRecruitGeneral):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsPlaceAlliance):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsPlaceGeneral):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsAddBidToken):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsAddSupport):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsAddHanToken):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsAddUnit):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsFinishPlacement):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsPass):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsDevelopFarm):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsHarvest):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsDevelopMarket):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsCollectTaxes):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsTradeRice):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsTradeWeapons):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsBuildDevelopment):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsHireInstructors):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsImportTechnology):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsProduceWeapons):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsDemandTribute):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsManipulateEmperor):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsOccupy):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsSuppressTribe):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsBribeTribe):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsChooseGain):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsTakeBenefit):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsDeclineBenefit):
                commands_item = commands_item_data.to_dict()
            elif isinstance(commands_item_data, ThreeKingdomsEndAction):
                commands_item = commands_item_data.to_dict()
            else:
                commands_item = commands_item_data.to_dict()

            commands.append(commands_item)

        seat = self.seat

        to_act = self.to_act

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commands": commands,
                "seat": seat,
                "to_act": to_act,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.azul_place_tile import AzulPlaceTile  # noqa: PLC0415
        from ..models.azul_take_tiles import AzulTakeTiles  # noqa: PLC0415
        from ..models.carcassonne_place_tile import CarcassonnePlaceTile  # noqa: PLC0415
        from ..models.castles_buy_corridor import CastlesBuyCorridor  # noqa: PLC0415
        from ..models.castles_buy_room import CastlesBuyRoom  # noqa: PLC0415
        from ..models.castles_choose_reward import CastlesChooseReward  # noqa: PLC0415
        from ..models.castles_discard_bonus_card import CastlesDiscardBonusCard  # noqa: PLC0415
        from ..models.castles_inspect_stack import CastlesInspectStack  # noqa: PLC0415
        from ..models.castles_keep_bonus_card import CastlesKeepBonusCard  # noqa: PLC0415
        from ..models.castles_pass import CastlesPass  # noqa: PLC0415
        from ..models.castles_pick_tile import CastlesPickTile  # noqa: PLC0415
        from ..models.castles_place_free_corridor import CastlesPlaceFreeCorridor  # noqa: PLC0415
        from ..models.castles_set_price import CastlesSetPrice  # noqa: PLC0415
        from ..models.castles_stop_picking import CastlesStopPicking  # noqa: PLC0415
        from ..models.hearts_pass_cards import HeartsPassCards  # noqa: PLC0415
        from ..models.hearts_play_card import HeartsPlayCard  # noqa: PLC0415
        from ..models.splendor_buy_card import SplendorBuyCard  # noqa: PLC0415
        from ..models.splendor_buy_reserved import SplendorBuyReserved  # noqa: PLC0415
        from ..models.splendor_choose_noble import SplendorChooseNoble  # noqa: PLC0415
        from ..models.splendor_pass import SplendorPass  # noqa: PLC0415
        from ..models.splendor_reserve_card import SplendorReserveCard  # noqa: PLC0415
        from ..models.splendor_reserve_from_deck import SplendorReserveFromDeck  # noqa: PLC0415
        from ..models.splendor_return_tokens import SplendorReturnTokens  # noqa: PLC0415
        from ..models.splendor_take_gems import SplendorTakeGems  # noqa: PLC0415
        from ..models.three_kingdoms_add_bid_token import ThreeKingdomsAddBidToken  # noqa: PLC0415
        from ..models.three_kingdoms_add_han_token import ThreeKingdomsAddHanToken  # noqa: PLC0415
        from ..models.three_kingdoms_add_support import ThreeKingdomsAddSupport  # noqa: PLC0415
        from ..models.three_kingdoms_add_unit import ThreeKingdomsAddUnit  # noqa: PLC0415
        from ..models.three_kingdoms_bribe_tribe import ThreeKingdomsBribeTribe  # noqa: PLC0415
        from ..models.three_kingdoms_build_development import ThreeKingdomsBuildDevelopment  # noqa: PLC0415
        from ..models.three_kingdoms_choose_gain import ThreeKingdomsChooseGain  # noqa: PLC0415
        from ..models.three_kingdoms_choose_next_action import ThreeKingdomsChooseNextAction  # noqa: PLC0415
        from ..models.three_kingdoms_collect_taxes import ThreeKingdomsCollectTaxes  # noqa: PLC0415
        from ..models.three_kingdoms_decline_benefit import ThreeKingdomsDeclineBenefit  # noqa: PLC0415
        from ..models.three_kingdoms_demand_tribute import ThreeKingdomsDemandTribute  # noqa: PLC0415
        from ..models.three_kingdoms_develop_farm import ThreeKingdomsDevelopFarm  # noqa: PLC0415
        from ..models.three_kingdoms_develop_market import ThreeKingdomsDevelopMarket  # noqa: PLC0415
        from ..models.three_kingdoms_end_action import ThreeKingdomsEndAction  # noqa: PLC0415
        from ..models.three_kingdoms_finish_placement import ThreeKingdomsFinishPlacement  # noqa: PLC0415
        from ..models.three_kingdoms_harvest import ThreeKingdomsHarvest  # noqa: PLC0415
        from ..models.three_kingdoms_hire_instructors import ThreeKingdomsHireInstructors  # noqa: PLC0415
        from ..models.three_kingdoms_import_technology import ThreeKingdomsImportTechnology  # noqa: PLC0415
        from ..models.three_kingdoms_manipulate_emperor import ThreeKingdomsManipulateEmperor  # noqa: PLC0415
        from ..models.three_kingdoms_occupy import ThreeKingdomsOccupy  # noqa: PLC0415
        from ..models.three_kingdoms_pass import ThreeKingdomsPass  # noqa: PLC0415
        from ..models.three_kingdoms_place_alliance import ThreeKingdomsPlaceAlliance  # noqa: PLC0415
        from ..models.three_kingdoms_place_general import ThreeKingdomsPlaceGeneral  # noqa: PLC0415
        from ..models.three_kingdoms_produce_weapons import ThreeKingdomsProduceWeapons  # noqa: PLC0415
        from ..models.three_kingdoms_recruit_general import ThreeKingdomsRecruitGeneral  # noqa: PLC0415
        from ..models.three_kingdoms_suppress_tribe import ThreeKingdomsSuppressTribe  # noqa: PLC0415
        from ..models.three_kingdoms_take_benefit import ThreeKingdomsTakeBenefit  # noqa: PLC0415
        from ..models.three_kingdoms_trade_rice import ThreeKingdomsTradeRice  # noqa: PLC0415
        from ..models.three_kingdoms_trade_weapons import ThreeKingdomsTradeWeapons  # noqa: PLC0415

        d = dict(src_dict)
        commands = []
        _commands = d.pop("commands")
        for commands_item_data in _commands:

            def _parse_commands_item(
                data: object,
            ) -> (
                AzulPlaceTile
                | AzulTakeTiles
                | CarcassonnePlaceTile
                | CastlesBuyCorridor
                | CastlesBuyRoom
                | CastlesChooseReward
                | CastlesDiscardBonusCard
                | CastlesInspectStack
                | CastlesKeepBonusCard
                | CastlesPass
                | CastlesPickTile
                | CastlesPlaceFreeCorridor
                | CastlesSetPrice
                | CastlesStopPicking
                | HeartsPassCards
                | HeartsPlayCard
                | SplendorBuyCard
                | SplendorBuyReserved
                | SplendorChooseNoble
                | SplendorPass
                | SplendorReserveCard
                | SplendorReserveFromDeck
                | SplendorReturnTokens
                | SplendorTakeGems
                | ThreeKingdomsAddBidToken
                | ThreeKingdomsAddHanToken
                | ThreeKingdomsAddSupport
                | ThreeKingdomsAddUnit
                | ThreeKingdomsBribeTribe
                | ThreeKingdomsBuildDevelopment
                | ThreeKingdomsChooseGain
                | ThreeKingdomsChooseNextAction
                | ThreeKingdomsCollectTaxes
                | ThreeKingdomsDeclineBenefit
                | ThreeKingdomsDemandTribute
                | ThreeKingdomsDevelopFarm
                | ThreeKingdomsDevelopMarket
                | ThreeKingdomsEndAction
                | ThreeKingdomsFinishPlacement
                | ThreeKingdomsHarvest
                | ThreeKingdomsHireInstructors
                | ThreeKingdomsImportTechnology
                | ThreeKingdomsManipulateEmperor
                | ThreeKingdomsOccupy
                | ThreeKingdomsPass
                | ThreeKingdomsPlaceAlliance
                | ThreeKingdomsPlaceGeneral
                | ThreeKingdomsProduceWeapons
                | ThreeKingdomsRecruitGeneral
                | ThreeKingdomsSuppressTribe
                | ThreeKingdomsTakeBenefit
                | ThreeKingdomsTradeRice
                | ThreeKingdomsTradeWeapons
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_0 = AzulTakeTiles.from_dict(data)

                    return commands_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_1 = AzulPlaceTile.from_dict(data)

                    return commands_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_2 = CarcassonnePlaceTile.from_dict(data)

                    return commands_item_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_3 = CastlesDiscardBonusCard.from_dict(data)

                    return commands_item_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_4 = CastlesSetPrice.from_dict(data)

                    return commands_item_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_5 = CastlesBuyRoom.from_dict(data)

                    return commands_item_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_6 = CastlesBuyCorridor.from_dict(data)

                    return commands_item_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_7 = CastlesPass.from_dict(data)

                    return commands_item_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_8 = CastlesPlaceFreeCorridor.from_dict(data)

                    return commands_item_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_9 = CastlesKeepBonusCard.from_dict(data)

                    return commands_item_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_10 = CastlesInspectStack.from_dict(data)

                    return commands_item_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_11 = CastlesPickTile.from_dict(data)

                    return commands_item_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_12 = CastlesStopPicking.from_dict(data)

                    return commands_item_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_13 = CastlesChooseReward.from_dict(data)

                    return commands_item_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_14 = HeartsPassCards.from_dict(data)

                    return commands_item_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_15 = HeartsPlayCard.from_dict(data)

                    return commands_item_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_16 = SplendorTakeGems.from_dict(data)

                    return commands_item_type_16
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_17 = SplendorReserveCard.from_dict(data)

                    return commands_item_type_17
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_18 = SplendorReserveFromDeck.from_dict(data)

                    return commands_item_type_18
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_19 = SplendorBuyCard.from_dict(data)

                    return commands_item_type_19
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_20 = SplendorBuyReserved.from_dict(data)

                    return commands_item_type_20
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_21 = SplendorReturnTokens.from_dict(data)

                    return commands_item_type_21
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_22 = SplendorChooseNoble.from_dict(data)

                    return commands_item_type_22
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_23 = SplendorPass.from_dict(data)

                    return commands_item_type_23
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_24 = ThreeKingdomsRecruitGeneral.from_dict(data)

                    return commands_item_type_24
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_25 = ThreeKingdomsPlaceAlliance.from_dict(data)

                    return commands_item_type_25
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_26 = ThreeKingdomsPlaceGeneral.from_dict(data)

                    return commands_item_type_26
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_27 = ThreeKingdomsAddBidToken.from_dict(data)

                    return commands_item_type_27
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_28 = ThreeKingdomsAddSupport.from_dict(data)

                    return commands_item_type_28
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_29 = ThreeKingdomsAddHanToken.from_dict(data)

                    return commands_item_type_29
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_30 = ThreeKingdomsAddUnit.from_dict(data)

                    return commands_item_type_30
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_31 = ThreeKingdomsFinishPlacement.from_dict(data)

                    return commands_item_type_31
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_32 = ThreeKingdomsPass.from_dict(data)

                    return commands_item_type_32
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_33 = ThreeKingdomsDevelopFarm.from_dict(data)

                    return commands_item_type_33
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_34 = ThreeKingdomsHarvest.from_dict(data)

                    return commands_item_type_34
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_35 = ThreeKingdomsDevelopMarket.from_dict(data)

                    return commands_item_type_35
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_36 = ThreeKingdomsCollectTaxes.from_dict(data)

                    return commands_item_type_36
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_37 = ThreeKingdomsTradeRice.from_dict(data)

                    return commands_item_type_37
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_38 = ThreeKingdomsTradeWeapons.from_dict(data)

                    return commands_item_type_38
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_39 = ThreeKingdomsBuildDevelopment.from_dict(data)

                    return commands_item_type_39
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_40 = ThreeKingdomsHireInstructors.from_dict(data)

                    return commands_item_type_40
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_41 = ThreeKingdomsImportTechnology.from_dict(data)

                    return commands_item_type_41
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_42 = ThreeKingdomsProduceWeapons.from_dict(data)

                    return commands_item_type_42
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_43 = ThreeKingdomsDemandTribute.from_dict(data)

                    return commands_item_type_43
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_44 = ThreeKingdomsManipulateEmperor.from_dict(data)

                    return commands_item_type_44
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_45 = ThreeKingdomsOccupy.from_dict(data)

                    return commands_item_type_45
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_46 = ThreeKingdomsSuppressTribe.from_dict(data)

                    return commands_item_type_46
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_47 = ThreeKingdomsBribeTribe.from_dict(data)

                    return commands_item_type_47
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_48 = ThreeKingdomsChooseGain.from_dict(data)

                    return commands_item_type_48
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_49 = ThreeKingdomsTakeBenefit.from_dict(data)

                    return commands_item_type_49
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_50 = ThreeKingdomsDeclineBenefit.from_dict(data)

                    return commands_item_type_50
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    commands_item_type_51 = ThreeKingdomsEndAction.from_dict(data)

                    return commands_item_type_51
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                commands_item_type_52 = ThreeKingdomsChooseNextAction.from_dict(data)

                return commands_item_type_52

            commands_item = _parse_commands_item(commands_item_data)

            commands.append(commands_item)

        seat = d.pop("seat")

        to_act = cast(list[int], d.pop("to_act"))

        version = d.pop("version")

        legal_commands = cls(
            commands=commands,
            seat=seat,
            to_act=to_act,
            version=version,
        )

        legal_commands.additional_properties = d
        return legal_commands

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
