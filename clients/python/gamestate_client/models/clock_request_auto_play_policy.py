from enum import StrEnum


class ClockRequestAutoPlayPolicy(StrEnum):
    GREEDY = "greedy"
    RANDOM = "random"

    def __str__(self) -> str:
        return str(self.value)
