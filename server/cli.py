"""The `caro-arena` command: `serve` runs the web server; the engine adds `ai`, `solve`, `pbrain`
and `puzzles` (generate the shipped set, prove a set again).

Each subcommand sets `func`, which takes the parsed arguments and returns the exit code.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import logging
import sys
from collections.abc import Sequence

from aiohttp import web

from engine.cli import register as register_engine_commands
from engine.puzzles.cli import register as register_puzzle_commands

from . import __version__
from .app import create_app
from .platform.settings import Settings, SettingsError

log = logging.getLogger(__name__)

# A connection must have sent a whole request within this long (a slow, byte-by-byte handshake
# is cut off here, not after aiohttp's 75 s), and an idle keep-alive connection is closed after
# it. WebSockets are not affected once upgraded (they have their own `hello` timeout).
HANDSHAKE_TIMEOUT_S = 10.0

LOG_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


def configure_logging(level: str) -> None:
    logging.basicConfig(level=level, format=LOG_FORMAT, stream=sys.stderr, force=True)


def new_event_loop() -> asyncio.AbstractEventLoop:
    """uvloop where it is installed (it is a dependency except on Windows), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


def serve(args: argparse.Namespace) -> int:
    """Run the server until SIGINT/SIGTERM. Settings come from the environment; --host and
    --port override HOST and PORT."""
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"caro-arena serve: configuration error: {exc}", file=sys.stderr)
        return 2
    overrides = {name: getattr(args, name) for name in ("host", "port")}
    settings = dataclasses.replace(
        settings, **{name: value for name, value in overrides.items() if value is not None}
    )
    configure_logging(settings.log_level)
    loop = new_event_loop()
    log.info(
        "caro-arena %s node %s starting (store: %s, AI workers: %d, event loop: %s)",
        __version__,
        settings.node_id,
        "embedded" if settings.embedded_store else "redis",
        settings.ai_workers,
        type(loop).__module__.split(".")[0],
    )
    web.run_app(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        # Per-request lines only when debugging: health checks would otherwise flood the log.
        access_log=logging.getLogger("aiohttp.access") if settings.log_level == "DEBUG" else None,
        print=lambda banner: log.info("%s", banner.splitlines()[0].strip("= ")),
        loop=loop,
        keepalive_timeout=HANDSHAKE_TIMEOUT_S,
    )
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="caro-arena",
        description="Caro Arena: online k-in-a-row games (caro, gomoku, tic-tac-toe, "
        "connect four) with a built-in AI.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve_parser = commands.add_parser(
        "serve", help="run the web server (configured by environment variables, see README)"
    )
    serve_parser.add_argument("--host", help="address to listen on (overrides HOST)")
    serve_parser.add_argument("--port", type=int, help="port to listen on (overrides PORT)")
    serve_parser.set_defaults(func=serve)
    register_engine_commands(commands)
    register_puzzle_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":  # python -m server.cli: a checkout's own code, installed or not
    sys.exit(main())
