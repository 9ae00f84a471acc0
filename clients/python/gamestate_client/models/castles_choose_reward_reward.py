from enum import StrEnum


class CastlesChooseRewardReward(StrEnum):
    ACTIVITY = "activity"
    CORRIDOR = "corridor"
    FOOD = "food"
    LIVING = "living"
    OUTDOOR = "outdoor"
    SLEEPING = "sleeping"
    UTILITY = "utility"

    def __str__(self) -> str:
        return str(self.value)
