"""Typed keys for what the application context holds.

Kept apart from server/app.py so route modules can import them while app.py imports the route
modules (no import cycle).
"""

from __future__ import annotations

import redis.asyncio as redis
from aiohttp import web
from sqlalchemy.ext.asyncio import AsyncEngine

from .settings import Settings

SETTINGS = web.AppKey("settings", Settings)
REDIS = web.AppKey("redis", redis.Redis)
SQL = web.AppKey("sql", AsyncEngine)
OUTBOX = web.AppKey("outbox", str)  # this SQL database's archive outbox, before bucketing
