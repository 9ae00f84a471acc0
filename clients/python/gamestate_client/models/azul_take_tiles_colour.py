from enum import StrEnum


class AzulTakeTilesColour(StrEnum):
    BLACK = "black"
    BLUE = "blue"
    RED = "red"
    WHITE = "white"
    YELLOW = "yellow"

    def __str__(self) -> str:
        return str(self.value)
