from enum import StrEnum


class GameStatus(StrEnum):
    ACTIVE = "active"
    CANCELLED = "cancelled"
    FINISHED = "finished"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
