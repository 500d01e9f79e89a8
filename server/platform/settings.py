"""One settings object for the whole server, built from environment variables.

Every variable is read in `Settings.from_env()` and nowhere else, so the README's configuration
table (variable, default, meaning) can be checked against this file. To add a setting: add a
field with its default, read it in `from_env()` with one of the `_env_*` helpers, and add a row
to the README table.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

DEFAULT_CLIENT_DIR = Path(__file__).resolve().parents[2] / "client"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
EMBEDDED_DATABASE = "caro-arena.sqlite3"
DATABASE_SCHEMES = ("postgresql", "postgres", "sqlite")
CLUSTER_SCHEMES = ("redis+cluster://", "rediss+cluster://")


class SettingsError(ValueError):
    """An environment variable holds a value the server cannot use; the message names it."""


def default_node_id() -> str:
    """`<hostname>-<pid>`: unique per process on a host, readable in logs and in /healthz."""
    host = socket.gethostname().split(".")[0] or secrets.token_hex(3)
    return f"{host}-{os.getpid()}"


@dataclass(slots=True, frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8080
    redis_url: str | None = None          # None: the embedded in-process store (single node)
    redis_wait_replicas: int | None = None  # WAIT for this many replicas after each commit;
                                            # None: 1 on a Redis Cluster, else 0 (no WAIT)
    redis_wait_ms: int = 100               # the longest a commit waits for them
    redis_gather_ms: int = 1               # on one Redis server: a commit waits this long for
                                           # others to share its batch (0: none)
    node_id: str = field(default_factory=default_node_id)
    ai_workers: int = field(default_factory=lambda: os.cpu_count() or 1)
    allowed_origins: tuple[str, ...] = ()  # empty: only pages served by this same host
    room_ttl_s: int = 24 * 3600            # an idle room is forgotten after this
    record_ttl_s: int = 30 * 24 * 3600     # a finished game's record is kept this long
    log_level: str = "INFO"
    client_dir: Path = DEFAULT_CLIENT_DIR
    claim_after_s: int = 60                # no clock: opponent gone this long -> claim the win
    idle_claim_after_s: int = 300          # no clock: opponent to move this long -> claim; 0: never
    ai_max_time_ms: int = 0                # > 0 caps every AI search's budget (tests, small hosts)
    ai_pace_ms: int = 800                  # pause between moves in AI-vs-AI demo rooms
    ai_think_ms: int = 500                 # least time before the AI answers a person's move
    room_creations_per_minute: int = 30    # per client IP; 0 turns the limit off
    max_sockets_per_ip: int = 200          # open WebSockets per client IP on a node; 0: no cap
    trust_proxy: bool = False              # behind a load balancer: client IP from X-Forwarded-For
    chat_per_ip_per_minute: int = 20       # per client IP over all sockets and nodes; 0: none
    chat_per_room_per_minute: int = 60     # per channel of a room, all senders; 0: no limit
    analysis_workers: int = 1              # processes for game analyses (started on first use)
    analysis_nodes: int = 400_000          # search nodes per analysed position
    analysis_ms: int = 5_000               # and at most this much time (Connect Four: solve time)
    analyses_per_minute: int = 10          # game analysis requests per client IP; 0: no limit
    board_searches_per_minute: int = 60    # analysis board positions per client IP; 0: none
    challenge_ttl_s: int = 900             # an unanswered challenge expires after this
    challenges_per_minute: int = 20        # per challenger and per challenged player (per
                                           # client IP: three times as many); 0: no limit
    reports_per_hour: int = 10             # reports of players per reporter (per client IP:
                                           # three times as many); 0: no limit
    tournaments_per_hour: int = 5          # tournaments created per account (per client IP:
                                           # three times as many); 0: no limit
    tournament_grace_s: int = 30           # a paired player who has not moved by then loses
    puzzle_moves_per_minute: int = 120     # puzzle moves per client IP; 0: no limit
    puzzles_per_minute: int = 60           # puzzles served per client IP; 0: no limit
    puzzle_workers: int = 1                # processes mining archived games for puzzles; 0: off
    data_dir: Path = Path("data")          # where the embedded SQL database file lives
    database_url: str | None = None        # None: SQLite file `caro-arena.sqlite3` in data_dir

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read every setting from `env` (default `os.environ`); unset or empty means default."""
        env = os.environ if env is None else env
        defaults = cls()
        return cls(
            host=_env_str(env, "HOST", defaults.host),
            port=_env_int(env, "PORT", defaults.port, minimum=0, maximum=65535),
            redis_url=_env_str(env, "REDIS_URL", None),
            redis_wait_replicas=_env_optional_int(env, "REDIS_WAIT_REPLICAS", minimum=0),
            redis_wait_ms=_env_int(env, "REDIS_WAIT_MS", defaults.redis_wait_ms, minimum=1),
            redis_gather_ms=_env_int(env, "REDIS_GATHER_MS", defaults.redis_gather_ms,
                                     minimum=0, maximum=50),
            node_id=_env_str(env, "NODE_ID", defaults.node_id),
            ai_workers=_env_int(env, "AI_WORKERS", defaults.ai_workers, minimum=1),
            allowed_origins=_env_origins(env, "ALLOWED_ORIGINS"),
            room_ttl_s=_env_int(env, "ROOM_TTL_S", defaults.room_ttl_s, minimum=1),
            record_ttl_s=_env_int(env, "RECORD_TTL_S", defaults.record_ttl_s, minimum=1),
            log_level=_env_log_level(env, "LOG_LEVEL", defaults.log_level),
            client_dir=Path(_env_str(env, "CLIENT_DIR", str(defaults.client_dir))),
            claim_after_s=_env_int(env, "CLAIM_AFTER_S", defaults.claim_after_s, minimum=0),
            idle_claim_after_s=_env_int(env, "IDLE_CLAIM_AFTER_S", defaults.idle_claim_after_s,
                                        minimum=0),
            ai_max_time_ms=_env_int(env, "AI_MAX_TIME_MS", defaults.ai_max_time_ms, minimum=0),
            ai_pace_ms=_env_int(env, "AI_PACE_MS", defaults.ai_pace_ms, minimum=0),
            ai_think_ms=_env_int(env, "AI_THINK_MS", defaults.ai_think_ms, minimum=0),
            room_creations_per_minute=_env_int(env, "ROOM_CREATIONS_PER_MINUTE",
                                               defaults.room_creations_per_minute, minimum=0),
            max_sockets_per_ip=_env_int(env, "MAX_SOCKETS_PER_IP", defaults.max_sockets_per_ip,
                                        minimum=0),
            trust_proxy=_env_bool(env, "TRUST_PROXY", defaults.trust_proxy),
            chat_per_ip_per_minute=_env_int(env, "CHAT_PER_IP_PER_MINUTE",
                                            defaults.chat_per_ip_per_minute, minimum=0),
            chat_per_room_per_minute=_env_int(env, "CHAT_PER_ROOM_PER_MINUTE",
                                              defaults.chat_per_room_per_minute, minimum=0),
            analysis_workers=_env_int(env, "ANALYSIS_WORKERS", defaults.analysis_workers,
                                      minimum=1),
            analysis_ms=_env_int(env, "ANALYSIS_MS", defaults.analysis_ms, minimum=10,
                                 maximum=60_000),
            analysis_nodes=_env_int(env, "ANALYSIS_NODES", defaults.analysis_nodes, minimum=1000),
            analyses_per_minute=_env_int(env, "ANALYSES_PER_MINUTE",
                                         defaults.analyses_per_minute, minimum=0),
            board_searches_per_minute=_env_int(env, "BOARD_SEARCHES_PER_MINUTE",
                                               defaults.board_searches_per_minute, minimum=0),
            challenge_ttl_s=_env_int(env, "CHALLENGE_TTL_S", defaults.challenge_ttl_s,
                                     minimum=10),
            challenges_per_minute=_env_int(env, "CHALLENGES_PER_MINUTE",
                                           defaults.challenges_per_minute, minimum=0),
            reports_per_hour=_env_int(env, "REPORTS_PER_HOUR", defaults.reports_per_hour,
                                      minimum=0),
            tournaments_per_hour=_env_int(env, "TOURNAMENTS_PER_HOUR",
                                          defaults.tournaments_per_hour, minimum=0),
            tournament_grace_s=_env_int(env, "TOURNAMENT_GRACE_S", defaults.tournament_grace_s,
                                        minimum=1),
            puzzle_moves_per_minute=_env_int(env, "PUZZLE_MOVES_PER_MINUTE",
                                             defaults.puzzle_moves_per_minute, minimum=0),
            puzzles_per_minute=_env_int(env, "PUZZLES_PER_MINUTE", defaults.puzzles_per_minute,
                                        minimum=0),
            puzzle_workers=_env_int(env, "PUZZLE_WORKERS", defaults.puzzle_workers, minimum=0),
            data_dir=Path(_env_str(env, "DATA_DIR", str(defaults.data_dir))),
            database_url=_env_database_url(env, "DATABASE_URL"),
        )

    @property
    def embedded_store(self) -> bool:
        return self.redis_url is None

    @property
    def redis_cluster(self) -> bool:
        """REDIS_URL names a Redis Cluster: `redis+cluster://host:port[,host:port...]`."""
        return self.redis_url is not None and self.redis_url.startswith(CLUSTER_SCHEMES)

    @property
    def wait_replicas(self) -> int:
        """Replicas each commit waits for (REDIS_WAIT_REPLICAS, by default 1 on a cluster)."""
        if self.redis_wait_replicas is not None:
            return self.redis_wait_replicas
        return 1 if self.redis_cluster else 0

    @property
    def sql_url(self) -> str:
        """DATABASE_URL, or the embedded SQLite file under DATA_DIR."""
        if self.database_url is not None:
            return self.database_url
        return f"sqlite:///{(self.data_dir / EMBEDDED_DATABASE).resolve()}"

    def origin_allowed(self, origin: str | None, host: str | None) -> bool:
        """May a browser page from `origin` talk to this server, reached as `host`?

        Browsers send `Origin` on WebSocket handshakes and cross-site requests. Allowed: no
        Origin at all (not a browser: CLI clients, tests), an origin whose host:port equals the
        request's Host header (the page this server served), or one listed in ALLOWED_ORIGINS
        (`*` allows any).
        """
        if origin is None:
            return True
        origin = origin.rstrip("/").lower()
        if "*" in self.allowed_origins or origin in self.allowed_origins:
            return True
        return host is not None and urlsplit(origin).netloc == host.lower()


def _env_str(env: Mapping[str, str], name: str, default: str | None) -> str | None:
    value = env.get(name, "").strip()
    return value or default


def _env_int(
    env: Mapping[str, str], name: str, default: int, *, minimum: int, maximum: int | None = None
) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SettingsError(f"{name} must be an integer, got {raw!r}") from None
    if value < minimum or (maximum is not None and value > maximum):
        upper = "" if maximum is None else f" and <= {maximum}"
        raise SettingsError(f"{name} must be >= {minimum}{upper}, got {value}")
    return value


def _env_optional_int(env: Mapping[str, str], name: str, *, minimum: int) -> int | None:
    """An integer, or None when unset (the default then depends on other settings)."""
    if not env.get(name, "").strip():
        return None
    return _env_int(env, name, minimum, minimum=minimum)


def _env_bool(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = env.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    raise SettingsError(f"{name} must be 1/true/yes/on or 0/false/no/off, got {raw!r}")


def _env_log_level(env: Mapping[str, str], name: str, default: str) -> str:
    value = (_env_str(env, name, default) or default).upper()
    if value not in LOG_LEVELS:
        raise SettingsError(f"{name} must be one of {', '.join(LOG_LEVELS)}, got {value!r}")
    return value


def _env_database_url(env: Mapping[str, str], name: str) -> str | None:
    """`postgresql://user:password@host:port/db` or `sqlite:///path/to/file`."""
    value = _env_str(env, name, None)
    if value is None:
        return None
    scheme = urlsplit(value).scheme.split("+", 1)[0]
    if scheme not in DATABASE_SCHEMES:
        raise SettingsError(f"{name} must be a postgresql:// or sqlite:/// URL, got {scheme!r}")
    return value


def _env_origins(env: Mapping[str, str], name: str) -> tuple[str, ...]:
    """Comma-separated origins such as `https://caro.example.org,http://localhost:3000`."""
    origins = []
    for item in env.get(name, "").split(","):
        item = item.strip().rstrip("/").lower()
        if not item:
            continue
        parts = urlsplit(item)
        if item != "*" and not (parts.scheme in ("http", "https") and parts.netloc):
            raise SettingsError(f"{name} entries look like https://host[:port] or *, got {item!r}")
        origins.append(item)
    return tuple(origins)
