from enum import StrEnum


class CreateHeartsTournamentSeeding(StrEnum):
    RANDOM = "random"
    RANKED = "ranked"
    RATING = "rating"

    def __str__(self) -> str:
        return str(self.value)
