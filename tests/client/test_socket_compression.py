"""What a real browser's room socket negotiates: Chromium offers permessage-deflate, and the
server declines it (server/sockets/endpoint.py, compress=False): the frames stay uncompressed
and no socket holds a zlib state. bench/load.py offers the extension the same way, so its
memory per socket (scenario 2, docs/performance.md) is a browser's."""

from __future__ import annotations

from playwright.sync_api import expect


def test_chromium_offers_permessage_deflate_and_the_server_declines_it(players) -> None:
    lan = players("lan")
    handshakes: list[dict] = []
    session = lan.page.context.new_cdp_session(lan.page)
    session.send("Network.enable")
    session.on("Network.webSocketWillSendHandshakeRequest",
               lambda event: handshakes.append({"offered": event["request"]["headers"]}))
    session.on("Network.webSocketHandshakeResponseReceived",
               lambda event: handshakes.append({"answered": event["response"]["headers"]}))
    lan.home(name="Lan")
    lan.create("Gomoku", first="Me")
    expect(lan.page.locator("#conn")).to_have_attribute("data-state", "online")

    offers = [h["offered"] for h in handshakes if "offered" in h]
    answers = [h["answered"] for h in handshakes if "answered" in h]
    assert offers and answers
    for offer in offers:
        extensions = {k.lower(): v for k, v in offer.items()}["sec-websocket-extensions"]
        assert "permessage-deflate" in extensions
    for answer in answers:
        assert "sec-websocket-extensions" not in {k.lower() for k in answer}
