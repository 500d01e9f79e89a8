"""The server's one exception family: every refusal has a stable machine code.

The codes are the ones listed in docs/protocol.md §5; clients switch on them and translate the
message themselves, so a code never changes once published. HTTP handlers turn an
`ArenaError` into `{"error": code, "message": ...}` with `http_status`; the WebSocket handler
sends it as an `error` message. Engine errors (`bad_notation`, `illegal_move`, ...) are mapped
onto the same codes by `from_engine`.
"""

from __future__ import annotations

import enum

from engine.errors import EngineError


class ErrorCode(enum.StrEnum):
    BAD_MESSAGE = "bad_message"
    UNKNOWN_TYPE = "unknown_type"
    NOT_AUTHENTICATED = "not_authenticated"
    AUTH_TIMEOUT = "auth_timeout"
    BAD_TOKEN = "bad_token"
    ROOM_NOT_FOUND = "room_not_found"
    SEAT_TAKEN = "seat_taken"
    NOT_A_PLAYER = "not_a_player"
    GAME_NOT_STARTED = "game_not_started"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL_MOVE = "illegal_move"
    FORBIDDEN_MOVE = "forbidden_move"
    BAD_NOTATION = "bad_notation"
    GAME_OVER = "game_over"
    GAME_NOT_OVER = "game_not_over"
    NOTHING_PENDING = "nothing_pending"
    ALREADY_PENDING = "already_pending"
    NOTHING_TO_TAKE_BACK = "nothing_to_take_back"
    CANNOT_CLAIM_YET = "cannot_claim_yet"
    CANNOT_CANCEL = "cannot_cancel"
    WRONG_PHASE = "wrong_phase"
    BAD_CHOICE = "bad_choice"
    BAD_OPENING = "bad_opening"
    CHAT_TOO_LONG = "chat_too_long"
    RATE_LIMITED = "rate_limited"
    ORIGIN_FORBIDDEN = "origin_forbidden"
    BAD_VARIANT = "bad_variant"
    BAD_REQUEST = "bad_request"
    BAD_RECORD = "bad_record"
    BODY_TOO_LARGE = "body_too_large"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    BAD_CONTENT_TYPE = "bad_content_type"
    CONFLICT = "conflict"
    NOT_RATED_ELIGIBLE = "not_rated_eligible"
    BAD_USERNAME = "bad_username"
    BAD_PASSWORD = "bad_password"
    USERNAME_TAKEN = "username_taken"
    BAD_CREDENTIALS = "bad_credentials"
    NOT_LOGGED_IN = "not_logged_in"
    GAME_NOT_FOUND = "game_not_found"
    PLAYER_NOT_FOUND = "player_not_found"
    STORE_UNAVAILABLE = "store_unavailable"
    CANNOT_TARGET_SELF = "cannot_target_self"
    BLOCKED = "blocked"
    CHALLENGE_NOT_FOUND = "challenge_not_found"
    CHALLENGE_CLOSED = "challenge_closed"
    CHALLENGE_EXPIRED = "challenge_expired"
    NOT_YOUR_CHALLENGE = "not_your_challenge"
    TOO_MANY_CHALLENGES = "too_many_challenges"
    TOO_MANY_FOLLOWS = "too_many_follows"
    NOT_MODERATOR = "not_moderator"
    ACCOUNT_CLOSED = "account_closed"
    MUTED = "muted"
    REPORT_NOT_FOUND = "report_not_found"
    TOURNAMENT_NOT_FOUND = "tournament_not_found"
    ALREADY_JOINED = "already_joined"
    NOT_JOINED = "not_joined"
    TOURNAMENT_FULL = "tournament_full"
    TOURNAMENT_STARTED = "tournament_started"
    TOURNAMENT_FINISHED = "tournament_finished"
    WRONG_PASSWORD = "wrong_password"
    NOT_DIRECTOR = "not_director"
    PUZZLE_NOT_FOUND = "puzzle_not_found"
    PUZZLE_OUT_OF_STEP = "puzzle_out_of_step"
    PUZZLE_FINISHED = "puzzle_finished"
    PUZZLE_NOT_FINISHED = "puzzle_not_finished"
    NO_PUZZLE_LEFT = "no_puzzle_left"
    INTERNAL_ERROR = "internal_error"
    RATING_OUT_OF_RANGE = "rating_out_of_range"
    BAD_POOL = "bad_pool"
    BERSERK_NOT_ALLOWED = "berserk_not_allowed"
    ALREADY_BERSERK = "already_berserk"
    BERSERK_TOO_LATE = "berserk_too_late"


HTTP_STATUS: dict[ErrorCode, int] = {
    ErrorCode.BAD_TOKEN: 403,
    ErrorCode.ROOM_NOT_FOUND: 404,
    ErrorCode.SEAT_TAKEN: 409,
    ErrorCode.CANNOT_CANCEL: 409,
    ErrorCode.RATE_LIMITED: 429,
    ErrorCode.ORIGIN_FORBIDDEN: 403,
    ErrorCode.BODY_TOO_LARGE: 413,
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.METHOD_NOT_ALLOWED: 405,
    ErrorCode.BAD_CONTENT_TYPE: 415,
    ErrorCode.CONFLICT: 409,
    ErrorCode.INTERNAL_ERROR: 500,
    ErrorCode.USERNAME_TAKEN: 409,
    ErrorCode.BAD_CREDENTIALS: 401,
    ErrorCode.NOT_LOGGED_IN: 401,
    ErrorCode.GAME_NOT_FOUND: 404,
    ErrorCode.PLAYER_NOT_FOUND: 404,
    ErrorCode.STORE_UNAVAILABLE: 503,
    ErrorCode.BLOCKED: 403,
    ErrorCode.CHALLENGE_NOT_FOUND: 404,
    ErrorCode.CHALLENGE_CLOSED: 409,
    ErrorCode.CHALLENGE_EXPIRED: 410,
    ErrorCode.NOT_YOUR_CHALLENGE: 403,
    ErrorCode.TOO_MANY_CHALLENGES: 429,
    ErrorCode.TOO_MANY_FOLLOWS: 429,
    ErrorCode.NOT_MODERATOR: 403,
    ErrorCode.ACCOUNT_CLOSED: 403,
    ErrorCode.MUTED: 403,
    ErrorCode.REPORT_NOT_FOUND: 404,
    ErrorCode.TOURNAMENT_NOT_FOUND: 404,
    ErrorCode.ALREADY_JOINED: 409,
    ErrorCode.NOT_JOINED: 409,
    ErrorCode.TOURNAMENT_FULL: 409,
    ErrorCode.TOURNAMENT_STARTED: 409,
    ErrorCode.TOURNAMENT_FINISHED: 409,
    ErrorCode.WRONG_PASSWORD: 403,
    ErrorCode.NOT_DIRECTOR: 409,
    ErrorCode.RATING_OUT_OF_RANGE: 403,
    ErrorCode.BAD_POOL: 404,
    ErrorCode.PUZZLE_NOT_FOUND: 404,
    ErrorCode.PUZZLE_OUT_OF_STEP: 409,
    ErrorCode.PUZZLE_FINISHED: 409,
    ErrorCode.PUZZLE_NOT_FINISHED: 403,
    ErrorCode.NO_PUZZLE_LEFT: 404,
}


class ArenaError(Exception):
    """A request or command the server refuses; the room is unchanged."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def http_status(self) -> int:
        return HTTP_STATUS.get(self.code, 400)

    def to_dict(self) -> dict[str, str]:
        return {"error": self.code.value, "message": self.message}

    def __repr__(self) -> str:
        return f"ArenaError({self.code.value!r}, {self.message!r})"


def from_engine(error: EngineError) -> ArenaError:
    """The protocol error for an engine refusal (the engine's codes are a subset of ours)."""
    try:
        code = ErrorCode(error.code)
    except ValueError:
        code = ErrorCode.BAD_REQUEST
    return ArenaError(code, str(error))
