from enum import StrEnum


class HeartsOptionsMoon(StrEnum):
    OFF = "off"
    OTHERS_ADD = "others_add"
    SHOOTER_SUBTRACTS = "shooter_subtracts"

    def __str__(self) -> str:
        return str(self.value)
