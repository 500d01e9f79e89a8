"""Test harness: real services on loopback ports, started and stopped by fixtures.

Before its first test each test process waits until the engine's numba cache is warm (a fresh
clone compiles it first: tests/engine_compile.py), so no test's timeout pays for compiling.

No test depends on anything started by hand: each Redis, server node and load balancer below is
a real process the fixture starts on a free 127.0.0.1 port and stops (kills, if need be) itself.
The process classes live in tests/harness.py (import them from there); this file makes them
fixtures.

Fixtures
- `redis_server` (session): the Redis shared by the session, no persistence. It is NOT flushed
  between tests, because a flush would pull the data from under nodes that live across tests
  (`app_server`). Tests isolate themselves by using fresh ids (rooms get random ids); a test that
  needs an empty database starts its own with `redis_factory`.
- `redis_url` (function): URL of `redis_server`.
- `redis_cluster` (session, started on first use, ~7 s): a Redis Cluster of six processes (three
  masters, three replicas) on loopback, `tests/redis_cluster.py`; `.url` is its
  `redis+cluster://` REDIS_URL, `.client()` a cluster client, `.master_of(key)`, `.kill()` on
  one of `.servers` and `.wait_for_failover(key, dead)` for fault tests.
- `nodes_redis_url` (session): the REDIS_URL `server_factory` and `arena_node` give their nodes:
  `redis_server`'s, or, for a test marked `redis_cluster`, once that and once `redis_cluster`'s
  (the marker parametrizes `redis_kind` with "single" and "cluster").
- `redis_factory` (session): `start(appendonly=False)` -> `RedisServer` for more Redis servers,
  e.g. with an append-only file (`appendfsync always`) for fault tests: `.kill()` (SIGKILL),
  `.start()` again on the same port and directory (the AOF is replayed), `.stop()`.
- `server_factory` (function): `start(node_id=..., redis_url=..., embedded=False, env={...})`
  -> `ServerNode`, a real `python -m server serve` process, healthy before it is returned
  (`wait="healthy"`; `wait="listening"` accepts a 503, e.g. while Redis is down). Nodes are
  stopped when the test ends. `node.kill()` is kill -9 for fault tests, `node.start()` restarts.
- `app_server` (session): one node against a Redis of its own, `app_redis`; `.url` is its base
  URL (`http://127.0.0.1:<port>`), `.ws_url` the same with ws://. Shared: do not kill it. Not
  on `redis_server`: nodes that share a Redis are one deployment and must share its database,
  and `arena_node` (tests/server/conftest.py), alive beside it for the whole session, has a
  database of its own (a node holding a Redis-wide lease, such as the rated pools' pairing,
  would act for the other node's players with its own database: it paired two players who
  block each other, whose block it did not know).
- `compose_topology` (function): docker-compose.yml rebuilt from real processes: Redis with
  AOF, nodes `server-1` and `server-2` with the compose file's environment, and nginx running
  deploy/nginx.conf in front; `.url` is the load balancer, `.nodes["server-1"]` a node,
  `.redis` the Redis.
- `postgres_server` (session): a PostgreSQL cluster of its own (Debian's binaries, initdb in a
  temporary directory, a free loopback port); `.create_database()` -> URL of a new empty
  database, `.stop()` / `.start()` for fault tests.
- `sql_url` (function, parametrized): an empty SQL database, once PostgreSQL (a new database
  on `postgres_server`) and once SQLite (a file in the test's tmp_path): store tests using it
  run on both backends.
- `browser` (module), `page` (function): headless Debian Chromium through Playwright's sync API,
  one browser per module, a new context per page (see `browser` for why). Write browser tests
  as plain `def` tests. Tests using them are marked `browser` automatically (`-m "not browser"`
  deselects them). On failure the page is saved as a screenshot in tests/artifacts/.
- `artifacts_dir` (session): tests/artifacts/ (git-ignored), for screenshots.
- `shared_dir` (session): the optional data directory beside the repository (`../shared`); a
  test that asks for it is skipped, with the reason, when it is absent. Nothing the suite needs
  lives there: the repository ships its own data (tests/data/).
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tests.engine_compile import compile_engine_now, start_engine_compile, wait_for_engine_compile
from tests.harness import (
    NGINX_CONFIG,
    REPO_ROOT,
    ComposeTopology,
    Nginx,
    PostgresServer,
    RedisFactory,
    RedisServer,
    ServerFactory,
    ServerNode,
    free_port,
    loopback_nginx_config,
    require_binary,
    stop_processes,
)
from tests.redis_cluster import RedisClusterProcesses

SHARED_DIR = (REPO_ROOT / ".." / "shared").resolve()
ARTIFACTS_DIR = REPO_ROOT / "tests" / "artifacts"
COMPOSE_FILE = REPO_ROOT / "docker-compose.yml"
COMPOSE_SERVERS = ("server-1", "server-2")
REDIS_KINDS = ("single", "cluster")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


# --------------------------------------------------------------------------- fixtures


def pytest_sessionstart(session: pytest.Session) -> None:
    config = session.config
    if hasattr(config, "workerinput"):
        return  # an xdist worker: its controller compiles, pytest_runtest_protocol waits
    if getattr(config.option, "numprocesses", None):
        start_engine_compile()
    else:
        compile_engine_now()


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """Wait for the session's compile before the test and its fixtures, and outside its
    timeout (pytest-timeout's own wrapper starts the clock inside this one)."""
    if item.get_closest_marker("own_engine_cache") is None:
        wait_for_engine_compile()
    yield


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    browser_modules, async_modules, slow_modules = set(), set(), set()
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):  # also through `page`, `players`, ...
            item.add_marker(pytest.mark.browser)
            browser_modules.add(item.module.__name__)
        if inspect.iscoroutinefunction(getattr(item, "function", None)):
            async_modules.add(item.module.__name__)
        if item.get_closest_marker("slow") is not None:
            slow_modules.add(item.module.__name__)
    if mixed := sorted(browser_modules & async_modules):
        raise pytest.UsageError(f"async tests beside the module's browser (see `browser`): {mixed}")
    long_modules = browser_modules | slow_modules
    items.sort(key=lambda item: run_order(item, long_modules))


def run_order(item: pytest.Item, long_modules: set[str]) -> int:
    """Where a test's module goes in the run (a stable sort, so a module stays together).
    Tests with an engine cache of their own first: they need not wait for the session's compile,
    and xdist hands the first file to the first worker while the others wait. Then the modules
    that take long (a browser, or tests marked slow), then the rest: xdist deals files out in
    this order, so the run ends on short files instead of one worker finishing a long one alone
    while the others idle (the Makefile's --no-loadscope-reorder keeps xdist to this order)."""
    if item.get_closest_marker("own_engine_cache") is not None:
        return 0
    return 1 if item.module.__name__ in long_modules else 2


CALL_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator:
    report = yield
    if report.when == "call":
        item.stash[CALL_FAILED] = report.failed
        if report.failed:
            for node in nodes_of(item):
                report.sections.append((f"log of node {node.node_id} ({node.url})", node.log()))
    return report


def nodes_of(item: pytest.Item) -> list[ServerNode]:
    """The server nodes the test ran against (the session's and those it started): a failure
    on a loaded CI machine is then also read from the server's side."""
    values = getattr(item, "funcargs", {})
    nodes = [values["app_server"]] if "app_server" in values else []
    if (factory := values.get("server_factory")) is not None:
        nodes.extend(factory.nodes)
    return nodes


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED_DIR.is_dir():
        pytest.skip(f"{SHARED_DIR} not found (an optional extra beside the repository)")
    return SHARED_DIR


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS_DIR


@pytest.fixture(scope="session")
def redis_factory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisFactory]:
    factory = RedisFactory(tmp_path_factory.mktemp("redis"))
    yield factory
    factory.close()


@pytest.fixture(scope="session")
def redis_server(redis_factory: RedisFactory) -> RedisServer:
    return redis_factory.start()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    return redis_server.url


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisClusterProcesses]:
    cluster = RedisClusterProcesses.start(tmp_path_factory.mktemp("redis-cluster"))
    yield cluster
    cluster.stop()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Tests marked `redis_cluster` run twice: on the single Redis and on the Redis Cluster."""
    if "redis_kind" in metafunc.fixturenames and metafunc.definition.get_closest_marker(
            "redis_cluster"):
        metafunc.parametrize("redis_kind", REDIS_KINDS, indirect=True, scope="session")


@pytest.fixture(scope="session")
def redis_kind(request: pytest.FixtureRequest) -> str:
    """"single" (the default), or "cluster" for the second run of a `redis_cluster` test."""
    return getattr(request, "param", "single")


@pytest.fixture(scope="session")
def nodes_redis_url(request: pytest.FixtureRequest, redis_kind: str) -> str:
    """REDIS_URL of the server nodes the test starts: the session's Redis, or its Redis Cluster
    (started only when a test needs it)."""
    if redis_kind == "cluster":
        return request.getfixturevalue("redis_cluster").url
    return request.getfixturevalue("redis_server").url


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    server = PostgresServer.create().start()
    yield server
    server.close()


@pytest.fixture(params=["postgresql", "sqlite"])
def sql_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    return request.getfixturevalue("postgres_server").create_database()


@pytest.fixture
def server_factory(tmp_path: Path, nodes_redis_url: str) -> Iterator[ServerFactory]:
    factory = ServerFactory(tmp_path, nodes_redis_url)
    yield factory
    factory.close()


@pytest.fixture(scope="session")
def app_redis(redis_factory: RedisFactory) -> RedisServer:
    return redis_factory.start()


@pytest.fixture(scope="session")
def app_server(
    tmp_path_factory: pytest.TempPathFactory, app_redis: RedisServer
) -> Iterator[ServerNode]:
    factory = ServerFactory(tmp_path_factory.mktemp("app"), app_redis.url)
    yield factory.start("app-1")
    factory.close()


def compose_server_env(service: str) -> dict[str, str]:
    """A server service's environment in docker-compose.yml, less what the loopback topology
    sets itself (the Redis address and the node id) or replaces (the database: an SQLite file
    the nodes share, in the test's directory)."""
    compose = yaml.safe_load(COMPOSE_FILE.read_text())
    env = compose["services"][service].get("environment", {})
    return {key: str(value) for key, value in env.items()
            if key not in ("REDIS_URL", "DATABASE_URL", "NODE_ID")}


@pytest.fixture
def compose_topology(
    tmp_path: Path, redis_factory: RedisFactory, server_factory: ServerFactory
) -> Iterator[ComposeTopology]:
    redis_node = redis_factory.start(appendonly=True)
    names = list(COMPOSE_SERVERS)
    env = compose_server_env(names[0])
    nodes = dict(zip(names, server_factory.start_many(names, redis_url=redis_node.url, env=env),
                     strict=True))
    prefix = tmp_path / "nginx"
    prefix.mkdir()
    port = free_port()
    config = loopback_nginx_config(
        NGINX_CONFIG.read_text(), {name: node.port for name, node in nodes.items()}, port
    )
    lb = Nginx(prefix=prefix, config=config, port=port).start()
    yield ComposeTopology(redis=redis_node, nodes=nodes, lb=lb)
    stop_processes([lb.process, *(node.process for node in nodes.values())])
    redis_node.stop()


@contextlib.contextmanager
def launch_chromium() -> Iterator:
    """Headless Debian Chromium through Playwright's sync API, closed on leaving."""
    from playwright.sync_api import sync_playwright

    require_binary(CHROMIUM)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def browser() -> Iterator:
    """A headless Chromium shared by the tests of one module, each in contexts of its own.
    Launched once per test, the ~160 launches (and Playwright drivers) of a run cost ~170 s of
    the drivers' CPU alone; once per module, ~50 launches. Not per session: Playwright's sync
    API keeps its event loop marked as running in the main thread while it is open, which would
    stop pytest-asyncio from running the async tests of the modules in between; so a module
    that uses it has no async tests (checked at collection)."""
    with launch_chromium() as browser:
        yield browser


@pytest.fixture
def page(browser, request: pytest.FixtureRequest, artifacts_dir: Path) -> Iterator:
    """A page in a new browser context (1280x900); saved to tests/artifacts/ if the test fails."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    if request.node.stash.get(CALL_FAILED, False):
        with contextlib.suppress(Exception):
            page.screenshot(path=str(artifacts_dir / f"failed-{request.node.name}.png"))
    context.close()
