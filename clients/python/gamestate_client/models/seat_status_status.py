from enum import StrEnum


class SeatStatusStatus(StrEnum):
    FORFEITED = "forfeited"
    PLAYING = "playing"
    RESIGNED = "resigned"
    ZOMBIE = "zombie"

    def __str__(self) -> str:
        return str(self.value)
