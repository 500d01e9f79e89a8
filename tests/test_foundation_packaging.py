"""The package installs the way the Docker image installs it (`pip install .`, not editable)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

PACKAGES = ("engine", "server")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out),
         str(REPO_ROOT)],
        check=True, capture_output=True, timeout=300,
    )
    (path,) = out.glob("caro_arena-*.whl")
    return zipfile.ZipFile(path)


def source_modules() -> set[str]:
    return {
        path.relative_to(REPO_ROOT).as_posix()
        for package in PACKAGES
        for path in (REPO_ROOT / package).rglob("*.py")
        if "__pycache__" not in path.parts
    }


@pytest.mark.slow
def test_wheel_contains_every_engine_and_server_module(wheel: zipfile.ZipFile) -> None:
    """A module missing here (e.g. a subpackage without __init__.py) would be missing in the
    Docker image, where the code runs from site-packages."""
    assert source_modules() <= set(wheel.namelist())


@pytest.mark.slow
def test_wheel_declares_the_caro_arena_command(wheel: zipfile.ZipFile) -> None:
    entry_points = next(name for name in wheel.namelist() if name.endswith("entry_points.txt"))
    assert "caro-arena = server.cli:main" in wheel.read(entry_points).decode()


def test_repo_has_the_documented_layout() -> None:
    for name in ("engine", "server", "client", "tests", "bench", "docs", "pyproject.toml",
                 "Dockerfile", "docker-compose.yml", "README.md", ".ci/run", "Makefile"):
        assert (REPO_ROOT / name).exists(), name
    assert Path(REPO_ROOT / ".ci" / "run").stat().st_mode & 0o111
