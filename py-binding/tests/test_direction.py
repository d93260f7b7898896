"""analyze, wrap, detect: shared vectors, shapes, keyword arguments, unicode edge cases."""

import threading

import pytest

import lashon
from conftest import vectors

DISPLAY = vectors("bidi/tests/vectors/display.json")


@pytest.mark.parametrize("v", DISPLAY, ids=[v["name"] for v in DISPLAY])
def test_display_vectors(v):
    base = v.get("base", "auto")
    a = lashon.analyze(v["text"], base=base).analysis
    assert a is not None
    assert a.dir == v["dir"]
    assert [[r.text, r.dir] for r in a.display_runs] == v["display"]
    w = lashon.wrap(v["text"], base=base)
    assert w.output == v["html"]
    assert w.format == "html"
    assert [[r.text, r.dir] for r in w.runs] == v["display"]


def test_analyze_shape_is_the_http_json():
    d = lashon.analyze("המחיר הוא ₪1,200.50").to_dict()
    assert list(d) == ["analysis"]
    a = d["analysis"]
    assert set(a) == {"dir", "mixed", "lang", "script", "runs", "display_runs"}
    assert set(a["runs"][0]) == {"text", "dir", "script", "lang", "start", "end"}
    assert a["lang"] == "he" and a["script"] == "Hebr"


def test_analyze_fields_and_base():
    res = lashon.analyze(fields={"t": "Google הודיעה", "e": "hello"}, base="rtl")
    assert res.analysis is None and res.fields is not None
    assert res.fields["t"].dir == "rtl" and res.fields["e"].dir == "rtl"
    both = lashon.analyze("שלום", fields={"x": "hi"})
    assert both.analysis is not None and both.fields is not None
    assert set(both.to_dict()) == {"analysis", "fields"}
    assert lashon.analyze("Google הודיעה").analysis.dir == "ltr"


def test_wrap_formats():
    line = "Google הודיעה היום"
    assert lashon.wrap(line, base="rtl").output == (
        '<span dir="rtl"><span dir="ltr">Google</span> הודיעה היום</span>'
    )
    assert lashon.wrap(line, format="isolate", base="rtl").output == "\u2066Google\u2069 הודיעה היום"
    marks = lashon.wrap(line, format="marks", base="rtl")
    assert marks.format == "marks" and "\u200e" in marks.output
    d = marks.to_dict()
    assert set(d) == {"dir", "format", "output", "runs"}


def test_wrap_escapes_html():
    out = lashon.wrap('<b>"שלום" & x</b>').output
    assert "<b>" not in out and "&amp;" in out and "&quot;" in out


def test_detect():
    d = lashon.detect("שילמתי דרך PayPal אתמול")
    assert (d.lang, d.dir, d.script) == ("he", "rtl", "Hebr")
    assert [s.text for s in d.segments] == ["שילמתי דרך ", "PayPal ", "אתמול"]
    assert d.languages[0].lang == "he" and 0 < d.confidence <= 1
    assert abs(sum(s.share for s in d.languages) - 1) < 1e-9
    assert set(d.to_dict()) == {"lang", "script", "dir", "confidence", "segments", "languages"}
    assert lashon.detect("Привет").lang == "ru"
    assert lashon.detect("مرحبا").dir == "rtl"
    none = lashon.detect("123 !?")
    assert none.lang == "und" and none.script == "Zyyy"


def test_utf16_offsets_with_astral_characters():
    text = "😀 שלום 𝔸 hello"
    a = lashon.analyze(text).analysis
    assert a.display_runs[-1].end == len(text.encode("utf-16-le")) // 2
    for r in a.runs:
        units = text.encode("utf-16-le")[2 * r.start : 2 * r.end].decode("utf-16-le")
        assert units == r.text
    d = lashon.detect(text)
    assert "".join(s.text for s in d.segments) == text


def test_unicode_edge_cases():
    # Combining marks, ZWJ emoji, isolates and marks already in the input, CRLF paragraphs.
    for text in ["שָׁלוֹם", "👩‍👩‍👧 family", "\u2067abc\u2069 שלום", "\u200fx", "שלום\r\nhello", "\u0000"]:
        a = lashon.analyze(text).analysis
        assert "".join(r.text for r in a.runs) == text
        assert lashon.wrap(text, format="isolate").output
        lashon.detect(text)


@pytest.mark.parametrize(
    "call",
    [
        lambda: lashon.wrap(""),
        lambda: lashon.wrap("x", format="pdf"),
        lambda: lashon.wrap("x", base="up"),
        lambda: lashon.wrap("א" * 20_001),
        lambda: lashon.detect(""),
        lambda: lashon.analyze(),
        lambda: lashon.analyze("x", base="RTL"),
        lambda: lashon.analyze(fields={}),
        lambda: lashon.analyze(fields={str(i): "x" for i in range(101)}),
    ],
)
def test_invalid_requests(call):
    with pytest.raises(lashon.InvalidRequest) as info:
        call()
    assert info.value.code == "invalid_request"
    assert info.value.status == 400 and info.value.message


def test_limits_are_inclusive():
    assert lashon.wrap("א" * 20_000).output
    assert lashon.detect("a" * 20_000).lang == "en"


def test_wrong_argument_types_are_type_errors():
    with pytest.raises(TypeError):
        lashon.wrap(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        lashon.wrap("x", "isolate")  # type: ignore[misc]


def test_threads_run_in_parallel_without_errors():
    text = "הפגישה ב-10:00–12:00 מחר עם Google " * 200
    expected = lashon.wrap(text).output
    results = []

    def work():
        for _ in range(20):
            results.append(lashon.wrap(text).output == expected)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 80 and all(results)


MANY = [
    "התור נקבע ל-10:00–12:00 ב-Google Meet",
    "Google הודיעה היום",
    "Привет, Дана! Shalom",
    "😀 שלום 𝔸 hello",
    "שלום\r\nhello\n\n12:30",
]


def test_many_equal_one_by_one():
    wrapped = lashon.wrap_many(MANY, format="isolate", base="rtl")
    assert wrapped == [lashon.wrap(t, format="isolate", base="rtl") for t in MANY]
    assert [w.to_dict() for w in wrapped] == [
        lashon.wrap(t, format="isolate", base="rtl").to_dict() for t in MANY
    ]
    analyzed = lashon.analyze_many(iter(MANY))
    assert analyzed == [lashon.analyze(t) for t in MANY]
    assert [a.to_dict() for a in analyzed] == [lashon.analyze(t).to_dict() for t in MANY]
    detected = lashon.detect_many(MANY)
    assert detected == [lashon.detect(t) for t in MANY]
    assert [d.to_dict() for d in detected] == [lashon.detect(t).to_dict() for t in MANY]
    assert lashon.wrap_many([]) == [] and lashon.detect_many(()) == []


def test_many_raise_for_a_bad_text():
    for call in (
        lambda: lashon.wrap_many(["ok", ""]),
        lambda: lashon.analyze_many(["ok", "א" * 20_001]),
        lambda: lashon.detect_many(["", "ok"]),
        lambda: lashon.wrap_many(["ok"], format="pdf"),
    ):
        with pytest.raises(lashon.InvalidRequest):
            call()
    with pytest.raises(TypeError):
        lashon.wrap_many([1])  # type: ignore[list-item]


def test_results_are_native_classes_read_on_demand():
    w = lashon.wrap("מחיר: $5 ב-Google")
    assert type(w).__name__ == "Wrapped" and type(w).__module__ == "lashon"
    assert isinstance(w, lashon.types.Wrapped)
    runs = w.runs
    assert runs == w.runs and runs is not w.runs
    assert [type(r) for r in runs] == [lashon.Run] * len(runs)
    assert runs[1].to_dict() == {
        "text": "$5", "dir": "ltr", "script": "Zyyy", "lang": "und", "start": 6, "end": 8
    }
    assert repr(runs[1]) == "Run(text=\"$5\", dir='ltr', script='Zyyy', lang='und', start=6, end=8)"
    assert repr(w).startswith("Wrapped(dir='rtl', format='html', output=")
    a = lashon.analyze("שלום", fields={"t": "hi"})
    assert repr(a).startswith("Analysis(analysis=DirectionAnalysis(dir='rtl'")
    assert isinstance(a.fields, dict) and a.fields["t"].dir == "ltr"
    d = lashon.detect("שילמתי ב-PayPal")
    assert repr(d.segments[1]) == "Segment(text=\"PayPal\", start=9, end=15, script='Latn', lang='en')"
    assert d.languages[0] == d.languages[0] and d.languages[0].to_dict() == {"lang": "he", "share": 0.5385}
    with pytest.raises(AttributeError):
        w.output = "x"  # type: ignore[misc]
