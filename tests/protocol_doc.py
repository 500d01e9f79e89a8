"""What docs/protocol.md promises, read from the document itself, so tests hold the server
and the client to the published text rather than to a copy of it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

PROTOCOL = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"


def error_table() -> dict[str, int | None]:
    """The error table of §5: code -> HTTP status (None where the table says "—")."""
    text = PROTOCOL.read_text()
    table = text[text.index("## 5. Error codes"):]
    table = table[:table.index("\n## ", 1)]
    rows = re.findall(r"^\| `([a-z_]+)` \| (\d{3}|—) \|", table, re.MULTILINE)
    return {code: None if status == "—" else int(status) for code, status in rows}


@dataclass(frozen=True, slots=True)
class RoomIds:
    """What the Conventions promise about room ids."""

    length: int          # characters in every id the server mints
    random_chars: int    # the leading characters that are random
    random_bits: int
    max_length: int      # what a client may rely on


def room_ids() -> RoomIds:
    """The room id sentences of the Conventions, read from the document."""
    text = " ".join(PROTOCOL.read_text().split())  # one line: the sentences wrap
    text = text[text.index("Room ids are"):text.index("Seat tokens")]
    length = int(re.search(r"Room ids are (\d+) URL-safe characters", text)[1])
    bits = int(re.search(r"(\d+) random bits", text)[1])
    random_chars = re.search(r"(\d+) random ones", text)
    max_length = re.search(r"at most (\d+) characters long", text)
    return RoomIds(length, int(random_chars[1]) if random_chars else length, bits,
                   int(max_length[1]) if max_length else length)
