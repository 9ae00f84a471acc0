"""One error type for the shell, and its mapping to RFC 9457 problem details."""

from __future__ import annotations

from http import HTTPStatus


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        code: str,
        detail: str = "",
        headers: dict[str, str] | None = None,
        *,
        game_id: str | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {detail}")
        self.status = status
        self.code = code
        self.detail = detail or HTTPStatus(status).phrase
        self.headers = headers or {}
        self.game_id = game_id
        """The game the problem points at, if any (a problem's ``game_id`` member)."""


def not_found(what: str = "game") -> ApiError:
    return ApiError(404, f"{what}_not_found", f"no such {what}")
