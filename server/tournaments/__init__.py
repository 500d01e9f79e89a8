"""Tournaments: arenas, Swiss tournaments and round robins (docs/tournaments.md).

Owns the pure rules, each tested without I/O: the shared values (`results`: `Format`, `Game`,
`Result`, `Outcome`, `Side`, `Entrant`), points (`scoring`), tie-breaks (`tiebreaks`), the
standings (`standings.standings`), and the pairings: arena (`arena_pairing.pair_arena`),
Swiss after the FIDE Dutch system (`swiss.pair_swiss`, colours in `colours`) and round robin
from the Berger tables (`berger.schedule`).

Imports: networkx (the Swiss's matchings) and nothing of the server yet.

Other packages may use: the names above.
"""
