"""`python -m server ...` is the `caro-arena` command."""

from __future__ import annotations

import sys

from .cli import main

sys.exit(main())
