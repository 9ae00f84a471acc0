"""Contains all the data models used in inputs/outputs"""

from .abandon_request import AbandonRequest
from .abandon_request_result import AbandonRequestResult
from .attempt_out import AttemptOut
from .audit_check import AuditCheck
from .audit_check_status import AuditCheckStatus
from .audit_report import AuditReport
from .azul_bag_refilled import AzulBagRefilled
from .azul_board import AzulBoard
from .azul_bonuses_scored import AzulBonusesScored
from .azul_factories_filled import AzulFactoriesFilled
from .azul_floor_scored import AzulFloorScored
from .azul_game_ended import AzulGameEnded
from .azul_line import AzulLine
from .azul_line_dropped import AzulLineDropped
from .azul_line_tiled import AzulLineTiled
from .azul_options import AzulOptions
from .azul_place_tile import AzulPlaceTile
from .azul_take_tiles import AzulTakeTiles
from .azul_take_tiles_colour import AzulTakeTilesColour
from .azul_tiles_taken import AzulTilesTaken
from .azul_tiling_started import AzulTilingStarted
from .azul_view import AzulView
from .azul_view_lid import AzulViewLid
from .bye_bot import ByeBot
from .carcassonne_deck_shuffled import CarcassonneDeckShuffled
from .carcassonne_farm_scored import CarcassonneFarmScored
from .carcassonne_feature_scored import CarcassonneFeatureScored
from .carcassonne_follower_placed import CarcassonneFollowerPlaced
from .carcassonne_follower_view import CarcassonneFollowerView
from .carcassonne_game_ended import CarcassonneGameEnded
from .carcassonne_options import CarcassonneOptions
from .carcassonne_place_tile import CarcassonnePlaceTile
from .carcassonne_placed_tile_view import CarcassonnePlacedTileView
from .carcassonne_start_tile_placed import CarcassonneStartTilePlaced
from .carcassonne_tile_discarded import CarcassonneTileDiscarded
from .carcassonne_tile_drawn import CarcassonneTileDrawn
from .carcassonne_tile_placed import CarcassonneTilePlaced
from .carcassonne_view import CarcassonneView
from .castles_bonus_card_discarded import CastlesBonusCardDiscarded
from .castles_bonus_card_kept import CastlesBonusCardKept
from .castles_buy_corridor import CastlesBuyCorridor
from .castles_buy_room import CastlesBuyRoom
from .castles_buying_started import CastlesBuyingStarted
from .castles_choose_reward import CastlesChooseReward
from .castles_choose_reward_reward import CastlesChooseRewardReward
from .castles_corridor_bought import CastlesCorridorBought
from .castles_deck_tile_view import CastlesDeckTileView
from .castles_discard_bonus_card import CastlesDiscardBonusCard
from .castles_downstairs_reward_chosen import CastlesDownstairsRewardChosen
from .castles_extra_turn_granted import CastlesExtraTurnGranted
from .castles_final_score import CastlesFinalScore
from .castles_free_corridor_placed import CastlesFreeCorridorPlaced
from .castles_game_ended import CastlesGameEnded
from .castles_game_set_up import CastlesGameSetUp
from .castles_inspect_stack import CastlesInspectStack
from .castles_keep_bonus_card import CastlesKeepBonusCard
from .castles_marks_received import CastlesMarksReceived
from .castles_offer import CastlesOffer
from .castles_options import CastlesOptions
from .castles_pass import CastlesPass
from .castles_passed import CastlesPassed
from .castles_pending_view import CastlesPendingView
from .castles_pick_tile import CastlesPickTile
from .castles_place_free_corridor import CastlesPlaceFreeCorridor
from .castles_placed import CastlesPlaced
from .castles_placement_scored import CastlesPlacementScored
from .castles_points_scored import CastlesPointsScored
from .castles_price_set import CastlesPriceSet
from .castles_reward_forfeited import CastlesRewardForfeited
from .castles_reward_queued import CastlesRewardQueued
from .castles_room_bought import CastlesRoomBought
from .castles_room_completed import CastlesRoomCompleted
from .castles_round_ended import CastlesRoundEnded
from .castles_score_line import CastlesScoreLine
from .castles_seat_view import CastlesSeatView
from .castles_set_price import CastlesSetPrice
from .castles_sleeping_reward_done import CastlesSleepingRewardDone
from .castles_stack_inspected import CastlesStackInspected
from .castles_stop_picking import CastlesStopPicking
from .castles_tile_picked import CastlesTilePicked
from .castles_tiles_revealed import CastlesTilesRevealed
from .castles_turn_started import CastlesTurnStarted
from .castles_view import CastlesView
from .clock import Clock
from .clock_on_timeout import ClockOnTimeout
from .clock_request import ClockRequest
from .clock_request_auto_play_policy import ClockRequestAutoPlayPolicy
from .clock_request_on_timeout import ClockRequestOnTimeout
from .clock_state import ClockState
from .clocks_paused import ClocksPaused
from .clocks_request import ClocksRequest
from .clocks_resumed import ClocksResumed
from .clocks_set import ClocksSet
from .command_accepted import CommandAccepted
from .correction import Correction
from .create_azul_game import CreateAzulGame
from .create_azul_tournament import CreateAzulTournament
from .create_azul_tournament_seeding import CreateAzulTournamentSeeding
from .create_carcassonne_game import CreateCarcassonneGame
from .create_carcassonne_tournament import CreateCarcassonneTournament
from .create_carcassonne_tournament_seeding import CreateCarcassonneTournamentSeeding
from .create_castles_game import CreateCastlesGame
from .create_castles_tournament import CreateCastlesTournament
from .create_castles_tournament_seeding import CreateCastlesTournamentSeeding
from .create_hearts_game import CreateHeartsGame
from .create_hearts_tournament import CreateHeartsTournament
from .create_hearts_tournament_seeding import CreateHeartsTournamentSeeding
from .create_player import CreatePlayer
from .create_splendor_game import CreateSplendorGame
from .create_splendor_tournament import CreateSplendorTournament
from .create_splendor_tournament_seeding import CreateSplendorTournamentSeeding
from .create_three_kingdoms_game import CreateThreeKingdomsGame
from .create_three_kingdoms_tournament import CreateThreeKingdomsTournament
from .create_three_kingdoms_tournament_seeding import CreateThreeKingdomsTournamentSeeding
from .deciding import Deciding
from .delivery_out import DeliveryOut
from .delivery_out_kind import DeliveryOutKind
from .delivery_out_status import DeliveryOutStatus
from .delivery_page import DeliveryPage
from .ending import Ending
from .ending_how import EndingHow
from .enqueue import Enqueue
from .event_out import EventOut
from .event_page import EventPage
from .game_abandoned import GameAbandoned
from .game_created import GameCreated
from .game_ended import GameEnded
from .game_page import GamePage
from .game_resource import GameResource
from .game_resource_options import GameResourceOptions
from .game_resource_origin import GameResourceOrigin
from .game_slug import GameSlug
from .game_status import GameStatus
from .game_summary import GameSummary
from .game_summary_origin import GameSummaryOrigin
from .game_type import GameType
from .game_type_content import GameTypeContent
from .game_type_options_schema import GameTypeOptionsSchema
from .health import Health
from .hearts_card_played import HeartsCardPlayed
from .hearts_cards_passed import HeartsCardsPassed
from .hearts_game_ended import HeartsGameEnded
from .hearts_hand_dealt import HeartsHandDealt
from .hearts_hand_scored import HeartsHandScored
from .hearts_options import HeartsOptions
from .hearts_options_moon import HeartsOptionsMoon
from .hearts_options_pass_rotation import HeartsOptionsPassRotation
from .hearts_pass_cards import HeartsPassCards
from .hearts_pass_cards_cards_item import HeartsPassCardsCardsItem
from .hearts_pass_completed import HeartsPassCompleted
from .hearts_play import HeartsPlay
from .hearts_play_began import HeartsPlayBegan
from .hearts_play_card import HeartsPlayCard
from .hearts_play_card_card import HeartsPlayCardCard
from .hearts_seat_view import HeartsSeatView
from .hearts_trick import HeartsTrick
from .hearts_trick_taken import HeartsTrickTaken
from .hearts_view import HeartsView
from .import_info import ImportInfo
from .import_verification import ImportVerification
from .import_verification_checks import ImportVerificationChecks
from .join_game import JoinGame
from .joined import Joined
from .leaderboard import Leaderboard
from .leaderboard_row import LeaderboardRow
from .legal_commands import LegalCommands
from .list_player_games_to_act import ListPlayerGamesToAct
from .lobby_seat import LobbySeat
from .lobby_table import LobbyTable
from .manual_result import ManualResult
from .my_seat import MySeat
from .named_standing_row import NamedStandingRow
from .notification import Notification
from .notification_data import NotificationData
from .notification_data_kind import NotificationDataKind
from .notification_type import NotificationType
from .placement_in import PlacementIn
from .played_by import PlayedBy
from .player_created import PlayerCreated
from .player_game import PlayerGame
from .player_game_page import PlayerGamePage
from .player_profile import PlayerProfile
from .player_rating import PlayerRating
from .player_revoked import PlayerRevoked
from .player_sign_up import PlayerSignUp
from .player_token_rotated import PlayerTokenRotated
from .problem import Problem
from .reconciled import Reconciled
from .record import Record
from .record_command import RecordCommand
from .record_command_command import RecordCommandCommand
from .record_event import RecordEvent
from .record_event_data import RecordEventData
from .record_event_metadata import RecordEventMetadata
from .record_imported import RecordImported
from .record_imported_from_type_0 import RecordImportedFromType0
from .record_imported_imported_from import RecordImportedImportedFrom
from .record_options import RecordOptions
from .record_seat import RecordSeat
from .registration import Registration
from .rematch import Rematch
from .resign_request import ResignRequest
from .resolution import Resolution
from .result import Result
from .seat_auto_played import SeatAutoPlayed
from .seat_auto_played_command import SeatAutoPlayedCommand
from .seat_clock import SeatClock
from .seat_credential import SeatCredential
from .seat_info import SeatInfo
from .seat_rejoined import SeatRejoined
from .seat_request import SeatRequest
from .seat_resigned import SeatResigned
from .seat_status import SeatStatus
from .seat_status_status import SeatStatusStatus
from .service_index import ServiceIndex
from .service_links import ServiceLinks
from .splendor_buy_card import SplendorBuyCard
from .splendor_buy_reserved import SplendorBuyReserved
from .splendor_card_bought import SplendorCardBought
from .splendor_card_reserved import SplendorCardReserved
from .splendor_card_view import SplendorCardView
from .splendor_choose_noble import SplendorChooseNoble
from .splendor_game_ended import SplendorGameEnded
from .splendor_game_set_up import SplendorGameSetUp
from .splendor_gems_taken import SplendorGemsTaken
from .splendor_noble_choice_offered import SplendorNobleChoiceOffered
from .splendor_noble_view import SplendorNobleView
from .splendor_noble_visited import SplendorNobleVisited
from .splendor_options import SplendorOptions
from .splendor_options_tie_breaks import SplendorOptionsTieBreaks
from .splendor_pass import SplendorPass
from .splendor_passed import SplendorPassed
from .splendor_reserve_card import SplendorReserveCard
from .splendor_reserve_from_deck import SplendorReserveFromDeck
from .splendor_reserved_view import SplendorReservedView
from .splendor_return_required import SplendorReturnRequired
from .splendor_return_tokens import SplendorReturnTokens
from .splendor_seat_view import SplendorSeatView
from .splendor_take_gems import SplendorTakeGems
from .splendor_tokens_returned import SplendorTokensReturned
from .splendor_turn_ended import SplendorTurnEnded
from .splendor_view import SplendorView
from .standing import Standing
from .standings import Standings
from .stream_end import StreamEnd
from .stream_end_reason import StreamEndReason
from .stream_events_response_200 import StreamEventsResponse200
from .stream_player_notifications_response_200 import StreamPlayerNotificationsResponse200
from .stream_tournament_events_response_200 import StreamTournamentEventsResponse200
from .submit_command import SubmitCommand
from .submit_command_include import SubmitCommandInclude
from .three_kingdoms_action_ended import ThreeKingdomsActionEnded
from .three_kingdoms_action_started import ThreeKingdomsActionStarted
from .three_kingdoms_action_step_taken import ThreeKingdomsActionStepTaken
from .three_kingdoms_add_bid_token import ThreeKingdomsAddBidToken
from .three_kingdoms_add_han_token import ThreeKingdomsAddHanToken
from .three_kingdoms_add_support import ThreeKingdomsAddSupport
from .three_kingdoms_add_unit import ThreeKingdomsAddUnit
from .three_kingdoms_add_unit_weapon import ThreeKingdomsAddUnitWeapon
from .three_kingdoms_alliance_placed import ThreeKingdomsAlliancePlaced
from .three_kingdoms_benefit import ThreeKingdomsBenefit
from .three_kingdoms_benefit_resolved import ThreeKingdomsBenefitResolved
from .three_kingdoms_benefits_offered import ThreeKingdomsBenefitsOffered
from .three_kingdoms_bid_raised import ThreeKingdomsBidRaised
from .three_kingdoms_bidding_closed import ThreeKingdomsBiddingClosed
from .three_kingdoms_border_occupied import ThreeKingdomsBorderOccupied
from .three_kingdoms_bribe_tribe import ThreeKingdomsBribeTribe
from .three_kingdoms_build_development import ThreeKingdomsBuildDevelopment
from .three_kingdoms_choice_made import ThreeKingdomsChoiceMade
from .three_kingdoms_choice_offered import ThreeKingdomsChoiceOffered
from .three_kingdoms_choose_gain import ThreeKingdomsChooseGain
from .three_kingdoms_choose_next_action import ThreeKingdomsChooseNextAction
from .three_kingdoms_collect_taxes import ThreeKingdomsCollectTaxes
from .three_kingdoms_criteria_flipped import ThreeKingdomsCriteriaFlipped
from .three_kingdoms_decline_benefit import ThreeKingdomsDeclineBenefit
from .three_kingdoms_deficit_tokens_drawn import ThreeKingdomsDeficitTokensDrawn
from .three_kingdoms_delta import ThreeKingdomsDelta
from .three_kingdoms_demand_tribute import ThreeKingdomsDemandTribute
from .three_kingdoms_develop_farm import ThreeKingdomsDevelopFarm
from .three_kingdoms_develop_market import ThreeKingdomsDevelopMarket
from .three_kingdoms_development_built import ThreeKingdomsDevelopmentBuilt
from .three_kingdoms_development_card import ThreeKingdomsDevelopmentCard
from .three_kingdoms_development_drawn import ThreeKingdomsDevelopmentDrawn
from .three_kingdoms_end_action import ThreeKingdomsEndAction
from .three_kingdoms_finish_placement import ThreeKingdomsFinishPlacement
from .three_kingdoms_game_ended import ThreeKingdomsGameEnded
from .three_kingdoms_game_set_up import ThreeKingdomsGameSetUp
from .three_kingdoms_general_card import ThreeKingdomsGeneralCard
from .three_kingdoms_general_flipped import ThreeKingdomsGeneralFlipped
from .three_kingdoms_general_placed import ThreeKingdomsGeneralPlaced
from .three_kingdoms_general_recruited import ThreeKingdomsGeneralRecruited
from .three_kingdoms_generals_offered import ThreeKingdomsGeneralsOffered
from .three_kingdoms_generals_recruited import ThreeKingdomsGeneralsRecruited
from .three_kingdoms_han_token_passed import ThreeKingdomsHanTokenPassed
from .three_kingdoms_harvest import ThreeKingdomsHarvest
from .three_kingdoms_hire_instructors import ThreeKingdomsHireInstructors
from .three_kingdoms_import_technology import ThreeKingdomsImportTechnology
from .three_kingdoms_manipulate_emperor import ThreeKingdomsManipulateEmperor
from .three_kingdoms_occupation import ThreeKingdomsOccupation
from .three_kingdoms_occupy import ThreeKingdomsOccupy
from .three_kingdoms_occupy_store import ThreeKingdomsOccupyStore
from .three_kingdoms_offer_returned import ThreeKingdomsOfferReturned
from .three_kingdoms_options import ThreeKingdomsOptions
from .three_kingdoms_outcome import ThreeKingdomsOutcome
from .three_kingdoms_pass import ThreeKingdomsPass
from .three_kingdoms_passed import ThreeKingdomsPassed
from .three_kingdoms_place_alliance import ThreeKingdomsPlaceAlliance
from .three_kingdoms_place_general import ThreeKingdomsPlaceGeneral
from .three_kingdoms_placement import ThreeKingdomsPlacement
from .three_kingdoms_placement_finished import ThreeKingdomsPlacementFinished
from .three_kingdoms_player_changed import ThreeKingdomsPlayerChanged
from .three_kingdoms_player_state import ThreeKingdomsPlayerState
from .three_kingdoms_player_view import ThreeKingdomsPlayerView
from .three_kingdoms_produce_weapons import ThreeKingdomsProduceWeapons
from .three_kingdoms_progress import ThreeKingdomsProgress
from .three_kingdoms_recruit_general import ThreeKingdomsRecruitGeneral
from .three_kingdoms_recruitment_finished import ThreeKingdomsRecruitmentFinished
from .three_kingdoms_round_started import ThreeKingdomsRoundStarted
from .three_kingdoms_score_card import ThreeKingdomsScoreCard
from .three_kingdoms_space_view import ThreeKingdomsSpaceView
from .three_kingdoms_stage_reached import ThreeKingdomsStageReached
from .three_kingdoms_suppress_tribe import ThreeKingdomsSuppressTribe
from .three_kingdoms_take_benefit import ThreeKingdomsTakeBenefit
from .three_kingdoms_task import ThreeKingdomsTask
from .three_kingdoms_trade_rice import ThreeKingdomsTradeRice
from .three_kingdoms_trade_rice_direction import ThreeKingdomsTradeRiceDirection
from .three_kingdoms_trade_weapons import ThreeKingdomsTradeWeapons
from .three_kingdoms_trade_weapons_direction import ThreeKingdomsTradeWeaponsDirection
from .three_kingdoms_tribe_action_taken import ThreeKingdomsTribeActionTaken
from .three_kingdoms_view import ThreeKingdomsView
from .ticket import Ticket
from .ticket_status import TicketStatus
from .tiebreak import Tiebreak
from .tournament_bracket_match import TournamentBracketMatch
from .tournament_clocks_paused import TournamentClocksPaused
from .tournament_clocks_resumed import TournamentClocksResumed
from .tournament_config import TournamentConfig
from .tournament_created import TournamentCreated
from .tournament_event_out import TournamentEventOut
from .tournament_finished import TournamentFinished
from .tournament_format import TournamentFormat
from .tournament_game_attached import TournamentGameAttached
from .tournament_page import TournamentPage
from .tournament_placement import TournamentPlacement
from .tournament_player_registered import TournamentPlayerRegistered
from .tournament_player_view import TournamentPlayerView
from .tournament_player_withdrawn import TournamentPlayerWithdrawn
from .tournament_ranking_revised import TournamentRankingRevised
from .tournament_resource import TournamentResource
from .tournament_result_corrected import TournamentResultCorrected
from .tournament_result_recorded import TournamentResultRecorded
from .tournament_round_completed import TournamentRoundCompleted
from .tournament_round_started import TournamentRoundStarted
from .tournament_round_state import TournamentRoundState
from .tournament_standing_row import TournamentStandingRow
from .tournament_started import TournamentStarted
from .tournament_status import TournamentStatus
from .tournament_summary import TournamentSummary
from .tournament_table import TournamentTable
from .tournament_table_resolved import TournamentTableResolved
from .tournament_table_state import TournamentTableState
from .tournament_table_voided import TournamentTableVoided
from .tournament_view import TournamentView
from .turn_timed_out import TurnTimedOut
from .versioned_view import VersionedView
from .versioned_view_full_state_type_0 import VersionedViewFullStateType0
from .webhook_list import WebhookList
from .webhook_out import WebhookOut
from .webhook_out_status import WebhookOutStatus
from .webhook_request import WebhookRequest

__all__ = (
    "AbandonRequest",
    "AbandonRequestResult",
    "AttemptOut",
    "AuditCheck",
    "AuditCheckStatus",
    "AuditReport",
    "AzulBagRefilled",
    "AzulBoard",
    "AzulBonusesScored",
    "AzulFactoriesFilled",
    "AzulFloorScored",
    "AzulGameEnded",
    "AzulLine",
    "AzulLineDropped",
    "AzulLineTiled",
    "AzulOptions",
    "AzulPlaceTile",
    "AzulTakeTiles",
    "AzulTakeTilesColour",
    "AzulTilesTaken",
    "AzulTilingStarted",
    "AzulView",
    "AzulViewLid",
    "ByeBot",
    "CarcassonneDeckShuffled",
    "CarcassonneFarmScored",
    "CarcassonneFeatureScored",
    "CarcassonneFollowerPlaced",
    "CarcassonneFollowerView",
    "CarcassonneGameEnded",
    "CarcassonneOptions",
    "CarcassonnePlacedTileView",
    "CarcassonnePlaceTile",
    "CarcassonneStartTilePlaced",
    "CarcassonneTileDiscarded",
    "CarcassonneTileDrawn",
    "CarcassonneTilePlaced",
    "CarcassonneView",
    "CastlesBonusCardDiscarded",
    "CastlesBonusCardKept",
    "CastlesBuyCorridor",
    "CastlesBuyingStarted",
    "CastlesBuyRoom",
    "CastlesChooseReward",
    "CastlesChooseRewardReward",
    "CastlesCorridorBought",
    "CastlesDeckTileView",
    "CastlesDiscardBonusCard",
    "CastlesDownstairsRewardChosen",
    "CastlesExtraTurnGranted",
    "CastlesFinalScore",
    "CastlesFreeCorridorPlaced",
    "CastlesGameEnded",
    "CastlesGameSetUp",
    "CastlesInspectStack",
    "CastlesKeepBonusCard",
    "CastlesMarksReceived",
    "CastlesOffer",
    "CastlesOptions",
    "CastlesPass",
    "CastlesPassed",
    "CastlesPendingView",
    "CastlesPickTile",
    "CastlesPlaced",
    "CastlesPlaceFreeCorridor",
    "CastlesPlacementScored",
    "CastlesPointsScored",
    "CastlesPriceSet",
    "CastlesRewardForfeited",
    "CastlesRewardQueued",
    "CastlesRoomBought",
    "CastlesRoomCompleted",
    "CastlesRoundEnded",
    "CastlesScoreLine",
    "CastlesSeatView",
    "CastlesSetPrice",
    "CastlesSleepingRewardDone",
    "CastlesStackInspected",
    "CastlesStopPicking",
    "CastlesTilePicked",
    "CastlesTilesRevealed",
    "CastlesTurnStarted",
    "CastlesView",
    "Clock",
    "ClockOnTimeout",
    "ClockRequest",
    "ClockRequestAutoPlayPolicy",
    "ClockRequestOnTimeout",
    "ClocksPaused",
    "ClocksRequest",
    "ClocksResumed",
    "ClocksSet",
    "ClockState",
    "CommandAccepted",
    "Correction",
    "CreateAzulGame",
    "CreateAzulTournament",
    "CreateAzulTournamentSeeding",
    "CreateCarcassonneGame",
    "CreateCarcassonneTournament",
    "CreateCarcassonneTournamentSeeding",
    "CreateCastlesGame",
    "CreateCastlesTournament",
    "CreateCastlesTournamentSeeding",
    "CreateHeartsGame",
    "CreateHeartsTournament",
    "CreateHeartsTournamentSeeding",
    "CreatePlayer",
    "CreateSplendorGame",
    "CreateSplendorTournament",
    "CreateSplendorTournamentSeeding",
    "CreateThreeKingdomsGame",
    "CreateThreeKingdomsTournament",
    "CreateThreeKingdomsTournamentSeeding",
    "Deciding",
    "DeliveryOut",
    "DeliveryOutKind",
    "DeliveryOutStatus",
    "DeliveryPage",
    "Ending",
    "EndingHow",
    "Enqueue",
    "EventOut",
    "EventPage",
    "GameAbandoned",
    "GameCreated",
    "GameEnded",
    "GamePage",
    "GameResource",
    "GameResourceOptions",
    "GameResourceOrigin",
    "GameSlug",
    "GameStatus",
    "GameSummary",
    "GameSummaryOrigin",
    "GameType",
    "GameTypeContent",
    "GameTypeOptionsSchema",
    "Health",
    "HeartsCardPlayed",
    "HeartsCardsPassed",
    "HeartsGameEnded",
    "HeartsHandDealt",
    "HeartsHandScored",
    "HeartsOptions",
    "HeartsOptionsMoon",
    "HeartsOptionsPassRotation",
    "HeartsPassCards",
    "HeartsPassCardsCardsItem",
    "HeartsPassCompleted",
    "HeartsPlay",
    "HeartsPlayBegan",
    "HeartsPlayCard",
    "HeartsPlayCardCard",
    "HeartsSeatView",
    "HeartsTrick",
    "HeartsTrickTaken",
    "HeartsView",
    "ImportInfo",
    "ImportVerification",
    "ImportVerificationChecks",
    "Joined",
    "JoinGame",
    "Leaderboard",
    "LeaderboardRow",
    "LegalCommands",
    "ListPlayerGamesToAct",
    "LobbySeat",
    "LobbyTable",
    "ManualResult",
    "MySeat",
    "NamedStandingRow",
    "Notification",
    "NotificationData",
    "NotificationDataKind",
    "NotificationType",
    "PlacementIn",
    "PlayedBy",
    "PlayerCreated",
    "PlayerGame",
    "PlayerGamePage",
    "PlayerProfile",
    "PlayerRating",
    "PlayerRevoked",
    "PlayerSignUp",
    "PlayerTokenRotated",
    "Problem",
    "Reconciled",
    "Record",
    "RecordCommand",
    "RecordCommandCommand",
    "RecordEvent",
    "RecordEventData",
    "RecordEventMetadata",
    "RecordImported",
    "RecordImportedFromType0",
    "RecordImportedImportedFrom",
    "RecordOptions",
    "RecordSeat",
    "Registration",
    "Rematch",
    "ResignRequest",
    "Resolution",
    "Result",
    "SeatAutoPlayed",
    "SeatAutoPlayedCommand",
    "SeatClock",
    "SeatCredential",
    "SeatInfo",
    "SeatRejoined",
    "SeatRequest",
    "SeatResigned",
    "SeatStatus",
    "SeatStatusStatus",
    "ServiceIndex",
    "ServiceLinks",
    "SplendorBuyCard",
    "SplendorBuyReserved",
    "SplendorCardBought",
    "SplendorCardReserved",
    "SplendorCardView",
    "SplendorChooseNoble",
    "SplendorGameEnded",
    "SplendorGameSetUp",
    "SplendorGemsTaken",
    "SplendorNobleChoiceOffered",
    "SplendorNobleView",
    "SplendorNobleVisited",
    "SplendorOptions",
    "SplendorOptionsTieBreaks",
    "SplendorPass",
    "SplendorPassed",
    "SplendorReserveCard",
    "SplendorReservedView",
    "SplendorReserveFromDeck",
    "SplendorReturnRequired",
    "SplendorReturnTokens",
    "SplendorSeatView",
    "SplendorTakeGems",
    "SplendorTokensReturned",
    "SplendorTurnEnded",
    "SplendorView",
    "Standing",
    "Standings",
    "StreamEnd",
    "StreamEndReason",
    "StreamEventsResponse200",
    "StreamPlayerNotificationsResponse200",
    "StreamTournamentEventsResponse200",
    "SubmitCommand",
    "SubmitCommandInclude",
    "ThreeKingdomsActionEnded",
    "ThreeKingdomsActionStarted",
    "ThreeKingdomsActionStepTaken",
    "ThreeKingdomsAddBidToken",
    "ThreeKingdomsAddHanToken",
    "ThreeKingdomsAddSupport",
    "ThreeKingdomsAddUnit",
    "ThreeKingdomsAddUnitWeapon",
    "ThreeKingdomsAlliancePlaced",
    "ThreeKingdomsBenefit",
    "ThreeKingdomsBenefitResolved",
    "ThreeKingdomsBenefitsOffered",
    "ThreeKingdomsBiddingClosed",
    "ThreeKingdomsBidRaised",
    "ThreeKingdomsBorderOccupied",
    "ThreeKingdomsBribeTribe",
    "ThreeKingdomsBuildDevelopment",
    "ThreeKingdomsChoiceMade",
    "ThreeKingdomsChoiceOffered",
    "ThreeKingdomsChooseGain",
    "ThreeKingdomsChooseNextAction",
    "ThreeKingdomsCollectTaxes",
    "ThreeKingdomsCriteriaFlipped",
    "ThreeKingdomsDeclineBenefit",
    "ThreeKingdomsDeficitTokensDrawn",
    "ThreeKingdomsDelta",
    "ThreeKingdomsDemandTribute",
    "ThreeKingdomsDevelopFarm",
    "ThreeKingdomsDevelopMarket",
    "ThreeKingdomsDevelopmentBuilt",
    "ThreeKingdomsDevelopmentCard",
    "ThreeKingdomsDevelopmentDrawn",
    "ThreeKingdomsEndAction",
    "ThreeKingdomsFinishPlacement",
    "ThreeKingdomsGameEnded",
    "ThreeKingdomsGameSetUp",
    "ThreeKingdomsGeneralCard",
    "ThreeKingdomsGeneralFlipped",
    "ThreeKingdomsGeneralPlaced",
    "ThreeKingdomsGeneralRecruited",
    "ThreeKingdomsGeneralsOffered",
    "ThreeKingdomsGeneralsRecruited",
    "ThreeKingdomsHanTokenPassed",
    "ThreeKingdomsHarvest",
    "ThreeKingdomsHireInstructors",
    "ThreeKingdomsImportTechnology",
    "ThreeKingdomsManipulateEmperor",
    "ThreeKingdomsOccupation",
    "ThreeKingdomsOccupy",
    "ThreeKingdomsOccupyStore",
    "ThreeKingdomsOfferReturned",
    "ThreeKingdomsOptions",
    "ThreeKingdomsOutcome",
    "ThreeKingdomsPass",
    "ThreeKingdomsPassed",
    "ThreeKingdomsPlaceAlliance",
    "ThreeKingdomsPlaceGeneral",
    "ThreeKingdomsPlacement",
    "ThreeKingdomsPlacementFinished",
    "ThreeKingdomsPlayerChanged",
    "ThreeKingdomsPlayerState",
    "ThreeKingdomsPlayerView",
    "ThreeKingdomsProduceWeapons",
    "ThreeKingdomsProgress",
    "ThreeKingdomsRecruitGeneral",
    "ThreeKingdomsRecruitmentFinished",
    "ThreeKingdomsRoundStarted",
    "ThreeKingdomsScoreCard",
    "ThreeKingdomsSpaceView",
    "ThreeKingdomsStageReached",
    "ThreeKingdomsSuppressTribe",
    "ThreeKingdomsTakeBenefit",
    "ThreeKingdomsTask",
    "ThreeKingdomsTradeRice",
    "ThreeKingdomsTradeRiceDirection",
    "ThreeKingdomsTradeWeapons",
    "ThreeKingdomsTradeWeaponsDirection",
    "ThreeKingdomsTribeActionTaken",
    "ThreeKingdomsView",
    "Ticket",
    "TicketStatus",
    "Tiebreak",
    "TournamentBracketMatch",
    "TournamentClocksPaused",
    "TournamentClocksResumed",
    "TournamentConfig",
    "TournamentCreated",
    "TournamentEventOut",
    "TournamentFinished",
    "TournamentFormat",
    "TournamentGameAttached",
    "TournamentPage",
    "TournamentPlacement",
    "TournamentPlayerRegistered",
    "TournamentPlayerView",
    "TournamentPlayerWithdrawn",
    "TournamentRankingRevised",
    "TournamentResource",
    "TournamentResultCorrected",
    "TournamentResultRecorded",
    "TournamentRoundCompleted",
    "TournamentRoundStarted",
    "TournamentRoundState",
    "TournamentStandingRow",
    "TournamentStarted",
    "TournamentStatus",
    "TournamentSummary",
    "TournamentTable",
    "TournamentTableResolved",
    "TournamentTableState",
    "TournamentTableVoided",
    "TournamentView",
    "TurnTimedOut",
    "VersionedView",
    "VersionedViewFullStateType0",
    "WebhookList",
    "WebhookOut",
    "WebhookOutStatus",
    "WebhookRequest",
)
