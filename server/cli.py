"""The `caro-arena` command: `serve` runs the web server, `admin grant-moderator NAME` makes an
account a moderator; the engine adds `ai`, `solve`, `pbrain` and `puzzles` (generate the
shipped puzzle set, prove a set again).

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
from .moderation import store as moderation
from .platform.settings import Settings, SettingsError
from .players.store_sql import context as sql_store

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


async def set_moderator(username: str, grant: bool) -> int:
    """Make the account `username` a moderator (or no longer one), in the SQL database the
    settings name (DATABASE_URL or the embedded file), migrated first."""
    settings = Settings.from_env()
    async with sql_store.opened(settings.sql_url) as (engine, _outbox):
        found = await moderation.standing(engine, username=username)
        if found is None:
            print(f"caro-arena admin: no account is named {username!r}", file=sys.stderr)
            return 1
        await moderation.set_role(engine, found.player_id, moderation.MODERATOR if grant else None)
    print(f"{found.username} is {'now' if grant else 'no longer'} a moderator")
    return 0


def register_admin_commands(commands: argparse._SubParsersAction) -> None:
    """`caro-arena admin grant-moderator NAME` and `revoke-moderator NAME`."""
    admin = commands.add_parser("admin", help="administer the server's accounts")
    actions = admin.add_subparsers(dest="action", required=True, metavar="ACTION")
    for action, grant, about in (
            ("grant-moderator", True, "give an account the moderators' rights (the reports "
             "page, mute, close accounts)"),
            ("revoke-moderator", False, "take the moderators' rights away from an account")):
        sub = actions.add_parser(action, help=about)
        sub.add_argument("username", metavar="NAME")
        sub.set_defaults(func=lambda args, grant=grant: asyncio.run(
            set_moderator(args.username, grant)))


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
    register_admin_commands(commands)
    register_engine_commands(commands)
    register_puzzle_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":  # python -m server.cli: a checkout's own code, installed or not
    sys.exit(main())
