"""Settings come from the environment only, with the defaults the README documents."""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

import pytest

from server.platform.settings import DEFAULT_CLIENT_DIR, Settings, SettingsError

README = Path(__file__).resolve().parents[1] / "README.md"


def test_empty_environment_gives_documented_defaults() -> None:
    settings = Settings.from_env({})
    assert settings.host == "127.0.0.1"
    assert settings.port == 8080
    assert settings.redis_url is None and settings.embedded_store
    assert settings.ai_workers == (os.cpu_count() or 1)
    assert settings.allowed_origins == ()
    assert settings.record_ttl_s == 30 * 24 * 3600
    assert settings.log_level == "INFO"
    assert settings.client_dir == DEFAULT_CLIENT_DIR
    assert (settings.client_dir / "index.html").is_file()


def test_default_node_id_is_host_and_pid() -> None:
    assert Settings.from_env({}).node_id.endswith(f"-{os.getpid()}")


def test_every_variable_is_read_from_the_environment() -> None:
    env = {
        "HOST": "0.0.0.0", "PORT": "9001", "REDIS_URL": "redis://db:6379/2", "NODE_ID": "n7",
        "AI_WORKERS": "3", "ALLOWED_ORIGINS": "https://caro.example.org, http://localhost:3000/",
        "ROOM_TTL_S": "60", "RECORD_TTL_S": "120", "LOG_LEVEL": "debug", "CLIENT_DIR": "/srv/c",
        "TRUST_PROXY": "yes", "AI_THINK_MS": "250", "DATA_DIR": "/var/lib/caro",
        "DATABASE_URL": "postgresql://caro:secret@db:5432/caro", "REDIS_GATHER_MS": "0",
    }
    settings = Settings.from_env(env)
    assert settings == Settings(
        host="0.0.0.0", port=9001, redis_url="redis://db:6379/2", node_id="n7", ai_workers=3,
        allowed_origins=("https://caro.example.org", "http://localhost:3000"),
        room_ttl_s=60, record_ttl_s=120, log_level="DEBUG", client_dir=Path("/srv/c"),
        trust_proxy=True, ai_think_ms=250, data_dir=Path("/var/lib/caro"),
        database_url="postgresql://caro:secret@db:5432/caro", redis_gather_ms=0,
    )
    assert not settings.embedded_store
    assert settings.sql_url == "postgresql://caro:secret@db:5432/caro"


def test_without_database_url_the_sql_store_is_a_sqlite_file_in_the_data_dir() -> None:
    settings = Settings.from_env({"DATA_DIR": "/srv/caro"})
    assert settings.sql_url == "sqlite:////srv/caro/caro-arena.sqlite3"


def test_settings_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Settings.from_env({}).port = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    ("name", "value"),
    [("PORT", "eighty"), ("PORT", "70000"), ("AI_WORKERS", "0"), ("ROOM_TTL_S", "-5"),
     ("LOG_LEVEL", "LOUD"), ("ALLOWED_ORIGINS", "caro.example.org"), ("TRUST_PROXY", "maybe"),
     ("DATABASE_URL", "mysql://db/caro"), ("REDIS_GATHER_MS", "51")],
)
def test_bad_value_is_rejected_with_the_variable_name(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name):
        Settings.from_env({name: value})


def test_same_host_origin_is_allowed_by_default() -> None:
    settings = Settings.from_env({})
    assert settings.origin_allowed("http://localhost:8080", "localhost:8080")
    assert settings.origin_allowed(None, "localhost:8080")


def test_foreign_origin_is_refused_by_default() -> None:
    settings = Settings.from_env({})
    assert not settings.origin_allowed("https://evil.example", "localhost:8080")
    assert not settings.origin_allowed("http://localhost:9999", "localhost:8080")


def test_listed_origin_is_allowed() -> None:
    settings = Settings.from_env({"ALLOWED_ORIGINS": "https://caro.example.org"})
    assert settings.origin_allowed("https://caro.example.org", "10.0.0.5:8080")
    assert not settings.origin_allowed("https://other.example.org", "10.0.0.5:8080")


def test_readme_configuration_table_lists_every_setting_with_its_default() -> None:
    rows = dict(re.findall(r"^\| `([A-Z_]+)` \| ([^|]+) \|", README.read_text(), re.MULTILINE))
    fields = {field.name.upper() for field in dataclasses.fields(Settings)}
    assert set(rows) == fields
    assert "8080" in rows["PORT"] and "127.0.0.1" in rows["HOST"]
