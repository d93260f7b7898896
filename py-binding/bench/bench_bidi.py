"""Benchmark: lashon.wrap / lashon.detect from Python next to python-bidi (PyPI).

Comparable work on the same text:
- wrap: lashon.wrap(text, format="isolate") resolves the UBA, finds the display runs and
  writes isolates; python-bidi's get_display(text) resolves the UBA and reorders the text
  for display (both return a new string built from the resolved levels).
- detect: lashon.detect(text) finds the dominant language, segments and shares;
  python-bidi's get_base_level(text) is its only analysis call (the paragraph direction).

Most of lashon's time on mixed text is building one Python object per run (python-bidi
returns a single string): on one-direction text the two are close. Also times the native call without the typed result objects (lashon._native), to show what
the Python-side wrapping costs. Prints per-call microseconds and the ratios. Run:
    python py-binding/bench/bench_bidi.py
"""

from __future__ import annotations

import timeit
from typing import Callable, Dict, List, Tuple

import bidi

import lashon
from lashon import _native

SENTENCES = [
    "התור נקבע ל-10:00–12:00 ב-Google Meet עם ד\"ר Dana Levi.",
    "המחיר הוא ₪1,200.50 כולל מע\"מ, או $329.99 באתר Amazon.",
    "מינון: 5 mg פעמיים ביום, ראו https://example.com/dose?id=42.",
    "Привет! שילמתי דרך PayPal אתמול, 3-4 ימים לפני ה-15/03/2025.",
]


def texts() -> Dict[str, str]:
    line = " ".join(SENTENCES)
    return {
        "short (~60 chars)": SENTENCES[0],
        "paragraph (~1,000 chars)": (line + " ") * 4,
        "Hebrew only (~1,000 chars)": "שלום עולם זה טקסט בעברית בלבד " * 32,
    }


def per_call_us(fn: Callable[[], object]) -> float:
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    number = max(number, 1)
    best = min(timer.repeat(repeat=5, number=number))
    return best / number * 1e6


def main() -> None:
    rows: List[Tuple[str, str, float, float, float]] = []
    for name, text in texts().items():
        assert lashon.wrap(text, format="isolate").output
        assert bidi.get_display(text)
        wrap_l = per_call_us(lambda: lashon.wrap(text, format="isolate"))
        wrap_n = per_call_us(lambda: _native.wrap(text, format="isolate"))
        wrap_b = per_call_us(lambda: bidi.get_display(text))
        det_l = per_call_us(lambda: lashon.detect(text))
        det_n = per_call_us(lambda: _native.detect(text))
        det_b = per_call_us(lambda: bidi.get_base_level(text))
        rows.append((name, "wrap vs get_display", wrap_l, wrap_n, wrap_b))
        rows.append((name, "detect vs get_base_level", det_l, det_n, det_b))
    print(f"python-bidi {bidi.VERSION}; times are µs per call (best of 5)")
    print(f"{'text':26} {'operation':26} {'lashon':>9} {'native':>9} {'python-bidi':>12} {'ratio':>7}")
    for name, op, typed, native, other in rows:
        print(f"{name:26} {op:26} {typed:9.1f} {native:9.1f} {other:12.1f} {typed / other:7.2f}")
    print("ratio = lashon (typed result) / python-bidi; below 1 means lashon is faster")


if __name__ == "__main__":
    main()
