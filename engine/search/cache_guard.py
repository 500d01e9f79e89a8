"""Drop numba's on-disk cache of this package when any of its sources changed.

numba checks only the timestamp of the file that defines a cached function, but a compiled
function embeds the code of the functions it calls from other files. After an edit to, say,
``patterns.py``, a cached ``alphabeta.negamax`` would keep running the old pattern code. So
the package keeps a digest of all its sources beside the cache and clears the cache when the
digest changes. Runs once at import, before any compiled function is loaded. The cache is where
numba puts it: the package's ``__pycache__``, or a directory under NUMBA_CACHE_DIR when that is
set (the Docker image).
"""

from __future__ import annotations

import hashlib
import logging
import os
from pathlib import Path

import numba
from numba.core.caching import _CacheLocator

log = logging.getLogger(__name__)

PACKAGE = Path(os.path.abspath(os.path.dirname(__file__)))  # as numba names the source files
STAMP_NAME = "numba-sources.sha256"


# Compiled code from outside the package that the search calls (the clock).
EXTRA_SOURCES = (PACKAGE.parent / "native.py",)


def numba_cache_dir(source_dir: Path) -> Path:
    """Where numba keeps the compiled code of the modules in ``source_dir``."""
    if numba.config.CACHE_DIR:
        subpath = _CacheLocator.get_suitable_cache_subpath(str(source_dir / "__init__.py"))
        return Path(numba.config.CACHE_DIR) / subpath
    return source_dir / "__pycache__"


def sources_digest() -> str:
    digest = hashlib.sha256()
    for path in [*sorted(PACKAGE.glob("*.py")), *(p for p in EXTRA_SOURCES if p.exists())]:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def clear_stale_cache() -> None:
    """Remove cached numba code compiled from other versions of the package's sources."""
    cache = numba_cache_dir(PACKAGE)
    stamp = cache / STAMP_NAME
    try:
        current = sources_digest()
        if stamp.exists() and stamp.read_text() == current:
            return
        cache.mkdir(parents=True, exist_ok=True)
        stale = [p for p in cache.iterdir() if p.suffix in (".nbi", ".nbc")]
        for path in stale:
            path.unlink(missing_ok=True)
        stamp.write_text(current)
        if stale:
            log.info("cleared %d stale numba cache files", len(stale))
    except OSError as error:  # a read-only install still works, it just compiles in memory
        log.warning("numba cache check skipped: %s", error)
