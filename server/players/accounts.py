"""Accounts' rules, apart from HTTP: what a username and a password may be, how passwords are
hashed and checked, how long a session lasts. The routes and cookies are in
server/http/accounts.py; the rows in server/players/store_sql/accounts.py.

Passwords are hashed with argon2id (argon2-cffi's defaults), in a worker thread so a hash
(tens of milliseconds of CPU) never stalls the event loop. A check against no account still
does the same argon2 work (a dummy hash), so the time of a refusal does not tell whether the
username exists.
"""

from __future__ import annotations

import asyncio
import functools
import re

import argon2

SESSION_DAYS = 30
SESSION_MS = SESSION_DAYS * 24 * 3600 * 1000
USERNAME_CHARS = (3, 20)
USERNAME = re.compile(r"[A-Za-z0-9_-]{{{},{}}}".format(*USERNAME_CHARS))
PASSWORD_CHARS = (8, 200)

hasher = argon2.PasswordHasher()  # argon2id


@functools.cache
def dummy_hash() -> str:
    """What a login for no account is checked against, made on the first such login: hashing
    is slow by design (~0.15 s of CPU), and every node start paid for it at import."""
    return hasher.hash("not a password of anyone")


def is_username(text: str) -> bool:
    return USERNAME.fullmatch(text) is not None


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(hasher.hash, password)


async def password_matches(password_hash: str | None, password: str) -> bool:
    """Whether `password` is the one hashed; with no hash (no such account), False after the
    same work."""
    def verify() -> bool:
        try:
            return hasher.verify(password_hash or dummy_hash(), password) \
                and password_hash is not None
        except (argon2.exceptions.VerificationError, argon2.exceptions.InvalidHashError):
            return False
    return await asyncio.to_thread(verify)
