from enum import StrEnum


class ThreeKingdomsAddUnitWeapon(StrEnum):
    BOAT = "boat"
    CROSSBOW = "crossbow"
    HORSE = "horse"
    SPEAR = "spear"

    def __str__(self) -> str:
        return str(self.value)
