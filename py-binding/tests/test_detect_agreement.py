"""The README's agreement of `detect` with lingua 2.1.1 (four languages), held on the shared
data: the same texts and the same per-segment rule as the benchmark
(py-binding/bench/bench_bidi.py), so the figures it prints and the README quotes are these."""

from __future__ import annotations

import sys
from pathlib import Path

import lingua  # installed, pinned, by scripts/test-python
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import bench_bidi as bench  # noqa: E402


@pytest.fixture(scope="module")
def detector() -> object:
    return lingua.LanguageDetectorBuilder.from_languages(
        lingua.Language.HEBREW,
        lingua.Language.ENGLISH,
        lingua.Language.RUSSIAN,
        lingua.Language.ARABIC,
    ).build()


@pytest.mark.parametrize(
    "name, texts, segments, letters",
    [
        # README "Bindings next to the libraries users have": 90.9% (93.4% of the letters)
        ("UI strings", 1423, 0.909, 0.934),
        # and 96.0% (98.4% of the letters) on the news lines.
        ("news lines", 1411, 0.960, 0.984),
    ],
)
def test_detect_agrees_with_lingua_as_documented(
    detector: object, name: str, texts: int, segments: float, letters: float
) -> None:
    data = bench.shared_data()
    pairs = bench.tatoeba(data)
    sets = {"UI strings": bench.ui_strings(pairs), "news lines": bench.news_lines(data, pairs)}
    assert len(sets[name]) == texts
    seg_ok, seg_all, let_ok, let_all = bench.agreement(sets[name], detector)
    assert seg_all > 1000
    assert round(seg_ok / seg_all, 3) == segments, (seg_ok, seg_all)
    assert round(let_ok / let_all, 3) == letters, (let_ok, let_all)
