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


def test_each_level_says_how_often_it_beats_the_level_below(tmp_path: Path) -> None:
    table = tmp_path / "ladder.json"
    table.write_text(json.dumps({"levels": {
        "1": {"elo": 100}, "2": {"elo": 300}, "3": {"elo": 300}}}))
    by_level = {entry["level"]: entry for entry in levels_payload(ratings(table))["levels"]}
    assert by_level[1]["against_below"] is None
    assert by_level[2]["against_below"] == {"level": 1, "score": 0.76}  # 200 Elo: 3 in 4
    assert by_level[3]["against_below"] == {"level": 2, "score": 0.5}
    assert by_level[4]["against_below"] is None  # no rating measured for it


def test_the_shipped_ladder_climbs_every_step() -> None:
    levels = levels_payload(ratings())["levels"]
    assert all(0.5 < entry["against_below"]["score"] < 1 for entry in levels[1:])
