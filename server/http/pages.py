"""The browser client: its page, served for every path the browser app routes itself (`/`,
`/r/{id}`, `/g/{id}`, `/analysis`, `/@/{username}`, `/leaderboard/{variant}`, ...), and its
files under `/static/`. The page handler has its own module so that the route modules can all
import it without importing each other."""

from __future__ import annotations

import logging

from aiohttp import web

from .context import SETTINGS

log = logging.getLogger(__name__)


async def index_page(request: web.Request) -> web.StreamResponse:
    """The client's single page. Also the handler for client-side routes such as the room page
    `/r/{room_id}`: the page's script reads the path. Re-read per request (it is small) so a
    deployment can update the client without a restart."""
    index = request.app[SETTINGS].client_dir / "index.html"
    if not index.is_file():
        raise web.HTTPNotFound(text=f"{index} not found; set CLIENT_DIR")
    return web.FileResponse(index, headers={"Cache-Control": "no-cache"})


def setup(app: web.Application) -> None:
    client_dir = app[SETTINGS].client_dir
    if not (client_dir / "index.html").is_file():
        log.error("client not found: %s has no index.html (set CLIENT_DIR)", client_dir)
    app.router.add_get("/", index_page)
    if client_dir.is_dir():
        app.router.add_static("/static/", client_dir)
