"""The import graph of the server's packages, as the Mermaid drawing docs/architecture.md
opens with. `python -m tests.import_graph` prints it; tests/test_foundation_imports.py checks
that the drawing in the docs is the code's."""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def layered_packages() -> tuple[str, ...]:
    """The server's packages top to bottom, read from the layers contract in pyproject.toml
    (a package added there is drawn without touching this file)."""
    contracts = tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]["contracts"]
    (layers,) = [contract["layers"] for contract in contracts if contract["type"] == "layers"]
    return tuple(name.strip().removeprefix("server.")
                 for layer in layers for name in layer.split("|"))


PACKAGES = layered_packages()


def package_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] == "engine":
        return "engine"
    if parts[0] != "server" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in PACKAGES else None


def package_edges() -> set[tuple[str, str]]:
    """(importer, imported) for every pair of packages with at least one direct import."""
    graph = grimp.build_graph("server", "engine")
    edges = set()
    for module in graph.modules:
        source = package_of(module)
        if source is None or source == "engine":
            continue
        for imported in graph.find_modules_directly_imported_by(module):
            target = package_of(imported)
            if target is not None and target != source:
                edges.add((source, target))
    return edges


def mermaid() -> str:
    """The packages top to bottom, an arrow from each to what it imports (the engine, which
    every package may use, drawn once at the bottom with arrows from those that do)."""
    lines = ["```mermaid", "flowchart TD"]
    for source, target in sorted(package_edges(), key=lambda e: (
            (PACKAGES + ("engine",)).index(e[0]), (PACKAGES + ("engine",)).index(e[1]))):
        lines.append(f"    {source} --> {target}")
    lines.append("```")
    return "\n".join(lines)


if __name__ == "__main__":
    print(mermaid())
