"""The compile-ahead stamp (engine/precompile.py): a cache counts as warm only when a complete
compile of these sources, for this CPU, left it and numba's index files are all still there;
and the stale-cache guard clears the cache where numba keeps it, NUMBA_CACHE_DIR included."""

from __future__ import annotations

import json
from pathlib import Path

import numba
import pytest

from engine import precompile
from engine.search import cache_guard


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """NUMBA_CACHE_DIR pointed at an empty directory, as in the Docker image."""
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path))
    return tmp_path


def fake_compile(names: tuple[str, ...] = ("alphabeta.search_root-330.py311.nbi",)) -> list[Path]:
    """Index files where numba would write the search's, and the stamp a compile leaves."""
    directory = cache_guard.numba_cache_dir(cache_guard.PACKAGE)
    directory.mkdir(parents=True, exist_ok=True)
    files = [directory / name for name in names]
    for path in files:
        path.write_bytes(b"index")
    precompile.write_stamp()
    return files


def test_an_empty_cache_directory_is_cold(cache_dir: Path) -> None:
    assert not precompile.is_warm()


def test_a_stamped_cache_whose_index_files_are_there_is_warm(cache_dir: Path) -> None:
    fake_compile()
    assert precompile.is_warm()
    assert precompile.stamp_path().parent.parent == cache_dir


def test_a_cache_that_lost_an_index_file_is_cold(cache_dir: Path) -> None:
    first, _second = fake_compile(("a-1.py311.nbi", "b-2.py311.nbi"))
    first.unlink()
    assert not precompile.is_warm()


@pytest.mark.parametrize("key", ["sources", "numba", "cpu", "cpu_features"])
def test_a_cache_compiled_from_other_sources_or_for_another_cpu_is_cold(
        cache_dir: Path, key: str) -> None:
    fake_compile()
    stamp = json.loads(precompile.stamp_path().read_text())
    stamp["fingerprint"][key] = "something else"
    precompile.stamp_path().write_text(json.dumps(stamp))
    assert not precompile.is_warm()


def test_a_stamp_without_index_files_is_cold(cache_dir: Path) -> None:
    precompile.write_stamp()
    assert not precompile.is_warm()


def test_the_stale_cache_guard_clears_the_numba_cache_dir_not_the_source_tree(
        cache_dir: Path) -> None:
    (stale,) = fake_compile()
    cache = stale.parent
    (cache / cache_guard.STAMP_NAME).write_text("the digest of other sources")
    cache_guard.clear_stale_cache()
    assert not stale.exists()
    assert (cache / cache_guard.STAMP_NAME).read_text() == cache_guard.sources_digest()


def test_the_progress_line_names_each_step_in_a_log(tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    with log.open("w") as out:
        line = precompile.ProgressLine(out)
        line.step(0, 7, "gomoku")
        line.step(1, 7, "caro")
        line.finish("done")
    lines = log.read_text().splitlines()
    assert lines[0].startswith(f"{precompile.TITLE}: 1/7 gomoku ... ")
    assert lines[1].startswith(f"{precompile.TITLE}: 2/7 caro ... ")
    assert lines[2] == "done"
