"""Benchmark: lashon from Python next to the libraries a Python user already has, in one run.

    scripts/bench-python        (builds the wheel, installs the peers into a fresh venv)

Peers, pinned by scripts/bench-python:
- python-bidi 0.6 ``get_display(text)``: resolves the UBA and reorders the text for display.
  lashon ``wrap(text).output`` resolves the paragraphs, finds the display units and writes
  the HTML (or isolates); ``analyze(text)`` resolves the UBA levels too, with both kinds of
  runs, scripts and UTF-16 offsets.
- lingua 2 ``detect_multiple_languages_of(text)`` with four languages (he, en, ru, ar):
  lashon ``detect(text)`` reads the language from the script of each stretch, lingua from
  character n-gram models. Their per-segment agreement is printed beside the speed.

Texts, from the project's shared data (``$LASHON_SHARED_DATA``, default ``../shared/data``):
- UI strings: the Hebrew sentences of parallel-tatoeba, alone and joined with their English
  translation, that are 40 to 80 characters long;
- news lines: the lines of the Nakdimon test texts (modern Hebrew news, blogs, Wikipedia,
  subtitles; vowel points removed), each with an English tatoeba sentence in the middle.

Each figure is the best of several rounds over the whole set, in MB of UTF-8 input per
second, lashon's and the peer's rounds alternating; a ratio above 1 means lashon is faster. Figures are this machine's and only the
ratios of one run compare.
"""

from __future__ import annotations

import os
import re
import sys
import time
from importlib.metadata import version
from pathlib import Path
from typing import Callable, Dict, List, Sequence, Tuple

import bidi
from lingua import Language, LanguageDetectorBuilder

import lashon

REPO = Path(__file__).resolve().parents[2]
POINTS = re.compile("[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7]")


def shared_data() -> Path:
    path = Path(os.environ.get("LASHON_SHARED_DATA", REPO.parent / "shared" / "data"))
    if not (path / "parallel-tatoeba").is_dir():
        sys.exit(f"bench_bidi: shared data not found at {path} (set LASHON_SHARED_DATA)")
    return path


def tatoeba(data: Path) -> List[Tuple[str, str]]:
    folder = data / "parallel-tatoeba"
    heb = (folder / "tatoeba.heb-eng.heb").read_text(encoding="utf-8").splitlines()
    eng = (folder / "tatoeba.heb-eng.eng").read_text(encoding="utf-8").splitlines()
    return list(zip(heb, eng))


def ui_strings(pairs: Sequence[Tuple[str, str]]) -> List[str]:
    """Hebrew sentences alone, then each with its English translation (Hebrew first, and
    English first): those of 40 to 80 characters."""
    out: List[str] = []
    for heb, eng in pairs:
        for text in (heb, f"{heb} ({eng})", f"{eng} — {heb}"):
            if 40 <= len(text) <= 80:
                out.append(text)
    return out


def news_lines(data: Path, pairs: Sequence[Tuple[str, str]]) -> List[str]:
    """Lines of the Nakdimon test texts without points, an English sentence in each."""
    folder = data / "nakdimon-diacritization-tests" / "tests" / "new" / "expected"
    lines: List[str] = []
    for path in sorted(folder.glob("*/*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            line = POINTS.sub("", line).strip()
            if len(line) >= 20:
                lines.append(line)
    out = []
    for i, line in enumerate(lines):
        words = line.split(" ")
        middle = len(words) // 2
        eng = pairs[i % len(pairs)][1]
        out.append(" ".join(words[:middle] + [eng] + words[middle:]))
    return out


def compare(
    ours: Callable[[], object], peer: Callable[[], object], size: int
) -> Tuple[float, float]:
    """MB/s of `ours` and of `peer` (each a call over the whole set): rounds of one then the
    other, alternating, for at least ~2 s in all, and the best round of each. Alternating
    keeps the ratio honest on a shared machine, where the load changes from second to second.
    """
    ours()
    peer()
    best_ours = best_peer = float("inf")
    spent = 0.0
    rounds = 0
    while rounds < 3 or (spent < 2.0 and rounds < 20):
        start = time.perf_counter()
        ours()
        middle = time.perf_counter()
        peer()
        end = time.perf_counter()
        best_ours = min(best_ours, middle - start)
        best_peer = min(best_peer, end - middle)
        spent += end - start
        rounds += 1
    return size / best_ours / 1e6, size / best_peer / 1e6


def each(fn: Callable[[str], object], texts: Sequence[str]) -> Callable[[], object]:
    """A call of `fn` on every text, one by one."""

    def run() -> object:
        for text in texts:
            fn(text)
        return None

    return run


LINGUA_CODES = {
    Language.HEBREW: "he",
    Language.ENGLISH: "en",
    Language.RUSSIAN: "ru",
    Language.ARABIC: "ar",
}


def agreement(texts: Sequence[str], detector: object) -> Tuple[int, int, int, int]:
    """Segments (and their letters) where lashon's language is the one lingua gives most of
    the segment's letters: (segments agreeing, segments, letters agreeing, letters)."""
    seg_ok = seg_all = let_ok = let_all = 0
    for text in texts:
        per_char = [""] * len(text)
        for r in detector.detect_multiple_languages_of(text):  # type: ignore[attr-defined]
            code = LINGUA_CODES.get(r.language, "other")
            for k in range(r.start_index, min(r.end_index, len(text))):
                per_char[k] = code
        pos = 0
        for segment in lashon.detect(text).segments:
            seg_text = segment.text
            letters = [k for k in range(pos, pos + len(seg_text)) if text[k].isalpha()]
            pos += len(seg_text)
            if not letters:
                continue
            votes: Dict[str, int] = {}
            for k in letters:
                votes[per_char[k]] = votes.get(per_char[k], 0) + 1
            lingua_lang = max(votes, key=lambda lang: votes[lang])
            seg_all += 1
            let_all += len(letters)
            if lingua_lang == segment.lang:
                seg_ok += 1
                let_ok += len(letters)
    return seg_ok, seg_all, let_ok, let_all


def main() -> None:
    data = shared_data()
    pairs = tatoeba(data)
    sets = {"UI strings": ui_strings(pairs), "news lines": news_lines(data, pairs)}
    detector = (
        LanguageDetectorBuilder.from_languages(
            Language.HEBREW, Language.ENGLISH, Language.RUSSIAN, Language.ARABIC
        ).build()
    )

    def get_display(text: str) -> object:
        return bidi.get_display(text)

    def lingua_detect(text: str) -> object:
        return detector.detect_multiple_languages_of(text)

    print(
        f"lashon (wheel) vs python-bidi {version('python-bidi')} and "
        f"lingua-language-detector {version('lingua-language-detector')}, "
        f"Python {sys.version.split()[0]}"
    )
    for name, texts in sets.items():
        size = sum(len(t.encode("utf-8")) for t in texts)
        lengths = sorted(len(t) for t in texts)
        print(
            f"{name}: {len(texts)} texts, {size / 1e6:.2f} MB, "
            f"{lengths[0]}–{lengths[-1]} characters (median {lengths[len(lengths) // 2]})"
        )
    print()
    header = f"{'call':46} {'texts':11} {'lashon MB/s':>12} {'peer MB/s':>10} {'ratio':>7}"
    print(header)
    print("-" * len(header))

    def row(call: str, set_name: str, ours: float, peer: float) -> None:
        print(f"{call:46} {set_name:11} {ours:12.2f} {peer:10.2f} {ours / peer:7.2f}")

    for name, texts in sets.items():
        size = sum(len(t.encode("utf-8")) for t in texts)
        peer = each(get_display, texts)
        calls: List[Tuple[str, Callable[[], object]]] = [
            ("wrap (html) vs get_display", each(lambda t: lashon.wrap(t).output, texts)),
            (
                "wrap (isolate) vs get_display",
                each(lambda t: lashon.wrap(t, format="isolate").output, texts),
            ),
            ("wrap_many (html, one call) vs get_display", lambda: lashon.wrap_many(texts)),
            ("analyze vs get_display", each(lambda t: lashon.analyze(t).analysis, texts)),
        ]
        for call, ours in calls:
            row(call, name, *compare(ours, peer, size))

    for name, texts in sets.items():
        size = sum(len(t.encode("utf-8")) for t in texts)
        peer = each(lingua_detect, texts)
        calls = [
            (
                "detect vs lingua detect_multiple_languages_of",
                each(lambda t: lashon.detect(t).segments, texts),
            ),
            ("detect_many (one call) vs lingua", lambda: lashon.detect_many(texts)),
        ]
        for call, ours in calls:
            row(call, name, *compare(ours, peer, size))

    print()
    for name, texts in sets.items():
        seg_ok, seg_all, let_ok, let_all = agreement(texts, detector)
        print(
            f"detect agreement with lingua, {name}: {seg_ok}/{seg_all} segments "
            f"({seg_ok / seg_all:.1%}), {let_ok}/{let_all} letters ({let_ok / let_all:.1%})"
        )
    print("ratio = lashon MB/s / peer MB/s (above 1: lashon is faster); this machine's figures")


if __name__ == "__main__":
    main()
