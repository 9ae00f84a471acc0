from enum import StrEnum


class SubmitCommandInclude(StrEnum):
    LEGAL_COMMANDS = "legal_commands"

    def __str__(self) -> str:
        return str(self.value)
