from enum import StrEnum


class TournamentFormat(StrEnum):
    CHAMPIONSHIP = "championship"
    DOUBLE_ELIMINATION = "double_elimination"
    ROUND_ROBIN = "round_robin"
    SINGLE_ELIMINATION = "single_elimination"
    SWISS = "swiss"
    TABLE_ELIMINATION = "table_elimination"

    def __str__(self) -> str:
        return str(self.value)
