from enum import StrEnum


class CreateThreeKingdomsTournamentSeeding(StrEnum):
    RANDOM = "random"
    RANKED = "ranked"

    def __str__(self) -> str:
        return str(self.value)
