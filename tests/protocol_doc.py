"""What docs/protocol.md promises, read from the document itself, so tests hold the server
and the client to the published text rather than to a copy of it."""

from __future__ import annotations

import re
from pathlib import Path

PROTOCOL = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"


def error_table() -> dict[str, int | None]:
    """The error table of §5: code -> HTTP status (None where the table says "—")."""
    text = PROTOCOL.read_text()
    table = text[text.index("## 5. Error codes"):]
    table = table[:table.index("\n## ", 1)]
    rows = re.findall(r"^\| `([a-z_]+)` \| (\d{3}|—) \|", table, re.MULTILINE)
    return {code: None if status == "—" else int(status) for code, status in rows}
