"""The import contracts of pyproject.toml (`lint-imports`, run by `make test`) hold, and each one
catches the import it forbids: a copy of the tree with one forbidden import breaks exactly that
contract (docs/architecture.md, "The house")."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.harness import REPO_ROOT
from tests.import_graph import mermaid

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

# (file, the import added, the contract it breaks)
FORBIDDEN = [
    ("engine/board.py", "import server.platform.errors",
     "The engine is pure: it imports nothing from the server"),
    ("server/platform/clock.py", "from ..play import arena",
     "The server's packages are layers: each imports only those below it"),
    ("server/http/rooms.py", "from ..sockets import endpoint",
     "The server's packages are layers: each imports only those below it"),
    ("server/players/archive.py", "from ..play import lobby",
     "The server's packages are layers: each imports only those below it"),
    ("server/rooms/state.py", "import asyncio",
     "The room machine does no I/O: no aiohttp, Redis, SQL or asyncio in server.rooms"),
    ("server/rooms/state.py", "import redis",
     "The room machine does no I/O: no aiohttp, Redis, SQL or asyncio in server.rooms"),
    ("server/play/lobby.py", "from aiohttp import web",
     "Only the HTTP and socket packages (and the app that mounts them) speak aiohttp"),
]


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=root, capture_output=True,
                          text=True, timeout=120)


def broken_contracts(output: str) -> set[str]:
    return {line.removesuffix(" BROKEN") for line in output.splitlines()
            if line.endswith(" BROKEN")}


def test_the_tree_keeps_every_import_contract() -> None:
    result = lint_imports(REPO_ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.fixture(scope="module")
def tree_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tree")
    for package in ("engine", "server"):
        shutil.copytree(REPO_ROOT / package, root / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO_ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


@pytest.mark.parametrize(("path", "line", "contract"), FORBIDDEN,
                         ids=[f"{path}:{line}" for path, line, _ in FORBIDDEN])
def test_a_forbidden_import_breaks_its_contract(tree_copy: Path, path: str, line: str,
                                                contract: str) -> None:
    target = tree_copy / path
    original = target.read_text()
    target.write_text(original + f"\n{line}  # noqa\n")
    try:
        result = lint_imports(tree_copy)
    finally:
        target.write_text(original)
    assert result.returncode != 0
    assert broken_contracts(result.stdout) == {contract}, result.stdout


def test_the_architecture_drawing_is_the_code_s_import_graph() -> None:
    """docs/architecture.md opens with the packages' import graph; when an import between
    packages appears or goes, the drawing must follow (`python -m tests.import_graph`)."""
    assert mermaid() in (REPO_ROOT / "docs/architecture.md").read_text()
