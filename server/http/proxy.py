"""The address of the client behind a request, for per-client limits, and the origin it used.

Behind the load balancer (docker-compose.yml: nginx running deploy/nginx.conf) every request
comes from the balancer's address; nginx appends the address it saw to X-Forwarded-For
(`$proxy_add_x_forwarded_for`). With TRUST_PROXY on, the LAST entry of that header is the
client: earlier entries come from the client itself and may be forged. With TRUST_PROXY off
(the default: a node that clients reach directly) the header is ignored, so no client can
choose its own address.
"""

from __future__ import annotations

from aiohttp import web

from .context import SETTINGS

UNKNOWN = "unknown"


def client_address(request: web.Request) -> str:
    forwarded_for = ",".join(request.headers.getall("X-Forwarded-For", []))
    return forwarded_client(request.remote, forwarded_for, request.app[SETTINGS].trust_proxy)


def public_origin(request: web.Request) -> str:
    """The scheme and host the client used: `Host` (nginx passes the client's on) and, behind
    a trusted balancer that ends TLS, its X-Forwarded-Proto."""
    scheme = request.scheme
    if request.app[SETTINGS].trust_proxy:
        scheme = request.headers.get("X-Forwarded-Proto", scheme).split(",")[0].strip() or scheme
    return f"{scheme}://{request.host}"


def forwarded_client(remote: str | None, forwarded_for: str, trust_proxy: bool) -> str:
    if trust_proxy:
        last_hop = forwarded_for.rsplit(",", 1)[-1].strip()
        if last_hop:
            return last_hop
    return remote or UNKNOWN
