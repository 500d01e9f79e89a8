"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), as lichess uses it:
rating, deviation (RD) and volatility per player, one game per rating period.

Pure arithmetic, no I/O. `rate(player, [(opponent, score), ...])` follows the paper's steps 2-8
on the Glicko-2 scale (mu, phi, sigma) and returns the player's new rating; tests check the
paper's worked example. A small module of our own instead of a dependency: the algorithm is
sixty lines, and this way the constants below are ours to read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178           # Glicko -> Glicko-2 scale
TAU = 0.75                 # how much volatility may change (lichess: 0.75)
EPSILON = 1e-6             # convergence of the volatility iteration
MAX_ITERATIONS = 100       # bounded: the iteration converges in a handful of steps
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
MIN_RD = 45.0              # lichess's floor: a rating never looks more certain than this
MAX_RD = 350.0
PROVISIONAL_RD = 110.0     # above this the rating is shown with "?" (lichess)


@dataclass(slots=True, frozen=True)
class Glicko:
    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float) -> float:
    """Step 5: the Illinois algorithm on f(x), x = ln(sigma'^2)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2)
                - (x - a) / TAU ** 2)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0 and k < MAX_ITERATIONS:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(MAX_ITERATIONS):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate(player: Glicko, results: list[tuple[Glicko, float]]) -> Glicko:
    """The player's rating after a period with `results`: (opponent before, score 1/0.5/0)."""
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.rd / SCALE
    if not results:
        phi_star = math.sqrt(phi * phi + player.volatility ** 2)
        return Glicko(player.rating, min(MAX_RD, phi_star * SCALE), player.volatility)
    games = [((o.rating - DEFAULT_RATING) / SCALE, o.rd / SCALE, score) for o, score in results]
    v = 1 / sum(_g(phi_j) ** 2 * _expected(mu, mu_j, phi_j) * (1 - _expected(mu, mu_j, phi_j))
                for mu_j, phi_j, _score in games)
    improvement = sum(_g(phi_j) * (score - _expected(mu, mu_j, phi_j))
                      for mu_j, phi_j, score in games)
    sigma = _new_volatility(player.volatility, phi, v, v * improvement)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * improvement
    rd = min(MAX_RD, max(MIN_RD, new_phi * SCALE))
    return Glicko(new_mu * SCALE + DEFAULT_RATING, rd, sigma)


def rate_game(first: Glicko, second: Glicko, winner: int | None) -> tuple[Glicko, Glicko]:
    """Both players' ratings after one game between them (winner 1, 2 or None: a draw)."""
    score = 0.5 if winner is None else 1.0 if winner == 1 else 0.0
    return rate(first, [(second, score)]), rate(second, [(first, 1 - score)])
