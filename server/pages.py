"""The client's page, served for every path the browser app routes itself (`/`, `/r/{id}`,
`/g/{id}`, `/analysis`, `/@/{username}`, `/leaderboard/{variant}`, ...). Its own module so that
the route modules and the application factory can all import it without importing each other."""

from __future__ import annotations

from aiohttp import web

from .appkeys import SETTINGS


async def index_page(request: web.Request) -> web.StreamResponse:
    """The client's single page. Also the handler for client-side routes such as the room page
    `/r/{room_id}`: the page's script reads the path. Re-read per request (it is small) so a
    deployment can update the client without a restart."""
    index = request.app[SETTINGS].client_dir / "index.html"
    if not index.is_file():
        raise web.HTTPNotFound(text=f"{index} not found; set CLIENT_DIR")
    return web.FileResponse(index, headers={"Cache-Control": "no-cache"})
