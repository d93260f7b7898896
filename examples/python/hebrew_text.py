"""Hebrew text tools: strip vowel points, transliterate, add vowel points with a model.

Run: python examples/python/hebrew_text.py [MODEL.safetensors]
(or set LASHON_NIKUD_MODEL; without a model the nikud part is skipped.)
"""

import os
import sys

import lashon


def main() -> None:
    print(lashon.strip_nikud("בְּרֵאשִׁית בָּרָא").stripped)
    print(lashon.transliterate("שָׁלוֹם עֲלֵיכֶם").transliteration)
    print(lashon.transliterate("Google Meet", direction="latin-to-he").transliteration)

    path = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("LASHON_NIKUD_MODEL")
    if not path:
        print("no model: pass a .safetensors path or set LASHON_NIKUD_MODEL")
        return
    try:
        model = lashon.Nikud(path)
    except lashon.NotConfigured as e:
        print("cannot load the model:", e.message)
        return
    result = model.add("שלום עולם")
    print(result.nikud, "verified" if result.verified else "unverified")
    # Many lines: one batched call, each result as add() would give it.
    for line in model.add_many(["מה שלומך?", "תודה רבה", "קניתי iPhone ב-5,000 ש״ח"]):
        print(line.nikud)
    print(model.transliterate("שלום עולם").transliteration)


if __name__ == "__main__":
    main()
