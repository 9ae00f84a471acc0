from enum import StrEnum


class ThreeKingdomsOccupyStore(StrEnum):
    GRANARY = "granary"
    TREASURY = "treasury"

    def __str__(self) -> str:
        return str(self.value)
