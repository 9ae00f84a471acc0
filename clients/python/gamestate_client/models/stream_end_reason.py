from enum import StrEnum


class StreamEndReason(StrEnum):
    BEHIND = "behind"
    ERROR = "error"
    FINISHED = "finished"
    REVOKED = "revoked"
    SHUTDOWN = "shutdown"
    TIMEOUT = "timeout"
    UNTIL_VERSION = "until_version"

    def __str__(self) -> str:
        return str(self.value)
