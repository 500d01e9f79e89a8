"""The AI's playing levels, defined once: names, descriptions and how each searcher plays them.

Everything that offers a level (the HTTP API, the client's picker, the command line, the
ladder bench) reads :data:`LEVELS`. Strength comes from search budgets that do not depend on
the clock where it can be helped (a depth cap, a node budget), so a level plays the same on a
busy server as on an idle one; ``time_ms`` is only a ceiling. The lowest levels add noise: now
and then they play another of the best few candidate moves, which the search only ever draws
from the cells near the stones, and never when a five is on the board or must be blocked (the
move generator offers only the forced answers then). The top level is the full engine.

Ratings measured by ``bench/ladder.py`` live in ``engine/data/ladder.json``, not here: they are
a measurement of these settings, not part of them.
"""

from __future__ import annotations

from dataclasses import dataclass

CONNECT4_CELLS = 42  # a Connect Four search this deep reaches the end of every game


@dataclass(frozen=True, slots=True)
class GridStrength:
    """How a level plays free-placement boards (gomoku, caro, caro9, custom).

    ``max_nodes`` (None: until the time runs out) bounds the whole move, threat search
    included. ``noise_rate`` is the chance to play, instead of the best move, another of the
    ``noise_pool`` best root moves that scores within ``noise_margin`` of it.
    """

    max_depth: int | None  # None: as deep as the budget goes
    max_nodes: int | None
    threat_search: bool  # a VCF at the root and at the horizon
    vct: bool  # also a VCT (threes and fours) at the root
    noise_rate: float = 0.0
    noise_margin: int = 0
    noise_pool: int = 6


@dataclass(frozen=True, slots=True)
class Connect4Strength:
    """How a level plays Connect Four: the budget share of the exact solve (0: none), the
    deepest heuristic search, and how often it plays another move than the best one (any
    move that does not lose at once with ``any_move_mistakes``, else the second best)."""

    solve_share: float
    max_depth: int
    mistake_rate: float
    any_move_mistakes: bool = False


@dataclass(frozen=True, slots=True)
class Level:
    """One rung of the ladder."""

    number: int
    name_en: str
    name_vi: str
    about_en: str
    about_vi: str
    time_ms: int  # the most one move may think; budgets above usually stop it much earlier
    grid: GridStrength
    connect4: Connect4Strength
    exact_blunder: float  # tic-tac-toe and small endgames: chance of a random legal move

    def to_dict(self) -> dict[str, object]:
        """What the API tells clients about the level."""
        return {
            "level": self.number,
            "name": {"en": self.name_en, "vi": self.name_vi},
            "about": {"en": self.about_en, "vi": self.about_vi},
        }


LEVELS: dict[int, Level] = {
    level.number: level
    for level in (
        Level(
            1, "Beginner", "Người mới",
            "Sees only the next move and often picks a looser one.",
            "Chỉ nhìn nước kế tiếp và hay chọn nước lỏng hơn.",
            300, GridStrength(1, 2_000, False, False, 0.8, 1_000, 10),
            Connect4Strength(0.0, 2, 0.5, any_move_mistakes=True), 0.45,
        ),
        Level(
            2, "Novice", "Tập sự",
            "Looks one reply ahead, with the odd careless move.",
            "Nhìn trước một nước đáp, thỉnh thoảng đi ẩu.",
            300, GridStrength(2, 4_000, False, False, 0.4, 250, 6),
            Connect4Strength(0.0, 4, 0.3), 0.3,
        ),
        Level(
            3, "Casual", "Nghiệp dư",
            "Reads short forcing lines and rarely slips.",
            "Đọc được các thế ép ngắn, ít khi sơ suất.",
            500, GridStrength(None, 2_000, True, False, 0.3, 150, 4),
            Connect4Strength(0.0, 6, 0.15), 0.15,
        ),
        Level(
            4, "Club", "Câu lạc bộ",
            "A solid club player: no careless moves, sees attacks of fours and threes.",
            "Kỳ thủ câu lạc bộ vững vàng: không đi ẩu, thấy các đòn bốn và ba.",
            800, GridStrength(None, 20_000, True, True),
            Connect4Strength(0.0, 10, 0.05), 0.05,
        ),
        Level(
            5, "Expert", "Chuyên gia",
            "Deep reading; hard to surprise.",
            "Đọc sâu, khó bị bất ngờ.",
            1000, GridStrength(None, 150_000, True, True),
            Connect4Strength(0.3, CONNECT4_CELLS, 0.0), 0.0,
        ),
        Level(
            6, "Master", "Cao thủ",
            "The full engine: a second of search every move.",
            "Toàn bộ sức mạnh: mỗi nước suy nghĩ một giây.",
            1000, GridStrength(None, None, True, True),
            Connect4Strength(0.75, CONNECT4_CELLS, 0.0), 0.0,
        ),
    )
}

LOWEST, TOP = min(LEVELS), max(LEVELS)
DEFAULT = 4  # what a new player meets first: beats the greedy reference player (bench/ladder.py)


def level_range() -> range:
    """The valid level numbers, for argument parsers and validation messages."""
    return range(LOWEST, TOP + 1)
