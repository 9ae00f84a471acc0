from enum import StrEnum


class GameSummaryOrigin(StrEnum):
    IMPORTED = "imported"
    PLAYED = "played"

    def __str__(self) -> str:
        return str(self.value)
