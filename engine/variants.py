"""The games we host, by name, and custom boards described by a spec string.

A :class:`Variant` is a small value: board size, run length ``k``, gravity and the :class:`Rule`
that decides which runs win. Everything that crosses a process or a network boundary names a
variant by its ``spec`` string, so workers and clients never need to pickle a ``Variant``.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from engine.errors import VariantError

MIN_SIZE, MAX_SIZE = 3, 25
MIN_K, MAX_K = 3, 7
CARO_SIZES = range(15, 21)


class Rule(enum.Enum):
    """Which runs of ``k`` or more stones win (Gomocup rule numbers in the comments)."""

    FREESTYLE = "freestyle"  # 0: k or more in a row
    STANDARD = "standard"  # 1: exactly k; an overline does not win
    CARO = "caro"  # 8: exactly k unless both ends are opponent stones; k+1 or more always wins
    CARO_EXACT = "caro-exact"  # 9: exactly k, not blocked at both ends; an overline does not win
    RENJU = "renju"  # 4: black (first) exactly k and forbidden moves, white k or more (k = 5)


@dataclass(frozen=True, slots=True)
class Variant:
    """A board and its winning rule. ``name`` is the catalogue name or the custom spec."""

    name: str
    rows: int
    cols: int
    k: int
    gravity: bool = False
    rule: Rule = Rule.FREESTYLE

    @property
    def spec(self) -> str:
        """The string that :func:`get_variant` turns back into this variant."""
        return self.name

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    def to_dict(self) -> dict[str, object]:
        """The board as clients draw it (a room's `board`, `GET /api/variants`): they keep no
        table of their own."""
        return {"name": self.name, "rows": self.rows, "cols": self.cols, "k": self.k,
                "gravity": self.gravity, "rule": self.rule.value}

    def counts_every_run(self, player: int = 1) -> bool:
        """Whether every run of ``k`` or more stones of ``player`` wins (so none goes unscored)."""
        return self.rule is Rule.FREESTYLE or (self.rule is Rule.RENJU and player == 2)

    def wins(self, run: int, blocked_both_ends: bool, player: int = 1) -> bool:
        """Whether a maximal run of ``run`` stones of ``player`` wins; ``blocked_both_ends``
        counts opponent stones only (the board edge is never a block)."""
        if self.counts_every_run(player):
            return run >= self.k
        if self.rule in (Rule.STANDARD, Rule.RENJU):
            return run == self.k
        if self.rule is Rule.CARO:
            return run > self.k or (run == self.k and not blocked_both_ends)
        return run == self.k and not blocked_both_ends


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("tictactoe", 3, 3, 3),
        Variant("caro9", 9, 9, 4),
        Variant("gomoku", 15, 15, 5),
        Variant("gomoku-standard", 15, 15, 5, rule=Rule.STANDARD),
        Variant("caro", 15, 15, 5, rule=Rule.CARO),
        Variant("caro-exact", 15, 15, 5, rule=Rule.CARO_EXACT),
        Variant("renju", 15, 15, 5, rule=Rule.RENJU),
        Variant("connect4", 6, 7, 4, gravity=True),
    )
}

_SIZED_CARO = re.compile(r"^(caro|caro-exact)-(\d{2})$")
_CUSTOM = re.compile(
    r"^custom-(\d{1,2})x(\d{1,2})-k(\d)-(freestyle|standard|caro|caro-exact|renju)(-gravity)?$"
)


def get_variant(spec: str) -> Variant:
    """Return the variant named by ``spec``: a catalogue name, ``caro-17`` (a 17x17 caro board,
    15..20) or ``custom-<rows>x<cols>-k<k>-<rule>[-gravity]``. Raises :class:`VariantError`."""
    if not isinstance(spec, str):
        raise VariantError(f"variant must be a string, not {type(spec).__name__}")
    if spec in VARIANTS:
        return VARIANTS[spec]
    if match := _SIZED_CARO.match(spec):
        return sized_caro(match[1], int(match[2]))
    if match := _CUSTOM.match(spec):
        return custom_variant(
            int(match[1]), int(match[2]), int(match[3]), Rule(match[4]), bool(match[5])
        )
    raise VariantError(f"unknown variant {spec!r}")


def sized_caro(base_name: str, size: int) -> Variant:
    """``caro`` or ``caro-exact`` on a ``size`` x ``size`` board (15..20; 15 is the base)."""
    base = VARIANTS[base_name]
    if size not in CARO_SIZES:
        raise VariantError(f"caro boards are 15 to 20 wide, not {size}")
    if size == base.rows:
        return base
    return Variant(f"{base_name}-{size}", size, size, base.k, rule=base.rule)


def named_variants() -> tuple[Variant, ...]:
    """Every variant a room can be created with by name: the catalogue, then the larger caro
    boards (``caro-16`` .. ``caro-exact-20``). Custom boards are described by
    :data:`CUSTOM_SPEC` instead of listed."""
    sized = tuple(sized_caro(base, size) for base in ("caro", "caro-exact")
                  for size in CARO_SIZES if size != VARIANTS[base].rows)
    return (*VARIANTS.values(), *sized)


CUSTOM_SPEC = "custom-<rows>x<cols>-k<k>-<rule>[-gravity]"


def custom_variant(rows: int, cols: int, k: int, rule: Rule, gravity: bool = False) -> Variant:
    """A custom board, checked against the limits we support."""
    for label, value in (("rows", rows), ("cols", cols)):
        if not MIN_SIZE <= value <= MAX_SIZE:
            raise VariantError(f"{label} must be {MIN_SIZE}..{MAX_SIZE}, not {value}")
    if not MIN_K <= k <= MAX_K:
        raise VariantError(f"k must be {MIN_K}..{MAX_K}, not {k}")
    if k > max(rows, cols):
        raise VariantError(f"k={k} does not fit on a {rows}x{cols} board")
    if rule is Rule.RENJU and (k != 5 or gravity):
        raise VariantError("renju is five in a row on a free-placement board")
    spec = f"custom-{rows}x{cols}-k{k}-{rule.value}" + ("-gravity" if gravity else "")
    return Variant(spec, rows, cols, k, gravity, rule)
