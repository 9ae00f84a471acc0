from enum import StrEnum


class ListTournamentsStatus(StrEnum):
    FINISHED = "finished"
    REGISTRATION = "registration"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
