from enum import StrEnum


class CreateCarcassonneTournamentSeeding(StrEnum):
    RANDOM = "random"
    RANKED = "ranked"
    RATING = "rating"

    def __str__(self) -> str:
        return str(self.value)
