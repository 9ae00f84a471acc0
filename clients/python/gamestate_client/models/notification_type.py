from enum import StrEnum


class NotificationType(StrEnum):
    GAME_ENDED = "game_ended"
    GAME_STARTED = "game_started"
    ROUND_PAIRED = "round_paired"
    YOUR_TURN = "your_turn"

    def __str__(self) -> str:
        return str(self.value)
