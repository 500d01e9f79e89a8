"""Game review: every position of a game searched, every move judged.

Two steps, so a server can spread the work over worker processes:

1. :func:`evaluate_position` searches one position (plain-string inputs, a picklable result):
   the evaluation, best move, principal variation, the top lines and whether the side to move
   has a forced win. Connect Four and small boards (tic-tac-toe) are solved exactly when the
   solver finishes; other boards get the threat-aware search within a node budget, plus a
   VCF / VCT threat search.
2. :func:`review_game` judges each move from the evaluations before and after it (pure).

For the analysis board, a position is searched to depth 1, 2, 3, ... (``max_depth``) and every
answer is shown until :func:`searched_deep_enough` says stop, so a page can show the lines
improving while the engine thinks, and stop asking when the page moves on.

Judgements. Scores are turned into the mover's winning chance ``wp = 1 / (1 + e^(-s/1500))``
(proven wins 1, proven losses 0). A move is ``best`` when it is the engine's move or loses
nothing; otherwise the chance it gave away decides: 0.3 or more ``blunder``, 0.2 ``mistake``,
0.1 ``inaccuracy``, less ``good`` (twice lichess's thresholds: our evaluations at review depth
are noisier than Stockfish's); a move into a proven loss from a position that was not lost is
a ``blunder`` whatever the chances said. Exactly solved moves are judged by result instead:
``best`` when the score is kept, ``good`` when the result class (win / draw / loss) is kept,
``mistake`` for a win turned into a draw, ``blunder`` for a win or draw turned into a loss;
they also get ``result``, e.g. "win in 3" (the mover's moves to the win, this one included).

Tags: ``missed_forced_win`` when the mover had a forced win (VCF / VCT, or a proven win) and
the position after the move is not one; ``allowed_forced_win`` when after the move the
opponent has one and the mover was not lost already. Under the caro rule (and exact-k rules)
a move that makes k or more in a row without winning gets a ``note`` saying why.

Accuracy (lichess's formula): a move's accuracy is ``103.1668 * e^(-0.04354 * d) - 3.1669``
clamped to 0..100, where ``d`` is the winning chance in percent the move gave away; a player's
accuracy is the mean over their moves.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from engine.analysis import WIN_SCORE
from engine.board import Board
from engine.connect4.player import choose_connect4_move
from engine.errors import VariantError
from engine.exact import ExactSolver, can_solve, principal_variation
from engine.levels import TOP
from engine.lines import analyse_grid
from engine.notation import split_game
from engine.search.player import RULE_CODES
from engine.variants import VARIANTS, Rule, get_variant

MATE_BOUND = WIN_SCORE - 10_000  # scores beyond are proven results
WP_SCALE = 1500.0
THRESHOLDS = ((0.3, "blunder"), (0.2, "mistake"), (0.1, "inaccuracy"))
JUDGEMENTS = ("best", "good", "inaccuracy", "mistake", "blunder")
DEFAULT_NODES = 200_000
EXACT_TIME_MS = 2_000  # Connect Four: how long the solver may try before the heuristic answers
MAX_MULTIPV = 5
MAX_DEPTH = 60  # deeper than any node budget reaches; bounds the deepening loop


@dataclass(frozen=True, slots=True)
class TopLine:
    move: str
    score: int
    pv: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PositionEval:
    """One searched position, scores for the side to move. ``best`` is None when the game is
    over. ``forced_win`` is ``vcf``, ``vct`` or ``solved`` when the side to move has a forced
    win; ``exact`` says the score is the solver's, not an estimate. ``depth`` is the last
    finished iteration of the grid search (0 when solved exactly or the game is over)."""

    score: int
    best: str | None = None
    lines: tuple[TopLine, ...] = ()
    forced_win: str | None = None
    exact: bool = False
    nodes: int = 0
    depth: int = 0

    @property
    def pv(self) -> tuple[str, ...]:
        return self.lines[0].pv if self.lines else ()

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def evaluate_position(variant: str, moves: Sequence[str], *, max_nodes: int = DEFAULT_NODES,
                      time_ms: int | None = None, multipv: int = 1,
                      max_depth: int = MAX_DEPTH) -> PositionEval:
    """Search the position after ``moves``. ``max_nodes`` bounds the grid search (reproducible);
    ``time_ms``, when given, also bounds it by time (and is the exact solvers' budget);
    ``max_depth`` stops the grid search's iterative deepening after that depth."""
    board = Board.from_moves(variant, moves)
    multipv = max(1, min(MAX_MULTIPV, multipv))
    outcome = board.outcome()
    if outcome is not None:
        plies = len(board.move_stack)
        return PositionEval(0 if outcome.winner is None else -(WIN_SCORE - plies), exact=True)
    if board.variant == VARIANTS["connect4"]:
        return _connect4(board, time_ms or EXACT_TIME_MS)
    if can_solve(board):
        return _solved(board, multipv)
    if board.variant.rule not in RULE_CODES:
        raise VariantError(f"the engine does not analyse {board.variant.rule.value} games yet")
    found = analyse_grid(board, max_nodes=max_nodes, multipv=multipv, time_ms=time_ms,
                         max_depth=max_depth)
    lines = tuple(
        TopLine(board.move_str(line.move), line.score, tuple(board.move_str(c) for c in line.pv))
        for line in found.lines
    )
    return PositionEval(lines[0].score, lines[0].move, lines, found.forced_win, False,
                        found.nodes, found.depth)


def searched_deep_enough(found: PositionEval, depth: int, nodes_left: int) -> bool:
    """Whether iterative deepening ends with ``found``, the answer to a search asked to go to
    ``depth``: it is exact (solved, game over), a proven result, the budget cut it short (its
    depth is below the one asked for), or no nodes are left for another depth.

    The analysis board deepens one search per depth (``evaluate_position(max_depth=d)``, each
    within what is left of one node budget) and shows every answer, so the page's lines
    improve while the engine thinks, and the caller may stop between two depths."""
    return (found.exact or abs(found.score) >= MATE_BOUND or found.depth < depth
            or nodes_left <= 0)


def _connect4(board: Board, time_ms: int) -> PositionEval:
    analysis = choose_connect4_move(board, time_ms=time_ms, level=TOP, seed=0)
    exact = analysis.depth >= board.variant.cells - len(board.move_stack) or (
        abs(analysis.score) >= MATE_BOUND)
    line = TopLine(analysis.move, analysis.score, tuple(analysis.pv))
    forced = "solved" if exact and analysis.score >= MATE_BOUND else None
    return PositionEval(analysis.score, analysis.move, (line,), forced, exact, analysis.nodes)


def _solved(board: Board, multipv: int) -> PositionEval:
    solver = ExactSolver(board.variant.spec)
    scores = solver.score_moves(board)
    ranked = sorted(scores, key=lambda move: (-scores[move], move))[:multipv]
    lines = tuple(
        TopLine(board.move_str(move), scores[move],
                tuple(principal_variation(board.copy(), solver, move)))
        for move in ranked
    )
    best = lines[0]
    forced = "solved" if best.score >= MATE_BOUND else None
    return PositionEval(best.score, best.move, lines, forced, True, solver.nodes)


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move judged. ``score`` is the position after it from the mover's side; ``best`` and
    ``pv`` are what the engine preferred before it."""

    ply: int
    move: str
    score: int
    best: str | None
    pv: tuple[str, ...]
    judgement: str
    accuracy: float
    tags: tuple[str, ...] = ()
    result: str | None = None
    note: str | None = None
    no_win: tuple[NoWin, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class GameReview:
    moves: tuple[MoveReview, ...]
    accuracy: dict[str, float | None] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        return {"moves": [move.to_dict() for move in self.moves], "accuracy": self.accuracy}


def win_chance(score: int) -> float:
    """The side's chance to win from its score (proven results are 0 or 1)."""
    if score >= MATE_BOUND:
        return 1.0
    if score <= -MATE_BOUND:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / WP_SCALE))


def move_accuracy(chance_before: float, chance_after: float) -> float:
    drop = max(0.0, chance_before - chance_after) * 100
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * drop) - 3.1669))


def review_game(variant: str, moves: Sequence[str], evals: Sequence[PositionEval]) -> GameReview:
    """Judge every move; ``evals[i]`` is the position before move ``i`` (one more than moves)."""
    if len(evals) != len(moves) + 1:
        raise ValueError(f"{len(moves)} moves need {len(moves) + 1} evaluations, not {len(evals)}")
    board = Board(variant)
    reviews = []
    for ply, (move, before, after) in enumerate(zip(moves, evals, evals[1:], strict=False)):
        board.push_str(move)
        reviews.append(_judge(board, ply + 1, move, before, after))
    by_side: dict[str, list[float]] = {"first": [], "second": []}
    for review in reviews:
        by_side["first" if review.ply % 2 else "second"].append(review.accuracy)
    accuracy = {side: round(sum(acc) / len(acc), 1) if acc else None
                for side, acc in by_side.items()}
    return GameReview(tuple(reviews), accuracy)


def _judge(board: Board, ply: int, move: str, before: PositionEval,
           after: PositionEval) -> MoveReview:
    best_score, played = before.score, -after.score
    chance_before, chance_after = win_chance(best_score), win_chance(played)
    if before.exact and after.exact:
        judgement = _exact_judgement(best_score, played)
        result = _result_text(played, ply)
    else:
        lost = played <= -MATE_BOUND < best_score
        judgement = _judgement(chance_before - chance_after, move == before.best, lost)
        result = None
    tags = []
    if before.forced_win and played < MATE_BOUND:
        tags.append("missed_forced_win")
    if after.forced_win and best_score > -MATE_BOUND:
        tags.append("allowed_forced_win")
    no_win = why_not_a_win(board, board.move_stack[-1])
    return MoveReview(
        ply=ply, move=move, score=played, best=before.best, pv=before.pv, judgement=judgement,
        accuracy=round(move_accuracy(chance_before, chance_after), 1), tags=tuple(tags),
        result=result, note="; ".join(part.text for part in no_win) or None, no_win=no_win,
    )


def _judgement(drop: float, is_best: bool, gave_a_proven_loss: bool) -> str:
    if gave_a_proven_loss:
        return "blunder"
    if is_best or drop <= 0:
        return "best"
    return next((name for limit, name in THRESHOLDS if drop >= limit), "good")


def _result_class(score: int) -> int:
    return (score > 0) - (score < 0)


def _exact_judgement(best: int, played: int) -> str:
    if played >= best:
        return "best"
    lost = _result_class(best) - _result_class(played)  # result classes given away: 0..2
    if lost == 0:
        return "good"
    return "mistake" if lost == 1 and best > 0 else "blunder"  # a win drawn / a loss


def _result_text(score: int, ply: int) -> str:
    """The exact result after the move at ``ply``, in the mover's moves (wins) or the
    opponent's moves (losses) to the end."""
    if score == 0:
        return "draw"
    end_ply = WIN_SCORE - abs(score)
    if score > 0:
        return f"win in {(end_ply - ply) // 2 + 1}"
    return f"loss in {(end_ply - ply + 1) // 2}"


@dataclass(frozen=True, slots=True)
class NoWin:
    """A run of ``length`` >= ``k`` stones from ``span``'s first to last cell that did not
    win: ``blocked`` (exactly k, both ends blocked by the opponent: the caro rule) or
    ``overline`` (more than k where only exactly k wins). Data, so a page can say it in the
    reader's language; ``text`` is the English."""

    span: str
    length: int
    k: int
    reason: str

    @property
    def text(self) -> str:
        if self.reason == "overline":
            return f"{self.span} is {self.length} in a row: only exactly {self.k} wins here"
        run = "five" if self.k == 5 else f"{self.k} in a row"
        return (f"{self.span} is {run} but blocked at both ends by the opponent's stones, "
                f"which does not win under the caro rule")


def why_not_a_win(board: Board, move: int) -> tuple[NoWin, ...]:
    """The run(s) of k or more that ``move`` made that do not win (none when it won or made
    no such run)."""
    variant = board.variant
    if variant.rule is Rule.FREESTYLE or board.outcome() is not None:
        return ()
    found = []
    for cells, blocked in board.runs_through(move):
        if len(cells) < variant.k or variant.wins(len(cells), blocked, board.cell(move)):
            continue
        ends = sorted(cells)
        span = f"{board.move_str(ends[0])}-{board.move_str(ends[-1])}"
        reason = "overline" if len(cells) > variant.k else "blocked"
        found.append(NoWin(span, len(cells), variant.k, reason))
    return tuple(found)


def analyse_game(variant: str, game: Sequence[str] | str, *, max_nodes: int = DEFAULT_NODES,
                 time_ms: int | None = None) -> GameReview:
    """Evaluate every position in this process and judge the game (tests, CLI)."""
    moves = split_game(get_variant(variant), game)
    evals = [evaluate_position(variant, moves[:i], max_nodes=max_nodes, time_ms=time_ms)
             for i in range(len(moves) + 1)]
    return review_game(variant, moves, evals)
