"""The ladder as the API serves it (server/http/levels.py): levels from the engine, ratings from the
table bench/ladder.py writes, and no ratings (but every level) when that table is unusable."""

from __future__ import annotations

import json
from pathlib import Path

from engine.levels import DEFAULT, LEVELS
from server.http.levels import levels_payload, ratings


def test_each_level_carries_its_measured_rating(tmp_path: Path) -> None:
    table = tmp_path / "ladder.json"
    rating = {"elo": 420, "low": 380, "high": 460, "games": 120}
    table.write_text(json.dumps({"levels": {str(DEFAULT): rating}}))
    payload = levels_payload(ratings(table))
    by_level = {entry["level"]: entry for entry in payload["levels"]}
    assert by_level[DEFAULT]["rating"] == rating
    assert all(by_level[n]["rating"] is None for n in LEVELS if n != DEFAULT)


def test_an_unreadable_table_leaves_the_ratings_out_but_not_the_levels(tmp_path: Path) -> None:
    broken = tmp_path / "ladder.json"
    broken.write_text("{not json")
    for path in (broken, tmp_path / "missing.json"):
        payload = levels_payload(ratings(path))
        assert [entry["level"] for entry in payload["levels"]] == sorted(LEVELS)
        assert all(entry["rating"] is None for entry in payload["levels"])
