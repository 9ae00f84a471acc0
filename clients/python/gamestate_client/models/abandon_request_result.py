from enum import StrEnum


class AbandonRequestResult(StrEnum):
    NONE = "none"
    PROVISIONAL = "provisional"

    def __str__(self) -> str:
        return str(self.value)
