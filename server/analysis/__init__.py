"""Analysis: the computer's review of finished games and the analysis board's searches.

Owns: the analysis service (`service.AnalysisService`: a queue of reviews searched in worker
processes of their own, at a lower priority, and single-position searches for the analysis
board), where analyses are kept (`store`: Redis while they run, the SQL archive for good), and
the gate that stops the analysis workers while a live search runs (`gate`).

Imports: server.players (the archive's SQL), server.play (game records in Redis),
server.rooms, server.platform, engine.

Other packages may use:
- `service`: `AnalysisService`, `BOARD_MULTIPV_MAX`
- `store`: `analysis_store`
"""
