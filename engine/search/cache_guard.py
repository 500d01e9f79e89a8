"""Drop numba's on-disk cache of this package when any of its sources changed.

numba checks only the timestamp of the file that defines a cached function, but a compiled
function embeds the code of the functions it calls from other files. After an edit to, say,
``patterns.py``, a cached ``alphabeta.negamax`` would keep running the old pattern code. So
the package keeps a digest of all its sources beside the cache and clears the cache when the
digest changes. Runs once at import, before any compiled function is loaded.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

log = logging.getLogger(__name__)

PACKAGE = Path(__file__).resolve().parent
CACHE = PACKAGE / "__pycache__"
STAMP = CACHE / "numba-sources.sha256"


# Compiled code from outside the package that the search calls (the clock).
EXTRA_SOURCES = (PACKAGE.parent / "native.py",)


def sources_digest() -> str:
    digest = hashlib.sha256()
    for path in [*sorted(PACKAGE.glob("*.py")), *(p for p in EXTRA_SOURCES if p.exists())]:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def clear_stale_cache() -> None:
    """Remove cached numba code compiled from other versions of the package's sources."""
    try:
        current = sources_digest()
        if STAMP.exists() and STAMP.read_text() == current:
            return
        CACHE.mkdir(exist_ok=True)
        stale = [p for p in CACHE.iterdir() if p.suffix in (".nbi", ".nbc")]
        for path in stale:
            path.unlink(missing_ok=True)
        STAMP.write_text(current)
        if stale:
            log.info("cleared %d stale numba cache files", len(stale))
    except OSError as error:  # a read-only install still works, it just compiles in memory
        log.warning("numba cache check skipped: %s", error)
