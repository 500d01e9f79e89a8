"""One exception family for everything the engine refuses, each with a stable machine code.

The server sends ``code`` to clients and the CLI prints it, so codes never change once published;
the message is for humans and may.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on bad input."""

    code = "engine_error"


class VariantError(EngineError):
    """An unknown variant name or an impossible custom board."""

    code = "bad_variant"


class NotationError(EngineError):
    """A move or game that cannot be read; ``token`` is the piece of text that was wrong."""

    code = "bad_notation"

    def __init__(self, message: str, token: str) -> None:
        super().__init__(message)
        self.token = token


class IllegalMoveError(EngineError):
    """A well-formed move that the rules do not allow here (occupied cell, full column, ...)."""

    code = "illegal_move"


class ForbiddenMoveError(IllegalMoveError):
    """A renju move black may not make: a double three, a double four or an overline."""

    code = "forbidden_move"


class GameOverError(EngineError):
    """A move, or a search, asked for in a finished game."""

    code = "game_over"
