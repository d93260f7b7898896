"""Errors: every failure is a lashon.LashonError with code and message.

Run: python examples/python/errors.py
"""

from typing import Callable, List, Tuple

import lashon


def main() -> None:
    attempts: List[Tuple[str, Callable[[], object]]] = [
        ("empty text", lambda: lashon.wrap("")),
        ("unknown format", lambda: lashon.wrap("שלום", format="pdf")),
        ("unsupported language", lambda: lashon.find_spans("Bonjour", "fr")),
        ("bad ICU", lambda: lashon.icu.parse("{n, plural, one {x}}")),
        ("missing model", lambda: lashon.Nikud("/nonexistent.safetensors")),
    ]
    for name, attempt in attempts:
        try:
            attempt()
        except lashon.LashonError as e:
            print(f"{name}: {type(e).__name__} code={e.code} status={e.status}")
            print("  ", e.to_dict()["error"]["message"])


if __name__ == "__main__":
    main()
