"""Tournaments: arenas, Swiss tournaments and round robins (docs/tournaments.md).

Owns the pure rules, each tested without I/O: the shared values (`results`: `Format`, `Game`,
`Result`, `Outcome`, `Side`, `Entrant`), points (`scoring`), tie-breaks (`tiebreaks`), the
standings (`standings.standings`), the pairings: arena (`arena_pairing.pair_arena`), Swiss
after the FIDE Dutch system (`swiss.pair_swiss`, colours in `colours`) and round robin from
the Berger tables (`berger.schedule`); a tournament as a value with join and leave
(`tournament`) and the director's next step (`progress.advance`).
And the I/O around them: the live state in Redis (`store`), the SQL archive (`archive`), the
games' rooms (`rooms`), the director loop that runs each tournament on one node at a time
(`director`), the JSON clients see (`views`), and the face for routes (`service`).

Imports: server.notifications (the "paired" notice), server.pool (its `Lease`),
server.relations (`require_account`), server.play (the room service), server.players (the SQL
tables, the archived games), server.rooms, server.platform, engine; networkx (the Swiss's
matchings).

Other packages may use:
- `service`: `Tournaments` (`service`: `TournamentService` with `create`, `join`, `leave`,
  `page`, `lists`; `director`; `changes`: the fan-out of the tournaments' channels, which a
  player socket joins to carry a tournament's changes), `build`, `running`
- `tournament`: `Terms`, `password_hash`; `results`: `Format`
"""
