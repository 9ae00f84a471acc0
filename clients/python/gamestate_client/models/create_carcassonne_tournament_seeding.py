from enum import StrEnum


class CreateCarcassonneTournamentSeeding(StrEnum):
    RANDOM = "random"
    RANKED = "ranked"

    def __str__(self) -> str:
        return str(self.value)
