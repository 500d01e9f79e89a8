"""docker-compose.yml has the production shape the README promises (no Docker engine needed)."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import PurePosixPath

import pytest
import yaml

from tests.harness import REPO_ROOT

SERVERS = ("server-1", "server-2")


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((REPO_ROOT / "docker-compose.yml").read_text())


def environment(service: dict) -> dict[str, str]:
    env = service.get("environment", {})
    if isinstance(env, list):
        env = dict(item.split("=", 1) for item in env)
    return env


def command_args(service: dict) -> list[str]:
    command = service["command"]
    return command.split() if isinstance(command, str) else command


def test_services_are_redis_postgres_two_servers_and_a_load_balancer(compose: dict) -> None:
    assert set(compose["services"]) == {"redis", "postgres", *SERVERS, "lb"}


def test_postgres_keeps_its_data_in_a_named_volume_and_has_a_healthcheck(compose: dict) -> None:
    postgres = compose["services"]["postgres"]
    assert postgres["image"].startswith("postgres:")
    named = [volume.split(":")[0] for volume in postgres["volumes"]
             if volume.endswith(":/var/lib/postgresql/data")]
    assert named and named[0] in compose["volumes"]
    assert "pg_isready" in postgres["healthcheck"]["test"]


def test_servers_use_the_compose_postgres_and_wait_until_it_is_healthy(compose: dict) -> None:
    postgres = environment(compose["services"]["postgres"])
    for name in SERVERS:
        service = compose["services"][name]
        url = environment(service)["DATABASE_URL"]
        assert url == (f"postgresql://{postgres['POSTGRES_USER']}:{postgres['POSTGRES_PASSWORD']}"
                       f"@postgres:5432/{postgres['POSTGRES_DB']}")
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"


def test_redis_keeps_an_append_only_file_synced_on_every_write(compose: dict) -> None:
    args = command_args(compose["services"]["redis"])
    assert args[args.index("--appendonly") + 1] == "yes"
    assert args[args.index("--appendfsync") + 1] == "always"


def test_redis_data_is_in_a_named_volume(compose: dict) -> None:
    volumes = compose["services"]["redis"]["volumes"]
    named = [volume.split(":")[0] for volume in volumes if volume.endswith(":/data")]
    assert named and named[0] in compose["volumes"]


def test_redis_has_a_ping_healthcheck(compose: dict) -> None:
    assert compose["services"]["redis"]["healthcheck"]["test"][-2:] == ["redis-cli", "ping"]


def test_servers_are_built_from_the_dockerfile_with_its_healthcheck(compose: dict) -> None:
    for name in SERVERS:
        assert compose["services"][name]["build"] == "."
        assert "healthcheck" not in compose["services"][name]  # the image's HEALTHCHECK applies
    assert healthcheck_command()[:2] == ["python", "-c"]


def healthcheck_command() -> list[str]:
    """The Dockerfile's HEALTHCHECK CMD (exec form, possibly continued over lines)."""
    text = (REPO_ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    line = next(line for line in text.splitlines() if line.startswith("HEALTHCHECK"))
    return json.loads(line[line.index("CMD") + 3 :])


def run_healthcheck(port: int) -> int:
    command = [sys.executable if arg == "python" else arg for arg in healthcheck_command()]
    env = {"PATH": os.environ.get("PATH", ""), "PORT": str(port)}
    return subprocess.run(command, env=env, capture_output=True, timeout=30).returncode


def test_docker_healthcheck_passes_on_a_healthy_node(app_server) -> None:
    assert run_healthcheck(app_server.port) == 0


def test_docker_healthcheck_fails_on_a_degraded_node(server_factory, redis_factory) -> None:
    redis_node = redis_factory.start()
    node = server_factory.start("degraded", redis_url=redis_node.url)
    redis_node.kill()
    assert run_healthcheck(node.port) != 0


def test_both_servers_share_the_same_redis_with_distinct_node_ids(compose: dict) -> None:
    envs = [environment(compose["services"][name]) for name in SERVERS]
    assert {env["REDIS_URL"] for env in envs} == {"redis://redis:6379/0"}
    assert [env["NODE_ID"] for env in envs] == list(SERVERS)


def test_servers_differ_only_in_node_id(compose: dict) -> None:
    """The loopback topology test starts both nodes with one environment; keep it that way."""
    first, second = ({k: v for k, v in environment(compose["services"][name]).items()
                      if k != "NODE_ID"} for name in SERVERS)
    assert first == second
    assert first["TRUST_PROXY"] == "1"  # behind lb: client addresses from X-Forwarded-For


def test_servers_wait_for_a_healthy_redis(compose: dict) -> None:
    for name in SERVERS:
        assert compose["services"][name]["depends_on"]["redis"]["condition"] == "service_healthy"


def test_load_balancer_publishes_8080_and_runs_the_deploy_config(compose: dict) -> None:
    lb = compose["services"]["lb"]
    assert "8080:8080" in lb["ports"]
    source, target = lb["volumes"][0].split(":")[:2]
    assert (REPO_ROOT / source).resolve() == (REPO_ROOT / "deploy" / "nginx.conf").resolve()
    assert target == "/etc/nginx/nginx.conf"
    for name in SERVERS:
        assert lb["depends_on"][name]["condition"] == "service_healthy"


def test_load_balancer_config_names_both_servers_and_upgrades_websockets() -> None:
    config = (REPO_ROOT / "deploy" / "nginx.conf").read_text()
    for name in SERVERS:
        assert f"server {name}:8080" in config
    assert "proxy_set_header Upgrade $http_upgrade;" in config
    assert "proxy_set_header Connection $connection_upgrade;" in config


def test_docker_image_is_slim_python_and_runs_as_a_non_root_user() -> None:
    lines = [line.split() for line in (REPO_ROOT / "Dockerfile").read_text().splitlines()]
    instructions = [line for line in lines if line and not line[0].startswith("#")]
    assert instructions[0][:2] == ["FROM", "python:3.11-slim"]
    users = [line[1] for line in instructions if line[0] == "USER"]
    assert users and users[-1] not in ("root", "0")


def test_docker_image_client_dir_is_where_the_client_is_copied() -> None:
    dockerfile = (REPO_ROOT / "Dockerfile").read_text()
    assert "WORKDIR /app" in dockerfile
    assert "COPY client ./client" in dockerfile
    assert "CLIENT_DIR=/app/client" in dockerfile
    ignored = set((REPO_ROOT / ".dockerignore").read_text().split())
    assert not ignored & {"client", "engine", "server", "pyproject.toml", "README.md"}


@pytest.fixture(scope="module")
def cluster_compose() -> dict:
    return yaml.safe_load((REPO_ROOT / "deploy" / "docker-compose.cluster.yml").read_text())


def test_cluster_example_runs_six_cluster_enabled_redis_with_append_only_files(
        cluster_compose: dict) -> None:
    redis_services = [name for name in cluster_compose["services"] if name.startswith("redis-")]
    assert len(redis_services) == 6
    for name in redis_services:
        args = command_args(cluster_compose["services"][name])
        assert args[args.index("--cluster-enabled") + 1] == "yes"
        assert args[args.index("--appendonly") + 1] == "yes"


def test_cluster_example_creates_three_masters_with_a_replica_each(cluster_compose: dict) -> None:
    script = cluster_compose["services"]["cluster-init"]["command"][0]
    assert "--cluster create" in script and "--cluster-replicas 1" in script


def test_cluster_example_servers_reach_the_cluster_once_it_is_formed(
        cluster_compose: dict) -> None:
    for name in SERVERS:
        server = cluster_compose["services"][name]
        url = environment(server)["REDIS_URL"]
        assert url.startswith("redis+cluster://")
        assert {seed.split(":")[0] for seed in url.removeprefix("redis+cluster://").split(",")} \
            <= set(cluster_compose["services"])
        assert server["depends_on"]["cluster-init"]["condition"] == \
            "service_completed_successfully"


def dockerfile_instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (keyword, arguments), continued lines joined."""
    text = (REPO_ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    lines = [line.strip() for line in text.splitlines()]
    return [(line.split()[0], line.split(None, 1)[1]) for line in lines
            if line and not line.startswith("#")]


def image_env() -> dict[str, str]:
    env: dict[str, str] = {}
    for keyword, args in dockerfile_instructions():
        if keyword == "ENV":
            env.update(item.split("=", 1) for item in shlex.split(args))
    return env


def test_the_image_keeps_its_compiled_engine_in_a_directory_of_the_image() -> None:
    cache = PurePosixPath(image_env()["NUMBA_CACHE_DIR"])
    assert cache.is_absolute() and PurePosixPath("/tmp") not in cache.parents


def test_the_image_compiles_the_engine_at_build_time_as_its_runtime_user() -> None:
    """After the install, under NUMBA_CACHE_DIR, as the user the container runs as, into a
    directory that user owns (a node on another kind of CPU compiles into it at start)."""
    instructions = dockerfile_instructions()
    runs = [i for i, (keyword, _) in enumerate(instructions) if keyword == "RUN"]
    (build,) = [i for i in runs if instructions[i][1] == "caro-arena compile"]
    install = next(i for i in runs if "pip install" in instructions[i][1])
    cache_set = next(i for i, (keyword, args) in enumerate(instructions)
                     if keyword == "ENV" and "NUMBA_CACHE_DIR=" in args)
    users = [(i, args) for i, (keyword, args) in enumerate(instructions) if keyword == "USER"]
    runtime_user = users[-1][1]
    assert install < build and cache_set < build
    assert [args for i, args in users if i < build][-1] == runtime_user
    assert not [args for keyword, args in instructions[build:]
                if keyword == "ENV" and "NUMBA_" in args]
    owned = f"install -d -o {runtime_user} -g {runtime_user} {image_env()['NUMBA_CACHE_DIR']}"
    assert any(owned in instructions[i][1] for i in runs if i < build)


def test_compose_runs_the_servers_on_the_images_compiled_engine(compose: dict) -> None:
    for name in SERVERS:
        service = compose["services"][name]
        assert not any(key.startswith("NUMBA_") for key in environment(service))
        assert "volumes" not in service and "tmpfs" not in service


def test_the_images_build_step_runs_here_and_finds_the_sessions_cache_warm() -> None:
    (build,) = [args for keyword, args in dockerfile_instructions()
                if keyword == "RUN" and args.startswith("caro-arena ")]
    command = [sys.executable, "-m", "server", *shlex.split(build)[1:]]
    result = subprocess.run(command, cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("AI engine: compiled code is up to date")
