"""The HTTP API and pages (docs/protocol.md §2): aiohttp routes, their guards and bodies.

Owns: one module of routes per capability, each with a `setup(app)` listed in
server/app.py: rooms and quick play (`rooms`), variants (`variants`), AI levels (`levels`),
input limits (`limits`), a player's rooms (`player_rooms`), profiles, archived games and
leaderboards (`players`), accounts (`accounts`), analysis (`analysis`), health and metrics
(`health`), the client's page and files (`pages`). Beside them: what the app context holds
(`context`), the identity cookie (`identity`), the client's address behind a proxy (`proxy`),
JSON errors and same-origin writes (`guard`), request bodies (`bodies`), exports (`exports`),
QR codes (`qr`).

Routes hold no rule: they parse, call a service of server/play, server/players or
server/analysis, and answer.

Imports: server.analysis, server.players, server.play, server.rooms, server.platform, engine.

Other packages (the socket endpoint, the app) may use:
- `context`: `SETTINGS`, `REDIS`, `SQL`, `OUTBOX`, `ARENA`, `ANALYSIS`
- `identity`: `player_of`; `proxy`: `client_address`; `health`: `ping`
- every route module's `setup`
"""
