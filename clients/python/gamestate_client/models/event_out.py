from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.azul_bag_refilled import AzulBagRefilled
    from ..models.azul_bonuses_scored import AzulBonusesScored
    from ..models.azul_factories_filled import AzulFactoriesFilled
    from ..models.azul_floor_scored import AzulFloorScored
    from ..models.azul_game_ended import AzulGameEnded
    from ..models.azul_line_dropped import AzulLineDropped
    from ..models.azul_line_tiled import AzulLineTiled
    from ..models.azul_tiles_taken import AzulTilesTaken
    from ..models.azul_tiling_started import AzulTilingStarted
    from ..models.carcassonne_deck_shuffled import CarcassonneDeckShuffled
    from ..models.carcassonne_farm_scored import CarcassonneFarmScored
    from ..models.carcassonne_feature_scored import CarcassonneFeatureScored
    from ..models.carcassonne_follower_placed import CarcassonneFollowerPlaced
    from ..models.carcassonne_game_ended import CarcassonneGameEnded
    from ..models.carcassonne_start_tile_placed import CarcassonneStartTilePlaced
    from ..models.carcassonne_tile_discarded import CarcassonneTileDiscarded
    from ..models.carcassonne_tile_drawn import CarcassonneTileDrawn
    from ..models.carcassonne_tile_placed import CarcassonneTilePlaced
    from ..models.castles_bonus_card_discarded import CastlesBonusCardDiscarded
    from ..models.castles_bonus_card_kept import CastlesBonusCardKept
    from ..models.castles_buying_started import CastlesBuyingStarted
    from ..models.castles_corridor_bought import CastlesCorridorBought
    from ..models.castles_downstairs_reward_chosen import CastlesDownstairsRewardChosen
    from ..models.castles_extra_turn_granted import CastlesExtraTurnGranted
    from ..models.castles_free_corridor_placed import CastlesFreeCorridorPlaced
    from ..models.castles_game_ended import CastlesGameEnded
    from ..models.castles_game_set_up import CastlesGameSetUp
    from ..models.castles_marks_received import CastlesMarksReceived
    from ..models.castles_passed import CastlesPassed
    from ..models.castles_placement_scored import CastlesPlacementScored
    from ..models.castles_points_scored import CastlesPointsScored
    from ..models.castles_price_set import CastlesPriceSet
    from ..models.castles_reward_forfeited import CastlesRewardForfeited
    from ..models.castles_reward_queued import CastlesRewardQueued
    from ..models.castles_room_bought import CastlesRoomBought
    from ..models.castles_room_completed import CastlesRoomCompleted
    from ..models.castles_round_ended import CastlesRoundEnded
    from ..models.castles_sleeping_reward_done import CastlesSleepingRewardDone
    from ..models.castles_stack_inspected import CastlesStackInspected
    from ..models.castles_tile_picked import CastlesTilePicked
    from ..models.castles_tiles_revealed import CastlesTilesRevealed
    from ..models.castles_turn_started import CastlesTurnStarted
    from ..models.clocks_paused import ClocksPaused
    from ..models.clocks_resumed import ClocksResumed
    from ..models.clocks_set import ClocksSet
    from ..models.game_abandoned import GameAbandoned
    from ..models.game_ended import GameEnded
    from ..models.hearts_card_played import HeartsCardPlayed
    from ..models.hearts_cards_passed import HeartsCardsPassed
    from ..models.hearts_game_ended import HeartsGameEnded
    from ..models.hearts_hand_dealt import HeartsHandDealt
    from ..models.hearts_hand_scored import HeartsHandScored
    from ..models.hearts_pass_completed import HeartsPassCompleted
    from ..models.hearts_play_began import HeartsPlayBegan
    from ..models.hearts_trick_taken import HeartsTrickTaken
    from ..models.played_by import PlayedBy
    from ..models.seat_auto_played import SeatAutoPlayed
    from ..models.seat_rejoined import SeatRejoined
    from ..models.seat_resigned import SeatResigned
    from ..models.splendor_card_bought import SplendorCardBought
    from ..models.splendor_card_reserved import SplendorCardReserved
    from ..models.splendor_game_ended import SplendorGameEnded
    from ..models.splendor_game_set_up import SplendorGameSetUp
    from ..models.splendor_gems_taken import SplendorGemsTaken
    from ..models.splendor_noble_choice_offered import SplendorNobleChoiceOffered
    from ..models.splendor_noble_visited import SplendorNobleVisited
    from ..models.splendor_passed import SplendorPassed
    from ..models.splendor_return_required import SplendorReturnRequired
    from ..models.splendor_tokens_returned import SplendorTokensReturned
    from ..models.splendor_turn_ended import SplendorTurnEnded
    from ..models.three_kingdoms_action_ended import ThreeKingdomsActionEnded
    from ..models.three_kingdoms_action_started import ThreeKingdomsActionStarted
    from ..models.three_kingdoms_action_step_taken import ThreeKingdomsActionStepTaken
    from ..models.three_kingdoms_alliance_placed import ThreeKingdomsAlliancePlaced
    from ..models.three_kingdoms_benefit_resolved import ThreeKingdomsBenefitResolved
    from ..models.three_kingdoms_benefits_offered import ThreeKingdomsBenefitsOffered
    from ..models.three_kingdoms_bid_raised import ThreeKingdomsBidRaised
    from ..models.three_kingdoms_bidding_closed import ThreeKingdomsBiddingClosed
    from ..models.three_kingdoms_border_occupied import ThreeKingdomsBorderOccupied
    from ..models.three_kingdoms_choice_made import ThreeKingdomsChoiceMade
    from ..models.three_kingdoms_choice_offered import ThreeKingdomsChoiceOffered
    from ..models.three_kingdoms_criteria_flipped import ThreeKingdomsCriteriaFlipped
    from ..models.three_kingdoms_deficit_tokens_drawn import ThreeKingdomsDeficitTokensDrawn
    from ..models.three_kingdoms_development_built import ThreeKingdomsDevelopmentBuilt
    from ..models.three_kingdoms_development_drawn import ThreeKingdomsDevelopmentDrawn
    from ..models.three_kingdoms_game_ended import ThreeKingdomsGameEnded
    from ..models.three_kingdoms_game_set_up import ThreeKingdomsGameSetUp
    from ..models.three_kingdoms_general_flipped import ThreeKingdomsGeneralFlipped
    from ..models.three_kingdoms_general_placed import ThreeKingdomsGeneralPlaced
    from ..models.three_kingdoms_general_recruited import ThreeKingdomsGeneralRecruited
    from ..models.three_kingdoms_generals_offered import ThreeKingdomsGeneralsOffered
    from ..models.three_kingdoms_generals_recruited import ThreeKingdomsGeneralsRecruited
    from ..models.three_kingdoms_han_token_passed import ThreeKingdomsHanTokenPassed
    from ..models.three_kingdoms_offer_returned import ThreeKingdomsOfferReturned
    from ..models.three_kingdoms_passed import ThreeKingdomsPassed
    from ..models.three_kingdoms_placement_finished import ThreeKingdomsPlacementFinished
    from ..models.three_kingdoms_player_changed import ThreeKingdomsPlayerChanged
    from ..models.three_kingdoms_recruitment_finished import ThreeKingdomsRecruitmentFinished
    from ..models.three_kingdoms_round_started import ThreeKingdomsRoundStarted
    from ..models.three_kingdoms_stage_reached import ThreeKingdomsStageReached
    from ..models.three_kingdoms_tribe_action_taken import ThreeKingdomsTribeActionTaken
    from ..models.turn_timed_out import TurnTimedOut


T = TypeVar("T", bound="EventOut")


@_attrs_define
class EventOut:
    """
    Attributes:
        data (AzulBagRefilled | AzulBonusesScored | AzulFactoriesFilled | AzulFloorScored | AzulGameEnded |
            AzulLineDropped | AzulLineTiled | AzulTilesTaken | AzulTilingStarted | CarcassonneDeckShuffled |
            CarcassonneFarmScored | CarcassonneFeatureScored | CarcassonneFollowerPlaced | CarcassonneGameEnded |
            CarcassonneStartTilePlaced | CarcassonneTileDiscarded | CarcassonneTileDrawn | CarcassonneTilePlaced |
            CastlesBonusCardDiscarded | CastlesBonusCardKept | CastlesBuyingStarted | CastlesCorridorBought |
            CastlesDownstairsRewardChosen | CastlesExtraTurnGranted | CastlesFreeCorridorPlaced | CastlesGameEnded |
            CastlesGameSetUp | CastlesMarksReceived | CastlesPassed | CastlesPlacementScored | CastlesPointsScored |
            CastlesPriceSet | CastlesRewardForfeited | CastlesRewardQueued | CastlesRoomBought | CastlesRoomCompleted |
            CastlesRoundEnded | CastlesSleepingRewardDone | CastlesStackInspected | CastlesTilePicked | CastlesTilesRevealed
            | CastlesTurnStarted | ClocksPaused | ClocksResumed | ClocksSet | GameAbandoned | GameEnded | HeartsCardPlayed |
            HeartsCardsPassed | HeartsGameEnded | HeartsHandDealt | HeartsHandScored | HeartsPassCompleted | HeartsPlayBegan
            | HeartsTrickTaken | SeatAutoPlayed | SeatRejoined | SeatResigned | SplendorCardBought | SplendorCardReserved |
            SplendorGameEnded | SplendorGameSetUp | SplendorGemsTaken | SplendorNobleChoiceOffered | SplendorNobleVisited |
            SplendorPassed | SplendorReturnRequired | SplendorTokensReturned | SplendorTurnEnded | ThreeKingdomsActionEnded
            | ThreeKingdomsActionStarted | ThreeKingdomsActionStepTaken | ThreeKingdomsAlliancePlaced |
            ThreeKingdomsBenefitResolved | ThreeKingdomsBenefitsOffered | ThreeKingdomsBiddingClosed |
            ThreeKingdomsBidRaised | ThreeKingdomsBorderOccupied | ThreeKingdomsChoiceMade | ThreeKingdomsChoiceOffered |
            ThreeKingdomsCriteriaFlipped | ThreeKingdomsDeficitTokensDrawn | ThreeKingdomsDevelopmentBuilt |
            ThreeKingdomsDevelopmentDrawn | ThreeKingdomsGameEnded | ThreeKingdomsGameSetUp | ThreeKingdomsGeneralFlipped |
            ThreeKingdomsGeneralPlaced | ThreeKingdomsGeneralRecruited | ThreeKingdomsGeneralsOffered |
            ThreeKingdomsGeneralsRecruited | ThreeKingdomsHanTokenPassed | ThreeKingdomsOfferReturned | ThreeKingdomsPassed
            | ThreeKingdomsPlacementFinished | ThreeKingdomsPlayerChanged | ThreeKingdomsRecruitmentFinished |
            ThreeKingdomsRoundStarted | ThreeKingdomsStageReached | ThreeKingdomsTribeActionTaken | TurnTimedOut):
        hash_ (str):
        played_by (None | PlayedBy):
        recorded_at (datetime.datetime):
        seat (int | None):
        type_ (str):
        version (int):
    """

    data: (
        AzulBagRefilled
        | AzulBonusesScored
        | AzulFactoriesFilled
        | AzulFloorScored
        | AzulGameEnded
        | AzulLineDropped
        | AzulLineTiled
        | AzulTilesTaken
        | AzulTilingStarted
        | CarcassonneDeckShuffled
        | CarcassonneFarmScored
        | CarcassonneFeatureScored
        | CarcassonneFollowerPlaced
        | CarcassonneGameEnded
        | CarcassonneStartTilePlaced
        | CarcassonneTileDiscarded
        | CarcassonneTileDrawn
        | CarcassonneTilePlaced
        | CastlesBonusCardDiscarded
        | CastlesBonusCardKept
        | CastlesBuyingStarted
        | CastlesCorridorBought
        | CastlesDownstairsRewardChosen
        | CastlesExtraTurnGranted
        | CastlesFreeCorridorPlaced
        | CastlesGameEnded
        | CastlesGameSetUp
        | CastlesMarksReceived
        | CastlesPassed
        | CastlesPlacementScored
        | CastlesPointsScored
        | CastlesPriceSet
        | CastlesRewardForfeited
        | CastlesRewardQueued
        | CastlesRoomBought
        | CastlesRoomCompleted
        | CastlesRoundEnded
        | CastlesSleepingRewardDone
        | CastlesStackInspected
        | CastlesTilePicked
        | CastlesTilesRevealed
        | CastlesTurnStarted
        | ClocksPaused
        | ClocksResumed
        | ClocksSet
        | GameAbandoned
        | GameEnded
        | HeartsCardPlayed
        | HeartsCardsPassed
        | HeartsGameEnded
        | HeartsHandDealt
        | HeartsHandScored
        | HeartsPassCompleted
        | HeartsPlayBegan
        | HeartsTrickTaken
        | SeatAutoPlayed
        | SeatRejoined
        | SeatResigned
        | SplendorCardBought
        | SplendorCardReserved
        | SplendorGameEnded
        | SplendorGameSetUp
        | SplendorGemsTaken
        | SplendorNobleChoiceOffered
        | SplendorNobleVisited
        | SplendorPassed
        | SplendorReturnRequired
        | SplendorTokensReturned
        | SplendorTurnEnded
        | ThreeKingdomsActionEnded
        | ThreeKingdomsActionStarted
        | ThreeKingdomsActionStepTaken
        | ThreeKingdomsAlliancePlaced
        | ThreeKingdomsBenefitResolved
        | ThreeKingdomsBenefitsOffered
        | ThreeKingdomsBiddingClosed
        | ThreeKingdomsBidRaised
        | ThreeKingdomsBorderOccupied
        | ThreeKingdomsChoiceMade
        | ThreeKingdomsChoiceOffered
        | ThreeKingdomsCriteriaFlipped
        | ThreeKingdomsDeficitTokensDrawn
        | ThreeKingdomsDevelopmentBuilt
        | ThreeKingdomsDevelopmentDrawn
        | ThreeKingdomsGameEnded
        | ThreeKingdomsGameSetUp
        | ThreeKingdomsGeneralFlipped
        | ThreeKingdomsGeneralPlaced
        | ThreeKingdomsGeneralRecruited
        | ThreeKingdomsGeneralsOffered
        | ThreeKingdomsGeneralsRecruited
        | ThreeKingdomsHanTokenPassed
        | ThreeKingdomsOfferReturned
        | ThreeKingdomsPassed
        | ThreeKingdomsPlacementFinished
        | ThreeKingdomsPlayerChanged
        | ThreeKingdomsRecruitmentFinished
        | ThreeKingdomsRoundStarted
        | ThreeKingdomsStageReached
        | ThreeKingdomsTribeActionTaken
        | TurnTimedOut
    )
    hash_: str
    played_by: None | PlayedBy
    recorded_at: datetime.datetime
    seat: int | None
    type_: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.azul_bag_refilled import AzulBagRefilled  # noqa: PLC0415
        from ..models.azul_bonuses_scored import AzulBonusesScored  # noqa: PLC0415
        from ..models.azul_factories_filled import AzulFactoriesFilled  # noqa: PLC0415
        from ..models.azul_floor_scored import AzulFloorScored  # noqa: PLC0415
        from ..models.azul_game_ended import AzulGameEnded  # noqa: PLC0415
        from ..models.azul_line_dropped import AzulLineDropped  # noqa: PLC0415
        from ..models.azul_line_tiled import AzulLineTiled  # noqa: PLC0415
        from ..models.azul_tiles_taken import AzulTilesTaken  # noqa: PLC0415
        from ..models.azul_tiling_started import AzulTilingStarted  # noqa: PLC0415
        from ..models.carcassonne_deck_shuffled import CarcassonneDeckShuffled  # noqa: PLC0415
        from ..models.carcassonne_farm_scored import CarcassonneFarmScored  # noqa: PLC0415
        from ..models.carcassonne_feature_scored import CarcassonneFeatureScored  # noqa: PLC0415
        from ..models.carcassonne_follower_placed import CarcassonneFollowerPlaced  # noqa: PLC0415
        from ..models.carcassonne_game_ended import CarcassonneGameEnded  # noqa: PLC0415
        from ..models.carcassonne_start_tile_placed import CarcassonneStartTilePlaced  # noqa: PLC0415
        from ..models.carcassonne_tile_discarded import CarcassonneTileDiscarded  # noqa: PLC0415
        from ..models.carcassonne_tile_drawn import CarcassonneTileDrawn  # noqa: PLC0415
        from ..models.carcassonne_tile_placed import CarcassonneTilePlaced  # noqa: PLC0415
        from ..models.castles_bonus_card_discarded import CastlesBonusCardDiscarded  # noqa: PLC0415
        from ..models.castles_bonus_card_kept import CastlesBonusCardKept  # noqa: PLC0415
        from ..models.castles_buying_started import CastlesBuyingStarted  # noqa: PLC0415
        from ..models.castles_corridor_bought import CastlesCorridorBought  # noqa: PLC0415
        from ..models.castles_downstairs_reward_chosen import CastlesDownstairsRewardChosen  # noqa: PLC0415
        from ..models.castles_extra_turn_granted import CastlesExtraTurnGranted  # noqa: PLC0415
        from ..models.castles_free_corridor_placed import CastlesFreeCorridorPlaced  # noqa: PLC0415
        from ..models.castles_game_ended import CastlesGameEnded  # noqa: PLC0415
        from ..models.castles_game_set_up import CastlesGameSetUp  # noqa: PLC0415
        from ..models.castles_marks_received import CastlesMarksReceived  # noqa: PLC0415
        from ..models.castles_passed import CastlesPassed  # noqa: PLC0415
        from ..models.castles_placement_scored import CastlesPlacementScored  # noqa: PLC0415
        from ..models.castles_points_scored import CastlesPointsScored  # noqa: PLC0415
        from ..models.castles_price_set import CastlesPriceSet  # noqa: PLC0415
        from ..models.castles_reward_forfeited import CastlesRewardForfeited  # noqa: PLC0415
        from ..models.castles_reward_queued import CastlesRewardQueued  # noqa: PLC0415
        from ..models.castles_room_bought import CastlesRoomBought  # noqa: PLC0415
        from ..models.castles_room_completed import CastlesRoomCompleted  # noqa: PLC0415
        from ..models.castles_round_ended import CastlesRoundEnded  # noqa: PLC0415
        from ..models.castles_sleeping_reward_done import CastlesSleepingRewardDone  # noqa: PLC0415
        from ..models.castles_stack_inspected import CastlesStackInspected  # noqa: PLC0415
        from ..models.castles_tile_picked import CastlesTilePicked  # noqa: PLC0415
        from ..models.castles_tiles_revealed import CastlesTilesRevealed  # noqa: PLC0415
        from ..models.castles_turn_started import CastlesTurnStarted  # noqa: PLC0415
        from ..models.clocks_paused import ClocksPaused  # noqa: PLC0415
        from ..models.clocks_set import ClocksSet  # noqa: PLC0415
        from ..models.game_abandoned import GameAbandoned  # noqa: PLC0415
        from ..models.game_ended import GameEnded  # noqa: PLC0415
        from ..models.hearts_card_played import HeartsCardPlayed  # noqa: PLC0415
        from ..models.hearts_cards_passed import HeartsCardsPassed  # noqa: PLC0415
        from ..models.hearts_game_ended import HeartsGameEnded  # noqa: PLC0415
        from ..models.hearts_hand_dealt import HeartsHandDealt  # noqa: PLC0415
        from ..models.hearts_hand_scored import HeartsHandScored  # noqa: PLC0415
        from ..models.hearts_pass_completed import HeartsPassCompleted  # noqa: PLC0415
        from ..models.hearts_play_began import HeartsPlayBegan  # noqa: PLC0415
        from ..models.hearts_trick_taken import HeartsTrickTaken  # noqa: PLC0415
        from ..models.played_by import PlayedBy  # noqa: PLC0415
        from ..models.seat_auto_played import SeatAutoPlayed  # noqa: PLC0415
        from ..models.seat_rejoined import SeatRejoined  # noqa: PLC0415
        from ..models.seat_resigned import SeatResigned  # noqa: PLC0415
        from ..models.splendor_card_bought import SplendorCardBought  # noqa: PLC0415
        from ..models.splendor_card_reserved import SplendorCardReserved  # noqa: PLC0415
        from ..models.splendor_game_ended import SplendorGameEnded  # noqa: PLC0415
        from ..models.splendor_game_set_up import SplendorGameSetUp  # noqa: PLC0415
        from ..models.splendor_gems_taken import SplendorGemsTaken  # noqa: PLC0415
        from ..models.splendor_noble_choice_offered import SplendorNobleChoiceOffered  # noqa: PLC0415
        from ..models.splendor_noble_visited import SplendorNobleVisited  # noqa: PLC0415
        from ..models.splendor_passed import SplendorPassed  # noqa: PLC0415
        from ..models.splendor_return_required import SplendorReturnRequired  # noqa: PLC0415
        from ..models.splendor_tokens_returned import SplendorTokensReturned  # noqa: PLC0415
        from ..models.splendor_turn_ended import SplendorTurnEnded  # noqa: PLC0415
        from ..models.three_kingdoms_action_ended import ThreeKingdomsActionEnded  # noqa: PLC0415
        from ..models.three_kingdoms_action_started import ThreeKingdomsActionStarted  # noqa: PLC0415
        from ..models.three_kingdoms_action_step_taken import ThreeKingdomsActionStepTaken  # noqa: PLC0415
        from ..models.three_kingdoms_alliance_placed import ThreeKingdomsAlliancePlaced  # noqa: PLC0415
        from ..models.three_kingdoms_benefit_resolved import ThreeKingdomsBenefitResolved  # noqa: PLC0415
        from ..models.three_kingdoms_benefits_offered import ThreeKingdomsBenefitsOffered  # noqa: PLC0415
        from ..models.three_kingdoms_bid_raised import ThreeKingdomsBidRaised  # noqa: PLC0415
        from ..models.three_kingdoms_bidding_closed import ThreeKingdomsBiddingClosed  # noqa: PLC0415
        from ..models.three_kingdoms_border_occupied import ThreeKingdomsBorderOccupied  # noqa: PLC0415
        from ..models.three_kingdoms_choice_made import ThreeKingdomsChoiceMade  # noqa: PLC0415
        from ..models.three_kingdoms_choice_offered import ThreeKingdomsChoiceOffered  # noqa: PLC0415
        from ..models.three_kingdoms_criteria_flipped import ThreeKingdomsCriteriaFlipped  # noqa: PLC0415
        from ..models.three_kingdoms_deficit_tokens_drawn import ThreeKingdomsDeficitTokensDrawn  # noqa: PLC0415
        from ..models.three_kingdoms_development_built import ThreeKingdomsDevelopmentBuilt  # noqa: PLC0415
        from ..models.three_kingdoms_development_drawn import ThreeKingdomsDevelopmentDrawn  # noqa: PLC0415
        from ..models.three_kingdoms_game_ended import ThreeKingdomsGameEnded  # noqa: PLC0415
        from ..models.three_kingdoms_game_set_up import ThreeKingdomsGameSetUp  # noqa: PLC0415
        from ..models.three_kingdoms_general_flipped import ThreeKingdomsGeneralFlipped  # noqa: PLC0415
        from ..models.three_kingdoms_general_placed import ThreeKingdomsGeneralPlaced  # noqa: PLC0415
        from ..models.three_kingdoms_general_recruited import ThreeKingdomsGeneralRecruited  # noqa: PLC0415
        from ..models.three_kingdoms_generals_offered import ThreeKingdomsGeneralsOffered  # noqa: PLC0415
        from ..models.three_kingdoms_generals_recruited import ThreeKingdomsGeneralsRecruited  # noqa: PLC0415
        from ..models.three_kingdoms_han_token_passed import ThreeKingdomsHanTokenPassed  # noqa: PLC0415
        from ..models.three_kingdoms_offer_returned import ThreeKingdomsOfferReturned  # noqa: PLC0415
        from ..models.three_kingdoms_passed import ThreeKingdomsPassed  # noqa: PLC0415
        from ..models.three_kingdoms_placement_finished import ThreeKingdomsPlacementFinished  # noqa: PLC0415
        from ..models.three_kingdoms_player_changed import ThreeKingdomsPlayerChanged  # noqa: PLC0415
        from ..models.three_kingdoms_recruitment_finished import ThreeKingdomsRecruitmentFinished  # noqa: PLC0415
        from ..models.three_kingdoms_round_started import ThreeKingdomsRoundStarted  # noqa: PLC0415
        from ..models.three_kingdoms_stage_reached import ThreeKingdomsStageReached  # noqa: PLC0415
        from ..models.three_kingdoms_tribe_action_taken import ThreeKingdomsTribeActionTaken  # noqa: PLC0415
        from ..models.turn_timed_out import TurnTimedOut  # noqa: PLC0415

        data: dict[str, Any]
        if isinstance(self.data, AzulBagRefilled):
            data = self.data.to_dict()
        elif isinstance(self.data, AzulFactoriesFilled):
            data = self.data.to_dict()
        elif isinstance(self.data, AzulTilesTaken):
            data = self.data.to_dict()
        elif isinstance(self.data, AzulTilingStarted):
            data = self.data.to_dict()
        elif isinstance(self.data, AzulLineTiled):
            data = self.data.to_dict()
        elif isinstance(self.data, AzulLineDropped):
            data = self.data.to_dict()
        elif isinstance(self.data, AzulFloorScored):
            data = self.data.to_dict()
        elif isinstance(self.data, AzulBonusesScored):
            data = self.data.to_dict()
        elif isinstance(self.data, AzulGameEnded):
            data = self.data.to_dict()
        elif isinstance(self.data, CarcassonneDeckShuffled):
            data = self.data.to_dict()
        elif isinstance(self.data, CarcassonneStartTilePlaced):
            data = self.data.to_dict()
        elif isinstance(self.data, CarcassonneTileDrawn):
            data = self.data.to_dict()
        elif isinstance(self.data, CarcassonneTileDiscarded):
            data = self.data.to_dict()
        elif isinstance(self.data, CarcassonneTilePlaced):
            data = self.data.to_dict()
        elif isinstance(self.data, CarcassonneFollowerPlaced):
            data = self.data.to_dict()
        elif isinstance(self.data, CarcassonneFeatureScored):
            data = self.data.to_dict()
        elif isinstance(self.data, CarcassonneFarmScored):
            data = self.data.to_dict()
        elif isinstance(self.data, CarcassonneGameEnded):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesGameSetUp):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesBonusCardDiscarded):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesTilesRevealed):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesPriceSet):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesBuyingStarted):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesTurnStarted):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesRoomBought):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesCorridorBought):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesPassed):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesPlacementScored):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesRoomCompleted):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesPointsScored):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesMarksReceived):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesExtraTurnGranted):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesRewardQueued):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesRewardForfeited):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesBonusCardKept):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesStackInspected):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesTilePicked):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesSleepingRewardDone):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesDownstairsRewardChosen):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesFreeCorridorPlaced):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesRoundEnded):
            data = self.data.to_dict()
        elif isinstance(self.data, CastlesGameEnded):
            data = self.data.to_dict()
        elif isinstance(self.data, HeartsHandDealt):
            data = self.data.to_dict()
        elif isinstance(self.data, HeartsCardsPassed):
            data = self.data.to_dict()
        elif isinstance(self.data, HeartsPassCompleted):
            data = self.data.to_dict()
        elif isinstance(self.data, HeartsPlayBegan):
            data = self.data.to_dict()
        elif isinstance(self.data, HeartsCardPlayed):
            data = self.data.to_dict()
        elif isinstance(self.data, HeartsTrickTaken):
            data = self.data.to_dict()
        elif isinstance(self.data, HeartsHandScored):
            data = self.data.to_dict()
        elif isinstance(self.data, HeartsGameEnded):
            data = self.data.to_dict()
        elif isinstance(self.data, SplendorGameSetUp):
            data = self.data.to_dict()
        elif isinstance(self.data, SplendorGemsTaken):
            data = self.data.to_dict()
        elif isinstance(self.data, SplendorCardReserved):
            data = self.data.to_dict()
        elif isinstance(self.data, SplendorCardBought):
            data = self.data.to_dict()
        elif isinstance(self.data, SplendorReturnRequired):
            data = self.data.to_dict()
        elif isinstance(self.data, SplendorTokensReturned):
            data = self.data.to_dict()
        elif isinstance(self.data, SplendorNobleChoiceOffered):
            data = self.data.to_dict()
        elif isinstance(self.data, SplendorNobleVisited):
            data = self.data.to_dict()
        elif isinstance(self.data, SplendorPassed):
            data = self.data.to_dict()
        elif isinstance(self.data, SplendorTurnEnded):
            data = self.data.to_dict()
        elif isinstance(self.data, SplendorGameEnded):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsGameSetUp):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsRoundStarted):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsGeneralsRecruited):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsGeneralsOffered):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsGeneralRecruited):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsOfferReturned):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsRecruitmentFinished):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsAlliancePlaced):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsGeneralPlaced):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsBidRaised):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsPlacementFinished):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsPassed):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsBiddingClosed):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsPlayerChanged):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsActionStarted):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsActionStepTaken):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsActionEnded):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsDevelopmentDrawn):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsDevelopmentBuilt):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsGeneralFlipped):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsBorderOccupied):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsChoiceOffered):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsChoiceMade):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsBenefitsOffered):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsBenefitResolved):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsTribeActionTaken):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsStageReached):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsCriteriaFlipped):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsHanTokenPassed):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsDeficitTokensDrawn):
            data = self.data.to_dict()
        elif isinstance(self.data, ThreeKingdomsGameEnded):
            data = self.data.to_dict()
        elif isinstance(self.data, ClocksSet):
            data = self.data.to_dict()
        elif isinstance(self.data, TurnTimedOut):
            data = self.data.to_dict()
        elif isinstance(self.data, SeatAutoPlayed):
            data = self.data.to_dict()
        elif isinstance(self.data, SeatResigned):
            data = self.data.to_dict()
        elif isinstance(self.data, SeatRejoined):
            data = self.data.to_dict()
        elif isinstance(self.data, GameEnded):
            data = self.data.to_dict()
        elif isinstance(self.data, GameAbandoned):
            data = self.data.to_dict()
        elif isinstance(self.data, ClocksPaused):
            data = self.data.to_dict()
        else:
            data = self.data.to_dict()

        hash_ = self.hash_

        played_by: dict[str, Any] | None
        if isinstance(self.played_by, PlayedBy):
            played_by = self.played_by.to_dict()
        else:
            played_by = self.played_by

        recorded_at = self.recorded_at.isoformat()

        seat: int | None
        seat = self.seat

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "hash": hash_,
                "played_by": played_by,
                "recorded_at": recorded_at,
                "seat": seat,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.azul_bag_refilled import AzulBagRefilled  # noqa: PLC0415
        from ..models.azul_bonuses_scored import AzulBonusesScored  # noqa: PLC0415
        from ..models.azul_factories_filled import AzulFactoriesFilled  # noqa: PLC0415
        from ..models.azul_floor_scored import AzulFloorScored  # noqa: PLC0415
        from ..models.azul_game_ended import AzulGameEnded  # noqa: PLC0415
        from ..models.azul_line_dropped import AzulLineDropped  # noqa: PLC0415
        from ..models.azul_line_tiled import AzulLineTiled  # noqa: PLC0415
        from ..models.azul_tiles_taken import AzulTilesTaken  # noqa: PLC0415
        from ..models.azul_tiling_started import AzulTilingStarted  # noqa: PLC0415
        from ..models.carcassonne_deck_shuffled import CarcassonneDeckShuffled  # noqa: PLC0415
        from ..models.carcassonne_farm_scored import CarcassonneFarmScored  # noqa: PLC0415
        from ..models.carcassonne_feature_scored import CarcassonneFeatureScored  # noqa: PLC0415
        from ..models.carcassonne_follower_placed import CarcassonneFollowerPlaced  # noqa: PLC0415
        from ..models.carcassonne_game_ended import CarcassonneGameEnded  # noqa: PLC0415
        from ..models.carcassonne_start_tile_placed import CarcassonneStartTilePlaced  # noqa: PLC0415
        from ..models.carcassonne_tile_discarded import CarcassonneTileDiscarded  # noqa: PLC0415
        from ..models.carcassonne_tile_drawn import CarcassonneTileDrawn  # noqa: PLC0415
        from ..models.carcassonne_tile_placed import CarcassonneTilePlaced  # noqa: PLC0415
        from ..models.castles_bonus_card_discarded import CastlesBonusCardDiscarded  # noqa: PLC0415
        from ..models.castles_bonus_card_kept import CastlesBonusCardKept  # noqa: PLC0415
        from ..models.castles_buying_started import CastlesBuyingStarted  # noqa: PLC0415
        from ..models.castles_corridor_bought import CastlesCorridorBought  # noqa: PLC0415
        from ..models.castles_downstairs_reward_chosen import CastlesDownstairsRewardChosen  # noqa: PLC0415
        from ..models.castles_extra_turn_granted import CastlesExtraTurnGranted  # noqa: PLC0415
        from ..models.castles_free_corridor_placed import CastlesFreeCorridorPlaced  # noqa: PLC0415
        from ..models.castles_game_ended import CastlesGameEnded  # noqa: PLC0415
        from ..models.castles_game_set_up import CastlesGameSetUp  # noqa: PLC0415
        from ..models.castles_marks_received import CastlesMarksReceived  # noqa: PLC0415
        from ..models.castles_passed import CastlesPassed  # noqa: PLC0415
        from ..models.castles_placement_scored import CastlesPlacementScored  # noqa: PLC0415
        from ..models.castles_points_scored import CastlesPointsScored  # noqa: PLC0415
        from ..models.castles_price_set import CastlesPriceSet  # noqa: PLC0415
        from ..models.castles_reward_forfeited import CastlesRewardForfeited  # noqa: PLC0415
        from ..models.castles_reward_queued import CastlesRewardQueued  # noqa: PLC0415
        from ..models.castles_room_bought import CastlesRoomBought  # noqa: PLC0415
        from ..models.castles_room_completed import CastlesRoomCompleted  # noqa: PLC0415
        from ..models.castles_round_ended import CastlesRoundEnded  # noqa: PLC0415
        from ..models.castles_sleeping_reward_done import CastlesSleepingRewardDone  # noqa: PLC0415
        from ..models.castles_stack_inspected import CastlesStackInspected  # noqa: PLC0415
        from ..models.castles_tile_picked import CastlesTilePicked  # noqa: PLC0415
        from ..models.castles_tiles_revealed import CastlesTilesRevealed  # noqa: PLC0415
        from ..models.castles_turn_started import CastlesTurnStarted  # noqa: PLC0415
        from ..models.clocks_paused import ClocksPaused  # noqa: PLC0415
        from ..models.clocks_resumed import ClocksResumed  # noqa: PLC0415
        from ..models.clocks_set import ClocksSet  # noqa: PLC0415
        from ..models.game_abandoned import GameAbandoned  # noqa: PLC0415
        from ..models.game_ended import GameEnded  # noqa: PLC0415
        from ..models.hearts_card_played import HeartsCardPlayed  # noqa: PLC0415
        from ..models.hearts_cards_passed import HeartsCardsPassed  # noqa: PLC0415
        from ..models.hearts_game_ended import HeartsGameEnded  # noqa: PLC0415
        from ..models.hearts_hand_dealt import HeartsHandDealt  # noqa: PLC0415
        from ..models.hearts_hand_scored import HeartsHandScored  # noqa: PLC0415
        from ..models.hearts_pass_completed import HeartsPassCompleted  # noqa: PLC0415
        from ..models.hearts_play_began import HeartsPlayBegan  # noqa: PLC0415
        from ..models.hearts_trick_taken import HeartsTrickTaken  # noqa: PLC0415
        from ..models.played_by import PlayedBy  # noqa: PLC0415
        from ..models.seat_auto_played import SeatAutoPlayed  # noqa: PLC0415
        from ..models.seat_rejoined import SeatRejoined  # noqa: PLC0415
        from ..models.seat_resigned import SeatResigned  # noqa: PLC0415
        from ..models.splendor_card_bought import SplendorCardBought  # noqa: PLC0415
        from ..models.splendor_card_reserved import SplendorCardReserved  # noqa: PLC0415
        from ..models.splendor_game_ended import SplendorGameEnded  # noqa: PLC0415
        from ..models.splendor_game_set_up import SplendorGameSetUp  # noqa: PLC0415
        from ..models.splendor_gems_taken import SplendorGemsTaken  # noqa: PLC0415
        from ..models.splendor_noble_choice_offered import SplendorNobleChoiceOffered  # noqa: PLC0415
        from ..models.splendor_noble_visited import SplendorNobleVisited  # noqa: PLC0415
        from ..models.splendor_passed import SplendorPassed  # noqa: PLC0415
        from ..models.splendor_return_required import SplendorReturnRequired  # noqa: PLC0415
        from ..models.splendor_tokens_returned import SplendorTokensReturned  # noqa: PLC0415
        from ..models.splendor_turn_ended import SplendorTurnEnded  # noqa: PLC0415
        from ..models.three_kingdoms_action_ended import ThreeKingdomsActionEnded  # noqa: PLC0415
        from ..models.three_kingdoms_action_started import ThreeKingdomsActionStarted  # noqa: PLC0415
        from ..models.three_kingdoms_action_step_taken import ThreeKingdomsActionStepTaken  # noqa: PLC0415
        from ..models.three_kingdoms_alliance_placed import ThreeKingdomsAlliancePlaced  # noqa: PLC0415
        from ..models.three_kingdoms_benefit_resolved import ThreeKingdomsBenefitResolved  # noqa: PLC0415
        from ..models.three_kingdoms_benefits_offered import ThreeKingdomsBenefitsOffered  # noqa: PLC0415
        from ..models.three_kingdoms_bid_raised import ThreeKingdomsBidRaised  # noqa: PLC0415
        from ..models.three_kingdoms_bidding_closed import ThreeKingdomsBiddingClosed  # noqa: PLC0415
        from ..models.three_kingdoms_border_occupied import ThreeKingdomsBorderOccupied  # noqa: PLC0415
        from ..models.three_kingdoms_choice_made import ThreeKingdomsChoiceMade  # noqa: PLC0415
        from ..models.three_kingdoms_choice_offered import ThreeKingdomsChoiceOffered  # noqa: PLC0415
        from ..models.three_kingdoms_criteria_flipped import ThreeKingdomsCriteriaFlipped  # noqa: PLC0415
        from ..models.three_kingdoms_deficit_tokens_drawn import ThreeKingdomsDeficitTokensDrawn  # noqa: PLC0415
        from ..models.three_kingdoms_development_built import ThreeKingdomsDevelopmentBuilt  # noqa: PLC0415
        from ..models.three_kingdoms_development_drawn import ThreeKingdomsDevelopmentDrawn  # noqa: PLC0415
        from ..models.three_kingdoms_game_ended import ThreeKingdomsGameEnded  # noqa: PLC0415
        from ..models.three_kingdoms_game_set_up import ThreeKingdomsGameSetUp  # noqa: PLC0415
        from ..models.three_kingdoms_general_flipped import ThreeKingdomsGeneralFlipped  # noqa: PLC0415
        from ..models.three_kingdoms_general_placed import ThreeKingdomsGeneralPlaced  # noqa: PLC0415
        from ..models.three_kingdoms_general_recruited import ThreeKingdomsGeneralRecruited  # noqa: PLC0415
        from ..models.three_kingdoms_generals_offered import ThreeKingdomsGeneralsOffered  # noqa: PLC0415
        from ..models.three_kingdoms_generals_recruited import ThreeKingdomsGeneralsRecruited  # noqa: PLC0415
        from ..models.three_kingdoms_han_token_passed import ThreeKingdomsHanTokenPassed  # noqa: PLC0415
        from ..models.three_kingdoms_offer_returned import ThreeKingdomsOfferReturned  # noqa: PLC0415
        from ..models.three_kingdoms_passed import ThreeKingdomsPassed  # noqa: PLC0415
        from ..models.three_kingdoms_placement_finished import ThreeKingdomsPlacementFinished  # noqa: PLC0415
        from ..models.three_kingdoms_player_changed import ThreeKingdomsPlayerChanged  # noqa: PLC0415
        from ..models.three_kingdoms_recruitment_finished import ThreeKingdomsRecruitmentFinished  # noqa: PLC0415
        from ..models.three_kingdoms_round_started import ThreeKingdomsRoundStarted  # noqa: PLC0415
        from ..models.three_kingdoms_stage_reached import ThreeKingdomsStageReached  # noqa: PLC0415
        from ..models.three_kingdoms_tribe_action_taken import ThreeKingdomsTribeActionTaken  # noqa: PLC0415
        from ..models.turn_timed_out import TurnTimedOut  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_data(
            data: object,
        ) -> (
            AzulBagRefilled
            | AzulBonusesScored
            | AzulFactoriesFilled
            | AzulFloorScored
            | AzulGameEnded
            | AzulLineDropped
            | AzulLineTiled
            | AzulTilesTaken
            | AzulTilingStarted
            | CarcassonneDeckShuffled
            | CarcassonneFarmScored
            | CarcassonneFeatureScored
            | CarcassonneFollowerPlaced
            | CarcassonneGameEnded
            | CarcassonneStartTilePlaced
            | CarcassonneTileDiscarded
            | CarcassonneTileDrawn
            | CarcassonneTilePlaced
            | CastlesBonusCardDiscarded
            | CastlesBonusCardKept
            | CastlesBuyingStarted
            | CastlesCorridorBought
            | CastlesDownstairsRewardChosen
            | CastlesExtraTurnGranted
            | CastlesFreeCorridorPlaced
            | CastlesGameEnded
            | CastlesGameSetUp
            | CastlesMarksReceived
            | CastlesPassed
            | CastlesPlacementScored
            | CastlesPointsScored
            | CastlesPriceSet
            | CastlesRewardForfeited
            | CastlesRewardQueued
            | CastlesRoomBought
            | CastlesRoomCompleted
            | CastlesRoundEnded
            | CastlesSleepingRewardDone
            | CastlesStackInspected
            | CastlesTilePicked
            | CastlesTilesRevealed
            | CastlesTurnStarted
            | ClocksPaused
            | ClocksResumed
            | ClocksSet
            | GameAbandoned
            | GameEnded
            | HeartsCardPlayed
            | HeartsCardsPassed
            | HeartsGameEnded
            | HeartsHandDealt
            | HeartsHandScored
            | HeartsPassCompleted
            | HeartsPlayBegan
            | HeartsTrickTaken
            | SeatAutoPlayed
            | SeatRejoined
            | SeatResigned
            | SplendorCardBought
            | SplendorCardReserved
            | SplendorGameEnded
            | SplendorGameSetUp
            | SplendorGemsTaken
            | SplendorNobleChoiceOffered
            | SplendorNobleVisited
            | SplendorPassed
            | SplendorReturnRequired
            | SplendorTokensReturned
            | SplendorTurnEnded
            | ThreeKingdomsActionEnded
            | ThreeKingdomsActionStarted
            | ThreeKingdomsActionStepTaken
            | ThreeKingdomsAlliancePlaced
            | ThreeKingdomsBenefitResolved
            | ThreeKingdomsBenefitsOffered
            | ThreeKingdomsBiddingClosed
            | ThreeKingdomsBidRaised
            | ThreeKingdomsBorderOccupied
            | ThreeKingdomsChoiceMade
            | ThreeKingdomsChoiceOffered
            | ThreeKingdomsCriteriaFlipped
            | ThreeKingdomsDeficitTokensDrawn
            | ThreeKingdomsDevelopmentBuilt
            | ThreeKingdomsDevelopmentDrawn
            | ThreeKingdomsGameEnded
            | ThreeKingdomsGameSetUp
            | ThreeKingdomsGeneralFlipped
            | ThreeKingdomsGeneralPlaced
            | ThreeKingdomsGeneralRecruited
            | ThreeKingdomsGeneralsOffered
            | ThreeKingdomsGeneralsRecruited
            | ThreeKingdomsHanTokenPassed
            | ThreeKingdomsOfferReturned
            | ThreeKingdomsPassed
            | ThreeKingdomsPlacementFinished
            | ThreeKingdomsPlayerChanged
            | ThreeKingdomsRecruitmentFinished
            | ThreeKingdomsRoundStarted
            | ThreeKingdomsStageReached
            | ThreeKingdomsTribeActionTaken
            | TurnTimedOut
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0 = AzulBagRefilled.from_dict(data)

                return data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_1 = AzulFactoriesFilled.from_dict(data)

                return data_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_2 = AzulTilesTaken.from_dict(data)

                return data_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_3 = AzulTilingStarted.from_dict(data)

                return data_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_4 = AzulLineTiled.from_dict(data)

                return data_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_5 = AzulLineDropped.from_dict(data)

                return data_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_6 = AzulFloorScored.from_dict(data)

                return data_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_7 = AzulBonusesScored.from_dict(data)

                return data_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_8 = AzulGameEnded.from_dict(data)

                return data_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_9 = CarcassonneDeckShuffled.from_dict(data)

                return data_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_10 = CarcassonneStartTilePlaced.from_dict(data)

                return data_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_11 = CarcassonneTileDrawn.from_dict(data)

                return data_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_12 = CarcassonneTileDiscarded.from_dict(data)

                return data_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_13 = CarcassonneTilePlaced.from_dict(data)

                return data_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_14 = CarcassonneFollowerPlaced.from_dict(data)

                return data_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_15 = CarcassonneFeatureScored.from_dict(data)

                return data_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_16 = CarcassonneFarmScored.from_dict(data)

                return data_type_16
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_17 = CarcassonneGameEnded.from_dict(data)

                return data_type_17
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_18 = CastlesGameSetUp.from_dict(data)

                return data_type_18
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_19 = CastlesBonusCardDiscarded.from_dict(data)

                return data_type_19
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_20 = CastlesTilesRevealed.from_dict(data)

                return data_type_20
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_21 = CastlesPriceSet.from_dict(data)

                return data_type_21
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_22 = CastlesBuyingStarted.from_dict(data)

                return data_type_22
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_23 = CastlesTurnStarted.from_dict(data)

                return data_type_23
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_24 = CastlesRoomBought.from_dict(data)

                return data_type_24
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_25 = CastlesCorridorBought.from_dict(data)

                return data_type_25
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_26 = CastlesPassed.from_dict(data)

                return data_type_26
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_27 = CastlesPlacementScored.from_dict(data)

                return data_type_27
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_28 = CastlesRoomCompleted.from_dict(data)

                return data_type_28
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_29 = CastlesPointsScored.from_dict(data)

                return data_type_29
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_30 = CastlesMarksReceived.from_dict(data)

                return data_type_30
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_31 = CastlesExtraTurnGranted.from_dict(data)

                return data_type_31
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_32 = CastlesRewardQueued.from_dict(data)

                return data_type_32
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_33 = CastlesRewardForfeited.from_dict(data)

                return data_type_33
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_34 = CastlesBonusCardKept.from_dict(data)

                return data_type_34
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_35 = CastlesStackInspected.from_dict(data)

                return data_type_35
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_36 = CastlesTilePicked.from_dict(data)

                return data_type_36
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_37 = CastlesSleepingRewardDone.from_dict(data)

                return data_type_37
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_38 = CastlesDownstairsRewardChosen.from_dict(data)

                return data_type_38
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_39 = CastlesFreeCorridorPlaced.from_dict(data)

                return data_type_39
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_40 = CastlesRoundEnded.from_dict(data)

                return data_type_40
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_41 = CastlesGameEnded.from_dict(data)

                return data_type_41
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_42 = HeartsHandDealt.from_dict(data)

                return data_type_42
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_43 = HeartsCardsPassed.from_dict(data)

                return data_type_43
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_44 = HeartsPassCompleted.from_dict(data)

                return data_type_44
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_45 = HeartsPlayBegan.from_dict(data)

                return data_type_45
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_46 = HeartsCardPlayed.from_dict(data)

                return data_type_46
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_47 = HeartsTrickTaken.from_dict(data)

                return data_type_47
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_48 = HeartsHandScored.from_dict(data)

                return data_type_48
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_49 = HeartsGameEnded.from_dict(data)

                return data_type_49
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_50 = SplendorGameSetUp.from_dict(data)

                return data_type_50
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_51 = SplendorGemsTaken.from_dict(data)

                return data_type_51
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_52 = SplendorCardReserved.from_dict(data)

                return data_type_52
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_53 = SplendorCardBought.from_dict(data)

                return data_type_53
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_54 = SplendorReturnRequired.from_dict(data)

                return data_type_54
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_55 = SplendorTokensReturned.from_dict(data)

                return data_type_55
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_56 = SplendorNobleChoiceOffered.from_dict(data)

                return data_type_56
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_57 = SplendorNobleVisited.from_dict(data)

                return data_type_57
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_58 = SplendorPassed.from_dict(data)

                return data_type_58
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_59 = SplendorTurnEnded.from_dict(data)

                return data_type_59
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_60 = SplendorGameEnded.from_dict(data)

                return data_type_60
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_61 = ThreeKingdomsGameSetUp.from_dict(data)

                return data_type_61
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_62 = ThreeKingdomsRoundStarted.from_dict(data)

                return data_type_62
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_63 = ThreeKingdomsGeneralsRecruited.from_dict(data)

                return data_type_63
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_64 = ThreeKingdomsGeneralsOffered.from_dict(data)

                return data_type_64
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_65 = ThreeKingdomsGeneralRecruited.from_dict(data)

                return data_type_65
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_66 = ThreeKingdomsOfferReturned.from_dict(data)

                return data_type_66
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_67 = ThreeKingdomsRecruitmentFinished.from_dict(data)

                return data_type_67
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_68 = ThreeKingdomsAlliancePlaced.from_dict(data)

                return data_type_68
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_69 = ThreeKingdomsGeneralPlaced.from_dict(data)

                return data_type_69
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_70 = ThreeKingdomsBidRaised.from_dict(data)

                return data_type_70
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_71 = ThreeKingdomsPlacementFinished.from_dict(data)

                return data_type_71
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_72 = ThreeKingdomsPassed.from_dict(data)

                return data_type_72
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_73 = ThreeKingdomsBiddingClosed.from_dict(data)

                return data_type_73
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_74 = ThreeKingdomsPlayerChanged.from_dict(data)

                return data_type_74
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_75 = ThreeKingdomsActionStarted.from_dict(data)

                return data_type_75
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_76 = ThreeKingdomsActionStepTaken.from_dict(data)

                return data_type_76
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_77 = ThreeKingdomsActionEnded.from_dict(data)

                return data_type_77
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_78 = ThreeKingdomsDevelopmentDrawn.from_dict(data)

                return data_type_78
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_79 = ThreeKingdomsDevelopmentBuilt.from_dict(data)

                return data_type_79
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_80 = ThreeKingdomsGeneralFlipped.from_dict(data)

                return data_type_80
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_81 = ThreeKingdomsBorderOccupied.from_dict(data)

                return data_type_81
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_82 = ThreeKingdomsChoiceOffered.from_dict(data)

                return data_type_82
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_83 = ThreeKingdomsChoiceMade.from_dict(data)

                return data_type_83
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_84 = ThreeKingdomsBenefitsOffered.from_dict(data)

                return data_type_84
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_85 = ThreeKingdomsBenefitResolved.from_dict(data)

                return data_type_85
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_86 = ThreeKingdomsTribeActionTaken.from_dict(data)

                return data_type_86
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_87 = ThreeKingdomsStageReached.from_dict(data)

                return data_type_87
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_88 = ThreeKingdomsCriteriaFlipped.from_dict(data)

                return data_type_88
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_89 = ThreeKingdomsHanTokenPassed.from_dict(data)

                return data_type_89
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_90 = ThreeKingdomsDeficitTokensDrawn.from_dict(data)

                return data_type_90
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_91 = ThreeKingdomsGameEnded.from_dict(data)

                return data_type_91
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_92 = ClocksSet.from_dict(data)

                return data_type_92
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_93 = TurnTimedOut.from_dict(data)

                return data_type_93
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_94 = SeatAutoPlayed.from_dict(data)

                return data_type_94
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_95 = SeatResigned.from_dict(data)

                return data_type_95
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_96 = SeatRejoined.from_dict(data)

                return data_type_96
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_97 = GameEnded.from_dict(data)

                return data_type_97
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_98 = GameAbandoned.from_dict(data)

                return data_type_98
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_99 = ClocksPaused.from_dict(data)

                return data_type_99
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            data_type_100 = ClocksResumed.from_dict(data)

            return data_type_100

        data = _parse_data(d.pop("data"))

        hash_ = d.pop("hash")

        def _parse_played_by(data: object) -> None | PlayedBy:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                played_by_type_0 = PlayedBy.from_dict(data)

                return played_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayedBy, data)

        played_by = _parse_played_by(d.pop("played_by"))

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        type_ = d.pop("type")

        version = d.pop("version")

        event_out = cls(
            data=data,
            hash_=hash_,
            played_by=played_by,
            recorded_at=recorded_at,
            seat=seat,
            type_=type_,
            version=version,
        )

        event_out.additional_properties = d
        return event_out

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
