"""Direction: analyze, wrap and detect mixed Hebrew/English text.

Run: python examples/python/direction.py
"""

import lashon


def main() -> None:
    line = "התור נקבע ל-10:00–12:00 ב-Google Meet"
    analysis = lashon.analyze(line).analysis
    assert analysis is not None
    print("direction:", analysis.dir, "mixed:", analysis.mixed)
    for run in analysis.display_runs:
        print(f"  {run.dir} [{run.start}, {run.end}) {run.text!r}")

    for fmt in ("html", "isolate", "marks"):
        print(fmt, ascii(lashon.wrap(line, format=fmt).output))

    detection = lashon.detect("שילמתי דרך PayPal אתמול")
    shares = ", ".join(f"{s.lang} {s.share:.2f}" for s in detection.languages)
    print("language:", detection.lang, f"({shares})")

    fields = lashon.analyze(fields={"title": "Google הודיעה", "body": "Hello"}, base="rtl")
    assert fields.fields is not None
    print({name: a.dir for name, a in fields.fields.items()})

    # Many strings in one call (the GIL is released once for the whole list).
    labels = ["שמור ב-Google Drive", "מחיר: ₪4.99 לחודש", "Settings"]
    for label, wrapped in zip(labels, lashon.wrap_many(labels, format="isolate")):
        print(f"{label!r} -> {ascii(wrapped.output)}")
    print([d.lang for d in lashon.detect_many(labels)])
    print(lashon.wrap(labels[1]).to_dict()["runs"][1])


if __name__ == "__main__":
    main()
