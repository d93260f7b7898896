"""Shared paths: the repository's test vectors and examples."""

import json
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


def vectors(relative: str) -> Any:
    """A JSON vector file of the repository (the same data the Rust tests read)."""
    return json.loads((REPO / relative).read_text(encoding="utf-8"))
