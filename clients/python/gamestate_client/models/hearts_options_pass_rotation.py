from enum import StrEnum


class HeartsOptionsPassRotation(StrEnum):
    LEFT = "left"
    NONE = "none"
    NO_HOLD = "no_hold"
    STANDARD = "standard"

    def __str__(self) -> str:
        return str(self.value)
