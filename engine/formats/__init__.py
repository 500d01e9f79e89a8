"""Game records in the formats other programs read and write: SGF (gomoku), the piskvork /
Gomocup ``.psq`` record, and Caro Arena's own text export.

Each format is a pair of pure functions, ``export_<fmt>(record) -> str`` and
``import_<fmt>(text, variant=None) -> GameRecord``. Import replays every move on a
:class:`~engine.board.Board`, so a record that imports is a legal game; anything else raises
:class:`RecordError` (code ``bad_record``) with a message that says what and where.

    >>> record = import_text('[Variant "gomoku"]\\n\\nh8 h9 i8\\n')
    >>> import_sgf(export_sgf(record)).moves
    ('h8', 'h9', 'i8')
"""

from __future__ import annotations

from engine.formats.psq import export_psq, import_psq
from engine.formats.record import FORMATS, GameRecord, RecordError, export_record, import_record
from engine.formats.sgf import export_sgf, import_sgf
from engine.formats.text import export_text, import_text

__all__ = [
    "FORMATS",
    "GameRecord",
    "RecordError",
    "export_psq",
    "export_record",
    "export_sgf",
    "export_text",
    "import_psq",
    "import_record",
    "import_sgf",
    "import_text",
]
