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


if __name__ == "__main__":
    main()
