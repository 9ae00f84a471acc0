from enum import StrEnum


class SplendorOptionsTieBreaks(StrEnum):
    OFFICIAL = "official"
    TOURNAMENT = "tournament"

    def __str__(self) -> str:
        return str(self.value)
