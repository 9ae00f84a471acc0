from enum import StrEnum


class ListPlayerGamesToAct(StrEnum):
    ME = "me"

    def __str__(self) -> str:
        return str(self.value)
