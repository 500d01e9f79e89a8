"""Typed keys for what the application context holds, set by the application factory
(server/app.py) and read by the routes and the socket endpoint.

Kept apart from server/app.py so route modules can import them while app.py imports the route
modules (no import cycle).
"""

from __future__ import annotations

import redis.asyncio as redis
from aiohttp import web
from sqlalchemy.ext.asyncio import AsyncEngine

from ..analysis.service import AnalysisService
from ..challenges.service import ChallengeService
from ..moderation.service import Moderation
from ..notifications.node import Notifications
from ..platform.settings import Settings
from ..play.arena import Arena
from ..pool.node import Pools
from ..puzzles.service import PuzzleService
from ..relations.service import Relations
from ..tournaments.service import Tournaments

SETTINGS = web.AppKey("settings", Settings)
REDIS = web.AppKey("redis", redis.Redis)
SQL = web.AppKey("sql", AsyncEngine)
OUTBOX = web.AppKey("outbox", str)  # this SQL database's archive outbox, before bucketing
ARENA = web.AppKey("arena", Arena)  # the live-play services (server/play/arena.py)
ANALYSIS = web.AppKey("analysis", AnalysisService)  # game reviews and the analysis board
NOTIFICATIONS = web.AppKey("notifications", Notifications)  # server/notifications/node.py
RELATIONS = web.AppKey("relations", Relations)  # follows and blocks (server/relations/)
CHALLENGES = web.AppKey("challenges", ChallengeService)  # server/challenges/
MODERATION = web.AppKey("moderation", Moderation)  # reports, mute, close (server/moderation/)
TOURNAMENTS = web.AppKey("tournaments", Tournaments)  # server/tournaments/ (and its director)
POOL = web.AppKey("pool", Pools)  # the rated pools (server/pool/node.py)
PUZZLES = web.AppKey("puzzles", PuzzleService)  # server/puzzles/service.py
