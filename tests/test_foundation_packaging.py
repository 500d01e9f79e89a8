"""The package installs the way the Docker image installs it (`pip install .`, not editable)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.harness import REPO_ROOT, RedisServer, ServerNode, free_port, http_get

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


def package_files() -> set[str]:
    return {
        path.relative_to(REPO_ROOT).as_posix()
        for package in PACKAGES
        for path in (REPO_ROOT / package).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


@pytest.mark.slow
def test_wheel_contains_every_engine_and_server_file(wheel: zipfile.ZipFile) -> None:
    """A file missing here (a subpackage without __init__.py, a data file not declared as
    package data) would be missing in the Docker image, where the code runs from
    site-packages."""
    assert package_files() <= set(wheel.namelist())


@pytest.mark.slow
def test_installed_package_serves_outside_the_repository(
    wheel: zipfile.ZipFile, tmp_path: Path, redis_server: RedisServer
) -> None:
    """The Docker image's situation: the code is the installed wheel, the working directory is
    elsewhere, the client comes from CLIENT_DIR."""
    site = tmp_path / "site-packages"
    wheel.extractall(site)  # a pure-Python wheel installs by unpacking
    workdir = tmp_path / "work"
    workdir.mkdir()
    node = ServerNode(
        node_id="installed", port=free_port(), redis_url=redis_server.url,
        log_path=tmp_path / "node.log", cwd=workdir,
        extra_env={"PYTHONPATH": str(site), "CLIENT_DIR": str(REPO_ROOT / "client")},
    )
    try:
        node.start()
        assert node.health()[0] == 200
        assert http_get(f"{node.url}/")[1] == (REPO_ROOT / "client" / "index.html").read_bytes()
        # The node's interpreter, working directory and path resolve the packages to the wheel:
        where = "import server, engine; print(server.__file__, engine.__file__)"
        result = subprocess.run(
            [sys.executable, "-c", where],
            cwd=workdir, env={"PYTHONPATH": str(site)}, capture_output=True, text=True, timeout=60,
        )
        assert result.stdout.split() == [str(site / "server" / "__init__.py"),
                                         str(site / "engine" / "__init__.py")]
    finally:
        node.stop()


@pytest.mark.slow
def test_wheel_declares_the_caro_arena_command(wheel: zipfile.ZipFile) -> None:
    entry_points = next(name for name in wheel.namelist() if name.endswith("entry_points.txt"))
    assert "caro-arena = server.cli:main" in wheel.read(entry_points).decode()


def test_repo_has_the_documented_layout() -> None:
    for name in ("engine", "server", "client", "tests", "bench", "docs", "pyproject.toml",
                 "Dockerfile", "docker-compose.yml", "README.md", ".ci/run", "Makefile"):
        assert (REPO_ROOT / name).exists(), name
    assert Path(REPO_ROOT / ".ci" / "run").stat().st_mode & 0o111
