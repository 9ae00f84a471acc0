from enum import StrEnum


class GameResourceOrigin(StrEnum):
    IMPORTED = "imported"
    PLAYED = "played"

    def __str__(self) -> str:
        return str(self.value)
