from enum import StrEnum


class GameSlug(StrEnum):
    AZUL = "azul"
    CARCASSONNE = "carcassonne"
    CASTLES = "castles"
    HEARTS = "hearts"
    SPLENDOR = "splendor"
    THREE_KINGDOMS = "three_kingdoms"

    def __str__(self) -> str:
        return str(self.value)
