"""Commands of the kernel's lifecycle, the same for every game (tags ``game.<verb>``).

They are recorded like a seat's command (``metadata.command``) and re-decided by the audit.
Who sends them: ``Resign`` and ``Rejoin`` a seat (its token); ``TimeOut`` the clock (any
service process, when a deadline passed); ``Abandon``, ``PauseClocks`` and ``ResumeClocks``
an organiser."""

from __future__ import annotations

from domain._kernel import Command


class TimeOut(Command, tag="game.time_out"):
    """The seat's deadline passed: auto-play its decision or forfeit, as the clock says."""

    seat: int


class Resign(Command, tag="game.resign"):
    """The sending seat resigns: it ranks below every seat that did not resign."""

    reason: str = ""


class Rejoin(Command, tag="game.rejoin"):
    """A zombie seat (timed out too often in a row) decides for itself again."""


class Abandon(Command, tag="game.abandon"):
    """End the game now: without a result, or with the rules' provisional ranking."""

    reason: str
    with_result: bool = False


class PauseClocks(Command, tag="game.pause_clocks"):
    reason: str = ""


class ResumeClocks(Command, tag="game.resume_clocks"):
    pass


LifecycleCommand = TimeOut | Resign | Rejoin | Abandon | PauseClocks | ResumeClocks
LIFECYCLE_COMMANDS = (TimeOut, Resign, Rejoin, Abandon, PauseClocks, ResumeClocks)
