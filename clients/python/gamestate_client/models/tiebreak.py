from enum import StrEnum


class Tiebreak(StrEnum):
    BUCHHOLZ = "buchholz"
    GAME_POINTS = "game_points"
    OPPONENT_SCORES = "opponent_scores"
    WINS = "wins"

    def __str__(self) -> str:
        return str(self.value)
