"""Caro Arena server: the asyncio shell (aiohttp, redis-py asyncio, an AI process pool) around
the pure game engine in `engine/`.

`__version__` is the single source of the package version (pyproject.toml reads it).
"""

from __future__ import annotations

__version__ = "0.1.0"
