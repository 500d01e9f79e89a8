"""What a search returns: the chosen move and why."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

# Proven wins score WIN_SCORE - plies; every searcher keeps evaluations far below DECIDED.
WIN_SCORE = 1_000_000
DECIDED = WIN_SCORE - 10_000


@dataclass(frozen=True, slots=True)
class Analysis:
    """The chosen ``move`` (notation) and the search that chose it.

    ``score`` is from the mover's point of view: positive is good for the side that plays
    ``move``. Proven wins are ``WIN_SCORE - plies`` (losses the negation), so a faster win
    scores higher. ``pv`` is the principal variation in notation, starting with ``move``.
    """

    move: str
    score: int
    depth: int
    nodes: int
    time_ms: float
    pv: list[str] = field(default_factory=list)

    @property
    def decided(self) -> bool:
        """Whether the search proved the game's result (a forced win or loss)."""
        return abs(self.score) >= DECIDED

    def to_dict(self) -> dict[str, object]:
        return asdict(self)
