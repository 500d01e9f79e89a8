"""`caro-arena serve`: health endpoint, the client page, static files, configuration errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import server
from tests.harness import REPO_ROOT, http_get

CLIENT_DIR = REPO_ROOT / "client"


def test_healthz_reports_ok_node_version_and_a_ready_ai(app_server) -> None:
    """The session's engine cache is warm (tests/conftest.py): the AI is ready from the start."""
    status, body = app_server.health()
    assert status == 200
    assert json.loads(body) == {
        "status": "ok", "redis": True, "store": "redis", "ai": "ready", "node": "app-1",
        "version": server.__version__,
    }


def test_embedded_store_node_is_healthy_without_redis(server_factory) -> None:
    node = server_factory.start("solo", embedded=True)
    status, body = node.health()
    assert status == 200
    assert json.loads(body)["store"] == "embedded"
    assert "embedded in-process store" in node.log_path.read_text()


def test_healthz_is_degraded_503_while_redis_is_down_and_recovers(
    server_factory, redis_factory
) -> None:
    redis_node = redis_factory.start()
    node = server_factory.start("n1", redis_url=redis_node.url)
    redis_node.kill()
    status, body = node.health()
    assert status == 503
    assert json.loads(body)["status"] == "degraded" and json.loads(body)["redis"] is False
    redis_node.start()
    status, _ = node.health()
    assert status == 200


def test_node_starts_while_redis_is_down(server_factory, redis_factory) -> None:
    redis_node = redis_factory.start()
    redis_node.kill()
    node = server_factory.start("n2", redis_url=redis_node.url, wait="listening")
    assert node.health()[0] == 503


def test_index_page_is_the_client(app_server) -> None:
    status, body = http_get(f"{app_server.url}/")
    assert status == 200
    assert body == (CLIENT_DIR / "index.html").read_bytes()


def test_static_path_serves_client_files(app_server) -> None:
    some_file = next(path for path in sorted(CLIENT_DIR.rglob("*")) if path.is_file())
    status, body = http_get(f"{app_server.url}/static/{some_file.relative_to(CLIENT_DIR)}")
    assert status == 200
    assert body == some_file.read_bytes()


def test_static_path_does_not_leave_the_client_directory(app_server) -> None:
    for path in ("/static/../pyproject.toml", "/static/%2e%2e/pyproject.toml"):
        status, body = http_get(f"{app_server.url}{path}")
        assert status in (403, 404), path
        assert b"caro-arena" not in body


def test_missing_client_dir_gives_404_not_a_crash(server_factory, tmp_path: Path) -> None:
    node = server_factory.start("noclient", embedded=True, env={"CLIENT_DIR": str(tmp_path)})
    assert http_get(f"{node.url}/")[0] == 404
    assert node.health()[0] == 200


def test_bad_setting_stops_serve_with_a_clear_message() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "server", "serve"], cwd=REPO_ROOT, capture_output=True, text=True,
        env={"PATH": "/usr/bin:/bin", "PORT": "eighty"}, timeout=60,
    )
    assert result.returncode == 2
    assert "PORT must be an integer" in result.stderr


def test_command_line_has_serve_and_engine_commands() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "server", "--help"], cwd=REPO_ROOT, capture_output=True, text=True,
        timeout=60,
    )
    assert result.returncode == 0
    for command in ("serve", "ai", "solve", "pbrain"):
        assert command in result.stdout
