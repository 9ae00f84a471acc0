from enum import StrEnum


class ClockOnTimeout(StrEnum):
    AUTO_PLAY = "auto_play"
    FORFEIT = "forfeit"

    def __str__(self) -> str:
        return str(self.value)
