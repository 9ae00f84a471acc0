from enum import StrEnum


class TournamentSummaryStatus(StrEnum):
    FINISHED = "finished"
    REGISTRATION = "registration"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
