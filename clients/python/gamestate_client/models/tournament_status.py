from enum import StrEnum


class TournamentStatus(StrEnum):
    FINISHED = "finished"
    REGISTRATION = "registration"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
