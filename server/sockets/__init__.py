"""The WebSocket (docs/protocol.md §3): one socket per tab, the live half of the protocol.

Owns: accepting a socket (`endpoint`), one socket's I/O (`connection.Connection`), its
decisions without I/O (`session.SocketSession`: hello and seat, resume or snapshot,
de-duplication, abuse), the client messages (`messages`) and per-socket rate limits
(`ratelimit`). As the `websockets` library splits its protocol from its I/O, every decision
is in `session` and tested without a socket.

Imports: server.http (the context keys, the identity cookie, the client's address: a socket
starts as an HTTP request), server.play, server.rooms, server.platform.

Other packages (the app) may use: `endpoint.setup`.
"""
