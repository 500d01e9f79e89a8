"""The QR code of a room's link, drawn by the server with segno: a phone camera opens the room
without typing, and no outside service sees the link."""

from __future__ import annotations

import importlib
import io


def qr_svg(text: str) -> bytes:
    """An SVG QR code of `text` (error correction M, a 2-module quiet zone, black on white).
    segno is imported on the first code drawn: its tables cost every node start ~0.1 s of CPU."""
    segno = importlib.import_module("segno")
    code = segno.make(text, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=4, border=2, xmldecl=False, svgclass="qr",
              light="#fff", dark="#000", title="QR code")
    return out.getvalue()
