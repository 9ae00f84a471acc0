from enum import StrEnum


class EndingHow(StrEnum):
    ABANDONED = "abandoned"
    FORFEITED = "forfeited"
    RESIGNED = "resigned"

    def __str__(self) -> str:
        return str(self.value)
