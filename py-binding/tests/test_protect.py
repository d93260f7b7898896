"""find_spans and verify_translation."""

import json

import pytest

import lashon
from conftest import REPO


def test_find_spans_example():
    text = "Dana Levi paid $1,200.50 on 2025-03-05."
    found = lashon.find_spans(text, "en", target_lang="he", redact_terms=["Dana Levi"])
    assert [s.type for s in found.spans] == ["name", "number", "date"]
    name, number, date = found.spans
    assert name.value is None and text[name.start : name.end] == "Dana Levi"
    assert number.value == "$1,200.50"
    assert date.render == "5 במרץ 2025"
    assert found.to_dict() == {
        "spans": [
            {"type": "name"},
            {"type": "number", "value": "$1,200.50"},
            {"type": "date", "value": "2025-03-05", "render": "5 במרץ 2025"},
        ]
    }


def test_find_spans_options():
    text = "Call Acme Widget on 03/04/2025 at IBAN DE89370400440532013000."
    spans = lashon.find_spans(text, "en", protected_terms=["Acme Widget"], date_order="DMY")
    types = [s.type for s in spans.spans]
    assert "term" in types or "protected_term" in types or len(types) >= 2
    iso = lashon.find_spans("on 2025-03-05", "en", target_lang="he", date_style="iso")
    assert iso.spans[0].type == "date"
    glossary = lashon.find_spans("Open the dashboard", "en", target_lang="he",
                                 glossary={"dashboard": "לוח בקרה"})
    assert any(s.render == "לוח בקרה" for s in glossary.spans)
    clinical = lashon.find_spans("Give 5 mg of warfarin PO bid.", "en", domain="clinical")
    assert [s.type for s in clinical.spans][:2] == ["dose", "drug"]


def test_find_spans_offsets_are_utf16():
    text = "😀 שילמתי ₪1,200 ב-05/03/2025"
    for s in lashon.find_spans(text, "he").spans:
        raw = text.encode("utf-16-le")[2 * s.start : 2 * s.end].decode("utf-16-le")
        if s.value is not None:
            assert raw == s.value


def test_verify_translation():
    bad = lashon.verify_translation(
        "Do not take more than 2 tablets.", "קח יותר מ-2 כדורים.", "en", "he"
    )
    assert not bad.passed
    assert [i.code for i in bad.issues] == ["negation_lost"]
    assert bad.to_dict()["pass"] is False
    assert set(bad.to_dict()["issues"][0]) == {"code", "severity", "detail"}
    good = lashon.verify_translation(
        "Do not take more than 2 tablets.", "אל תיקח יותר מ-2 כדורים.", "en", "he"
    )
    assert good.passed, good.issues
    lost = lashon.verify_translation("Pay $50 by 2025-03-05.", "שלם.", "en", "he")
    assert {"number_missing", "date_missing"} <= {i.code for i in lost.issues}
    fin = lashon.verify_translation("Buy 10 shares.", "מכור 10 מניות.", "en", "he", domain="finance")
    assert isinstance(fin.passed, bool)
    g = lashon.verify_translation("You are ready.", "אתה מוכן.", "en", "he", listener_gender="female")
    assert isinstance(g.issues, list)


@pytest.mark.parametrize(
    "call, cls",
    [
        (lambda: lashon.find_spans("x", "fr"), lashon.UnsupportedLanguage),
        (lambda: lashon.find_spans("x", "en", target_lang="de"), lashon.UnsupportedLanguage),
        (lambda: lashon.find_spans("x", "not a tag!"), lashon.InvalidRequest),
        (lambda: lashon.find_spans("x", "en", domain="medical"), lashon.InvalidRequest),
        (lambda: lashon.find_spans("x", "en", date_order="YMD"), lashon.InvalidRequest),
        (lambda: lashon.find_spans("x", "en", date_style="long"), lashon.InvalidRequest),
        (lambda: lashon.verify_translation("a", "b", "en", "ar"), lashon.UnsupportedLanguage),
        (lambda: lashon.verify_translation("a", "b", "en", "he", listener_gender="x"),
         lashon.InvalidRequest),
    ],
)
def test_errors(call, cls):
    with pytest.raises(cls) as info:
        call()
    assert isinstance(info.value, lashon.LashonError) and info.value.message


def test_empty_and_odd_inputs():
    assert lashon.find_spans("", "en").spans == []
    assert lashon.find_spans("\u0000\ufeff", "he").spans == []
    assert lashon.verify_translation("", "", "en", "he").passed


def _verify_vectors():
    """The protect crate's verification vectors that verify_translation's options can express."""
    cases = []
    for path in sorted((REPO / "protect/tests/vectors").glob("verify_*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")):
            if "account_terms" not in case:
                cases.append(pytest.param(case, id=f"{path.stem}:{case['id']}"))
    return cases


@pytest.mark.parametrize("case", _verify_vectors())
def test_verify_vectors_same_as_rust(case):
    """The same rules as the Rust checks (issue 21): every verify vector gives its issues."""
    options = {
        key: case[key]
        for key in (
            "domain",
            "protected_terms",
            "glossary",
            "date_order",
            "listener_gender",
            "speaker_gender",
            "patient_gender",
        )
        if key in case
    }
    result = lashon.verify_translation(
        case["source"], case["target"], case["lang"], case["target_lang"], **options
    )
    got = sorted((i.code, i.severity) for i in result.issues)
    assert got == sorted((code, severity) for code, severity in case["issues"])
    assert result.passed == all(severity != "error" for _, severity in case["issues"])
