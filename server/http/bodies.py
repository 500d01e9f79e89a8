"""JSON bodies of the HTTP API (docs/protocol.md §2): one msgspec Struct per body (the
account routes' bodies live beside them in server/http/accounts.py).

`read_body` reads the JSON object (at most MAX_BODY_BYTES, strict UTF-8); `decode` turns it into its
Struct, refusing a bad field with `bad_request` (`bad_variant` for `variant` and `board`,
`bad_token` for a cancel's `token`) and msgspec's description of what is wrong. A field sent as null
is refused unless its type says `| None`. The functions below turn checked fields into what the
rooms take (a variant spec, a `ClockConfig`, a clean name).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal, TypeVar

import msgspec
from aiohttp import web

from engine.errors import VariantError
from engine.levels import DEFAULT, LOWEST, TOP
from engine.variants import Rule, custom_variant, get_variant

from ..platform.errors import ArenaError, ErrorCode
from ..platform.typed import convert
from ..platform.user_text import TextError, clean_name, loads_strict
from ..rooms import ClockConfig, Opening
from ..rooms.clock import DAILY_DAYS, MAX_INCREMENT_S, MAX_INITIAL_S
from ..rooms.state import RATING_BOUNDS, RatingRange
from .guard import bad_request

B = TypeVar("B", bound="Body")


class Body(msgspec.Struct, frozen=True, kw_only=True):
    """A request body; `codes` names the error code of a field other than `bad_request`."""

    codes: ClassVar[Mapping[str, ErrorCode]] = {}


class BoardBody(msgspec.Struct, frozen=True):
    """A custom board: `{"rows", "cols", "k", "rule", "gravity"}` (ranges: engine/variants)."""

    rows: int
    cols: int
    k: int
    rule: Rule = Rule.FREESTYLE
    gravity: bool = False


class ClockBody(msgspec.Struct, frozen=True):
    """`{"initial_s", "increment_s"}` (a Fischer clock) or `{"days": N}` (a daily game)."""

    initial_s: Annotated[float, msgspec.Meta(ge=1, le=MAX_INITIAL_S)] | None = None
    increment_s: Annotated[float, msgspec.Meta(ge=0, le=MAX_INCREMENT_S)] = 0
    days: Literal[DAILY_DAYS] | None = None  # type: ignore[valid-type]


class RangeBody(msgspec.Struct, frozen=True):
    """A seek's rating range, `{"min", "max"}`."""

    min: Annotated[int, msgspec.Meta(ge=RATING_BOUNDS[0], le=RATING_BOUNDS[1])]
    max: Annotated[int, msgspec.Meta(ge=RATING_BOUNDS[0], le=RATING_BOUNDS[1])]


class VariantBody(Body, frozen=True):
    """A variant by spec string, or a custom `board` (used when `variant` is absent)."""

    codes: ClassVar[Mapping[str, ErrorCode]] = {"variant": ErrorCode.BAD_VARIANT,
                                                "board": ErrorCode.BAD_VARIANT}
    variant: str | None = None
    board: BoardBody | None = None


class GameBody(VariantBody, frozen=True):
    """What kind of game: POST /api/quickplay, and the base of a new room."""

    name: str | None = None
    clock: ClockBody | None = None
    rated: bool = False


class RoomBody(GameBody, frozen=True):
    """POST /api/rooms. Whether the variant allows the `opening` is new_room's to judge."""

    codes: ClassVar[Mapping[str, ErrorCode]] = {**VariantBody.codes,
                                                "opening": ErrorCode.BAD_OPENING}
    opponent: Literal["human", "ai", "ai_vs_ai"] = "human"
    your_side: Literal["first", "second", "random"] = "random"
    public: bool = False
    ai_level: Annotated[int, msgspec.Meta(ge=LOWEST, le=TOP)] = DEFAULT
    opening: Opening = Opening.NONE
    rating_range: RangeBody | None = None


class JoinBody(Body, frozen=True):
    """POST /api/rooms/{id}/join."""

    name: str | None = None


class CancelBody(Body, frozen=True):
    """POST /api/rooms/{id}/cancel: the seat token proves the host."""

    codes: ClassVar[Mapping[str, ErrorCode]] = {"token": ErrorCode.BAD_TOKEN}
    token: Annotated[str, msgspec.Meta(min_length=1)]


def decode(body: Mapping[str, Any], kind: type[B]) -> B:
    return convert(body, kind, ErrorCode.BAD_REQUEST, kind.codes)


def variant_spec(body: VariantBody) -> str:
    """The canonical spec of `variant`, or of the custom `board`."""
    try:
        if body.variant is not None:
            return get_variant(body.variant).spec
        if body.board is None:
            raise VariantError('"variant" (a variant spec string) or "board" is required')
        board = body.board
        return custom_variant(board.rows, board.cols, board.k, board.rule, board.gravity).spec
    except VariantError as error:
        raise ArenaError(ErrorCode.BAD_VARIANT, str(error)) from None


def clock_config(clock: ClockBody | None) -> ClockConfig | None:
    """The clock a body asks for: Fischer (seconds become milliseconds), daily, or none."""
    if clock is None:
        return None
    if clock.days is not None:
        if clock.initial_s is not None:
            raise bad_request('"clock" is {"initial_s", "increment_s"} or {"days"}, not both')
        return ClockConfig.daily(clock.days)
    if clock.initial_s is None:
        raise bad_request('"clock" needs "initial_s" (and "increment_s"), or "days"')
    return ClockConfig(round(clock.initial_s * 1000), round(clock.increment_s * 1000))


def rating_range(body: RangeBody | None) -> RatingRange | None:
    """A seek's range, or `bad_request` when its ends are the wrong way round."""
    if body is None:
        return None
    try:
        return RatingRange(body.min, body.max)
    except ValueError as error:
        raise bad_request(f'"rating_range": {error}') from None


def display_name(name: str | None) -> str | None:
    """The trimmed name, or `bad_request` saying why it is refused."""
    try:
        return None if name is None else clean_name(name)
    except TextError as error:
        raise ArenaError(ErrorCode.BAD_REQUEST, str(error)) from None


MAX_BODY_BYTES = 4096


async def read_body(request: web.Request) -> dict[str, Any]:
    if (request.content_length or 0) > MAX_BODY_BYTES:
        raise ArenaError(ErrorCode.BODY_TOO_LARGE, f"bodies are at most {MAX_BODY_BYTES} bytes")
    raw = await request.content.read(MAX_BODY_BYTES + 1)
    if len(raw) > MAX_BODY_BYTES:
        raise ArenaError(ErrorCode.BODY_TOO_LARGE, f"bodies are at most {MAX_BODY_BYTES} bytes")
    if not raw.strip():
        return {}
    try:
        body = loads_strict(raw)
    except (ValueError, RecursionError):
        raise bad_request("the body must be JSON in UTF-8, without lone surrogates") from None
    if not isinstance(body, dict):
        raise bad_request("the body must be a JSON object")
    return body


def parse_variant(body: dict[str, Any]) -> str:
    """The canonical variant spec a body asks for (`variant`, or a custom `board`)."""
    return variant_spec(decode(body, VariantBody))
