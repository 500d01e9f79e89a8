"""Real processes for the tests and benchmarks, on free 127.0.0.1 ports: redis-server, server
nodes (`python -m server serve`) and nginx running deploy/nginx.conf. tests/conftest.py turns
them into fixtures; bench/ uses them directly. Every process is started in its own session and
stopped with its whole process group, so nothing outlives its owner.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import psutil
import pytest
import redis

REPO_ROOT = Path(__file__).resolve().parents[1]
NGINX_CONFIG = REPO_ROOT / "deploy" / "nginx.conf"
SYSTEM_PATH = os.pathsep.join([os.environ.get("PATH", ""), "/usr/local/sbin", "/usr/sbin", "/sbin"])

POSTGRES_BIN = Path("/usr/lib/postgresql/15/bin")
POSTGRES_USER = "caro"
REDIS_START_TIMEOUT_S = 15.0
POSTGRES_START_TIMEOUT_S = 30.0
SERVER_START_TIMEOUT_S = 90.0   # a warm numba cache: see tests/engine_compile.py
STOP_TIMEOUT_S = 10.0
ENGINE_COMPILE_TIMEOUT_S = 900.0


def compile_engine(root: Path, python: str) -> None:
    """Fill the numba cache of another revision's checkout in `root` (bench/load.py --compare)
    with `python`: that revision may predate `caro-arena compile`, so this asks its engine to
    warm up, which on a warm cache only loads the code."""
    subprocess.run(
        [python, "-c", "from engine.ai import warm_up; warm_up()"],
        cwd=root, check=True, timeout=ENGINE_COMPILE_TIMEOUT_S,
        env={**os.environ, "PYTHONPATH": str(root)},
    )


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    (port,) = free_ports(1)
    return port


def free_ports(count: int) -> list[int]:
    """`count` different TCP ports on 127.0.0.1 that nothing listens on right now (held open
    together while chosen: ports chosen one after the other may repeat)."""
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(socket.socket(socket.AF_INET, socket.SOCK_STREAM))
                   for _ in range(count)]
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in sockets]


def require_binary(name: str) -> str:
    path = shutil.which(name, path=SYSTEM_PATH)
    if path is None:
        pytest.fail(
            f"{name} is not installed; `make test` installs it (Debian package), "
            f"or run: apt-get install {name}",
            pytrace=False,
        )
    return path


def stop_processes(processes: list[subprocess.Popen | None], sig: int = signal.SIGTERM) -> None:
    """Signal all, then wait for each (so shutdowns overlap), then kill what is left in each
    process group (AI pool workers, nginx workers): no test leaves a process behind. Each
    process must have been started in its own session (`start_new_session=True`)."""
    running = [p for p in processes if p is not None and p.poll() is None]
    for process in running:
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(sig)
    for process in running:
        try:
            process.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=STOP_TIMEOUT_S)
    for process in processes:
        if process is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)


def stop_process(process: subprocess.Popen | None, sig: int = signal.SIGTERM) -> None:
    stop_processes([process], sig)


def tail(path: Path, lines: int = 40) -> str:
    if not path.exists():
        return "(no log)"
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


def http_get(url: str, timeout: float = 2.0) -> tuple[int, bytes]:
    """GET that returns (status, body) for any HTTP answer, raising only when nothing answers."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


# --------------------------------------------------------------------------- Redis


@dataclass
class RedisServer:
    """A redis-server process on 127.0.0.1:`port` keeping its files in `directory`."""

    port: int
    directory: Path
    appendonly: bool = False
    process: subprocess.Popen | None = None
    extra_args: tuple[str, ...] = ()  # e.g. the cluster options (tests/redis_cluster.py)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def quiet_url(self) -> str:
        """A database of this server that no server node uses (nodes use database 0): for a
        test whose rooms start years ago (room_helpers.T0), so overdue that a node of another
        test scanning the session Redis's timer index would claim or end them mid-test."""
        return f"redis://127.0.0.1:{self.port}/7"

    @property
    def log_path(self) -> Path:
        return self.directory / "redis.log"

    def start(self) -> RedisServer:
        stop_process(self.process, signal.SIGKILL)  # a restart: nothing of the last run stays
        args = [
            require_binary("redis-server"),
            "--bind", "127.0.0.1", "--port", str(self.port),
            "--dir", str(self.directory), "--logfile", str(self.log_path),
            "--save", "", "--daemonize", "no",
            "--appendonly", "yes" if self.appendonly else "no", "--appendfsync", "always",
            *self.extra_args,
        ]
        self.process = subprocess.Popen(
            args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self._wait_ready()
        return self

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + REDIS_START_TIMEOUT_S
        client = redis.Redis(port=self.port, socket_connect_timeout=0.5)
        try:
            while time.monotonic() < deadline:
                if self.process is not None and self.process.poll() is not None:
                    break
                with contextlib.suppress(redis.ConnectionError, redis.BusyLoadingError):
                    if client.ping():
                        return
                time.sleep(0.05)
        finally:
            client.close()
        self.stop()
        raise RuntimeError(f"redis-server on {self.port} did not start:\n{tail(self.log_path)}")

    def client(self) -> redis.Redis:
        """A synchronous client (decoded strings) for assertions on stored state."""
        return redis.Redis(port=self.port, decode_responses=True)

    def kill(self) -> None:
        """kill -9: no shutdown, no final save (the AOF with appendfsync always survives)."""
        stop_process(self.process, signal.SIGKILL)

    def stop(self) -> None:
        stop_process(self.process)


class RedisFactory:
    def __init__(self, base_dir: Path) -> None:
        self.base_dir = base_dir
        self.servers: list[RedisServer] = []

    def start(self, *, appendonly: bool = False) -> RedisServer:
        directory = self.base_dir / f"redis-{len(self.servers)}"
        directory.mkdir()
        server = RedisServer(port=free_port(), directory=directory, appendonly=appendonly)
        self.servers.append(server)
        return server.start()

    def close(self) -> None:
        for server in self.servers:
            server.stop()


# --------------------------------------------------------------------------- PostgreSQL


def postgres_binary(name: str) -> str:
    path = POSTGRES_BIN / name
    if not path.is_file():
        pytest.fail(f"{path} not found; `make test` installs PostgreSQL (Debian package "
                    "postgresql), or run: apt-get install postgresql", pytrace=False)
    return str(path)


@dataclass
class PostgresServer:
    """A PostgreSQL cluster of its own (initdb) on 127.0.0.1:`port`, in a temporary directory
    it removes on `close()`. PostgreSQL refuses to run as root: under root its processes run
    as the `postgres` user the Debian package creates. Trust authentication on loopback, user
    `caro`; `create_database()` gives each test an empty database."""

    port: int
    directory: Path
    process: subprocess.Popen | None = None

    @classmethod
    def create(cls) -> PostgresServer:
        directory = Path(tempfile.mkdtemp(prefix="caro-pg-"))
        server = cls(port=free_port(), directory=directory)
        server._run([postgres_binary("initdb"), "-D", str(server.data_dir), "-U", POSTGRES_USER,
                     "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"],
                    chown=True)
        return server

    @property
    def data_dir(self) -> Path:
        return self.directory / "data"

    @property
    def log_path(self) -> Path:
        return self.directory / "postgres.log"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{POSTGRES_USER}@127.0.0.1:{self.port}/{database}"

    @staticmethod
    def _user() -> str | None:
        return "postgres" if os.geteuid() == 0 else None

    def _run(self, args: list[str], chown: bool = False) -> None:
        if chown and self._user() is not None:
            shutil.chown(self.directory, self._user())
        result = subprocess.run(args, user=self._user(), capture_output=True, text=True,
                                cwd=self.directory, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"{args[0]} failed:\n{result.stdout}\n{result.stderr}")

    def start(self) -> PostgresServer:
        stop_process(self.process, signal.SIGKILL)
        with self.log_path.open("ab") as log:
            if self._user() is not None:
                shutil.chown(self.log_path, self._user())
            self.process = subprocess.Popen(
                [postgres_binary("postgres"), "-D", str(self.data_dir), "-p", str(self.port),
                 "-c", "listen_addresses=127.0.0.1",
                 "-c", f"unix_socket_directories={self.directory}", "-c", "max_connections=200"],
                user=self._user(), cwd=self.directory, stdin=subprocess.DEVNULL, stdout=log,
                stderr=subprocess.STDOUT, start_new_session=True,
            )
        deadline = time.monotonic() + POSTGRES_START_TIMEOUT_S
        while time.monotonic() < deadline and self.process.poll() is None:
            ready = subprocess.run(
                [postgres_binary("pg_isready"), "-h", "127.0.0.1", "-p", str(self.port)],
                capture_output=True, check=False)
            if ready.returncode == 0:
                return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"PostgreSQL on {self.port} did not start:\n{tail(self.log_path)}")

    def psql(self, sql: str, database: str = "postgres") -> str:
        result = subprocess.run(
            [postgres_binary("psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U",
             POSTGRES_USER, "-d", database, "-v", "ON_ERROR_STOP=1", "-At", "-c", sql],
            capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"psql failed: {result.stderr}")
        return result.stdout.strip()

    def create_database(self) -> str:
        """A new empty database; returns its URL."""
        name = f"t_{os.urandom(6).hex()}"
        self.psql(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Fast shutdown (SIGINT): clients are disconnected, nothing is lost."""
        stop_process(self.process, signal.SIGINT)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)


# --------------------------------------------------------------------------- server nodes


@dataclass
class ServerNode:
    """One `python -m server serve` process on 127.0.0.1:`port`."""

    node_id: str
    port: int
    redis_url: str | None          # None: the embedded store
    log_path: Path
    extra_env: dict[str, str] = field(default_factory=dict)
    cwd: Path = REPO_ROOT          # `python -m server` imports the `server` found from here first
    python: str = sys.executable   # another environment's interpreter (bench/load.py --compare)
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def environment(self) -> dict[str, str]:
        env = {key: value for key, value in os.environ.items()
               if key not in ("REDIS_URL", "DATABASE_URL")}
        env.update(
            # Without DATABASE_URL in extra_env: an SQLite file in the test's own directory
            # (shared by the nodes of one factory, as a PostgreSQL would be).
            DATA_DIR=str(self.log_path.parent),
            HOST="127.0.0.1", PORT=str(self.port), NODE_ID=self.node_id,
            AI_WORKERS="1", LOG_LEVEL="INFO", PYTHONUNBUFFERED="1",
            # Test sessions create many rooms and challenges from one address; the limits
            # have their own tests.
            ROOM_CREATIONS_PER_MINUTE="0", CHALLENGES_PER_MINUTE="0", REPORTS_PER_HOUR="0",
            TOURNAMENTS_PER_HOUR="0",
            # Mining archived games for puzzles would take a core from every test node; the
            # miner's tests turn it on.
            PUZZLE_WORKERS="0",
            # Every browser test asks for puzzles from one address; the limits have their test.
            PUZZLES_PER_MINUTE="0", PUZZLE_MOVES_PER_MINUTE="0",
        )
        if self.redis_url is not None:
            env["REDIS_URL"] = self.redis_url
        env.update(self.extra_env)
        return env

    def start(self, wait: Literal["healthy", "listening"] = "healthy") -> ServerNode:
        """Start (or restart) the node and wait until /healthz answers 200 ("healthy") or
        answers at all ("listening")."""
        self.launch()
        self.wait_ready(wait)
        return self

    def launch(self) -> None:
        stop_process(self.process, signal.SIGKILL)  # a restart: nothing of the last run stays
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [self.python, "-m", "server", "serve"], cwd=self.cwd, env=self.environment(),
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def wait_ready(self, wait: Literal["healthy", "listening"] = "healthy") -> None:
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while time.monotonic() < deadline and self.alive:
            with contextlib.suppress(OSError):
                status, _ = http_get(f"{self.url}/healthz", timeout=1.0)
                if status == 200 or wait == "listening":
                    return
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"server node {self.node_id} did not become {wait}:\n{self.log()}")

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def health(self) -> tuple[int, bytes]:
        return http_get(f"{self.url}/healthz")

    def log(self) -> str:
        return tail(self.log_path)

    def ai_workers(self) -> list[psutil.Process]:
        """The node's AI worker processes: its spawned multiprocessing children."""
        parent = psutil.Process(self.process.pid)
        return [
            child
            for child in parent.children(recursive=True)
            if "--multiprocessing-fork" in child.cmdline()
        ]

    def kill(self) -> None:
        """kill -9 of the node and its AI workers at once, as when its container dies."""
        stop_process(self.process, signal.SIGKILL)

    def stop(self) -> None:
        stop_process(self.process)


class ServerFactory:
    def __init__(self, base_dir: Path, default_redis_url: str) -> None:
        self.base_dir = base_dir
        self.default_redis_url = default_redis_url
        self.nodes: list[ServerNode] = []

    def start(
        self,
        node_id: str | None = None,
        *,
        redis_url: str | None = None,
        embedded: bool = False,
        env: dict[str, str] | None = None,
        wait: Literal["healthy", "listening"] = "healthy",
    ) -> ServerNode:
        """A new node on a free port: against `redis_url` (default: the session Redis), or
        the embedded store when `embedded`; `env` adds or overrides environment variables."""
        (node,) = self.start_many([node_id], redis_url=redis_url, embedded=embedded, env=env,
                                  wait=wait)
        return node

    def start_many(
        self,
        node_ids: list[str | None],
        *,
        redis_url: str | None = None,
        embedded: bool = False,
        env: dict[str, str] | None = None,
        wait: Literal["healthy", "listening"] = "healthy",
    ) -> list[ServerNode]:
        """Like `start`, for several nodes booting side by side (faster than one by one)."""
        nodes = []
        for node_id in node_ids:
            node_id = node_id or f"node-{len(self.nodes) + 1}"
            node = ServerNode(
                node_id=node_id,
                port=free_port(),
                redis_url=None if embedded else (redis_url or self.default_redis_url),
                log_path=self.base_dir / f"{node_id}-{len(self.nodes)}.log",
                extra_env=dict(env or {}),
            )
            self.nodes.append(node)
            node.launch()
            nodes.append(node)
        for node in nodes:
            node.wait_ready(wait)
        return nodes

    def close(self) -> None:
        stop_processes([node.process for node in self.nodes])


# --------------------------------------------------------------------------- load balancer


def loopback_nginx_config(config: str, upstreams: dict[str, int], listen_port: int) -> str:
    """deploy/nginx.conf with only its addresses moved to loopback: each `server server-N:8080`
    upstream becomes 127.0.0.1:<port>, `listen 8080` becomes 127.0.0.1:<listen_port>. Every
    rewrite point must occur exactly once, so a change to the real file fails here loudly."""
    rewrites = {
        f"server {name}:8080": f"server 127.0.0.1:{port}" for name, port in upstreams.items()
    }
    rewrites["listen 8080;"] = f"listen 127.0.0.1:{listen_port};"
    for old, new in rewrites.items():
        if config.count(old) != 1:
            raise AssertionError(f"deploy/nginx.conf should contain {old!r} exactly once")
        config = config.replace(old, new)
    return config


@dataclass
class Nginx:
    """nginx running a config under `prefix`; pid file and temp files live there too, so it
    runs without root and leaves nothing outside the test's directory."""

    prefix: Path
    config: str
    port: int
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.prefix / "nginx.log"

    def start(self) -> Nginx:
        for temp in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.prefix / "temp" / temp).mkdir(parents=True, exist_ok=True)
        # Temp paths are http-level directives; set them through a wrapper that includes nothing
        # but the real config's text, with its http block opened to add them.
        temp_paths = "".join(
            f"    {name}_temp_path temp/{name};\n"
            for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        if self.config.count("http {") != 1:
            raise AssertionError("deploy/nginx.conf should have exactly one `http {` block")
        conf_path = self.prefix / "nginx.conf"
        conf_path.write_text(self.config.replace("http {", "http {\n" + temp_paths, 1))
        nginx = require_binary("nginx")
        global_directives = f"daemon off; pid {self.prefix / 'nginx.pid'};"
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [nginx, "-p", f"{self.prefix}/", "-c", str(conf_path),
                 "-e", str(self.prefix / "error.log"), "-g", global_directives],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + REDIS_START_TIMEOUT_S
        while time.monotonic() < deadline and self.process.poll() is None:
            with contextlib.suppress(OSError):
                status, _ = http_get(f"{self.url}/healthz", timeout=1.0)
                if status == 200:
                    return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(
            f"nginx did not start:\n{tail(self.log_path)}\n{tail(self.prefix / 'error.log')}"
        )

    def stop(self) -> None:
        stop_process(self.process)


@dataclass
class ComposeTopology:
    """docker-compose.yml on loopback: `url` is the load balancer the players use."""

    redis: RedisServer
    nodes: dict[str, ServerNode]
    lb: Nginx

    @property
    def url(self) -> str:
        return self.lb.url

    @property
    def ws_url(self) -> str:
        return self.lb.url.replace("http://", "ws://", 1)
