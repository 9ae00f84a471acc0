"""The director pauses and resumes the clocks of every table (the service carries it out on
each open game: ``game.pause_clocks`` / ``game.resume_clocks``)."""

from __future__ import annotations

from domain._kernel import DomainError
from domain.tournament import commands as c
from domain.tournament import events as e
from domain.tournament.rules.checks import require_running
from domain.tournament.rules.rounds import Emitter


def pause_or_resume(out: Emitter, command: c.PauseClocks | c.ResumeClocks) -> None:
    state = out.state
    assert state.config is not None
    require_running(state)
    if state.config.clock is None:
        raise DomainError("tournament/no_clock", "the tournament's games have no clock")
    pausing = isinstance(command, c.PauseClocks)
    if state.clocks_paused == pausing:
        code = "clocks_paused" if pausing else "clocks_running"
        raise DomainError(f"tournament/{code}", f"the clocks are {code.split('_')[1]} already")
    if isinstance(command, c.PauseClocks):
        out.emit(e.ClocksPaused(reason=command.reason))
    else:
        out.emit(e.ClocksResumed())
