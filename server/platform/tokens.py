"""Seat tokens: random, URL-safe; only a token's hash is ever stored. (Room ids are minted by
server/platform/keys.py, which chooses their cluster slot.)"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24    # 192 bits -> 32 characters


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(a: str, b: str) -> bool:
    """Constant-time comparison, so response timing says nothing about a stored hash."""
    return hmac.compare_digest(a, b)
