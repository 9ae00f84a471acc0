from enum import StrEnum


class GameTypeContent(StrEnum):
    OFFICIAL = "official"
    PROVISIONAL = "provisional"

    def __str__(self) -> str:
        return str(self.value)
