"""The same inputs and expected JSON as the HTTP adapter's black-box tests
(tests/direction_api.rs, hebrew_api.rs): to_dict() equals the response body."""

import lashon


def test_wrap_matches_v1_wrap():
    body = lashon.wrap("Google הודיעה על ₪1,200.50", base="rtl").to_dict()
    assert body["dir"] == "rtl" and body["format"] == "html"
    assert body["output"] == (
        '<span dir="rtl"><span dir="ltr">Google</span> הודיעה על '
        '<span dir="ltr">₪1,200.50</span></span>'
    )
    assert body["runs"][0] == {
        "text": "Google", "dir": "ltr", "script": "Latn", "lang": "en", "start": 0, "end": 6
    }


def test_detect_matches_v1_detect():
    body = lashon.detect("שילמתי ב-PayPal").to_dict()
    assert (body["lang"], body["script"], body["dir"]) == ("he", "Hebr", "rtl")
    assert body["confidence"] == 0.5385
    assert body["segments"][1] == {
        "text": "PayPal", "start": 9, "end": 15, "script": "Latn", "lang": "en"
    }
    assert body["languages"] == [{"lang": "he", "share": 0.5385}, {"lang": "en", "share": 0.4615}]


def test_analyze_matches_v1_analyze():
    body = lashon.analyze("מינון: 5 mg", fields={"title": "Hello"}).to_dict()
    assert body["analysis"]["dir"] == "rtl" and body["analysis"]["mixed"] is True
    assert body["analysis"]["display_runs"][1]["text"] == "5 mg"
    assert body["fields"]["title"]["lang"] == "en"


def test_hebrew_tools_match_v1():
    assert lashon.strip_nikud("שָׁלוֹם־עוֹלָם").to_dict() == {
        "text": "שָׁלוֹם־עוֹלָם", "stripped": "שלום־עולם"
    }
    t = lashon.transliterate("Google", direction="latin-to-he").to_dict()
    assert (t["transliteration"], t["direction"], t["text"]) == ("גוגל", "latin-to-he", "Google")


def test_error_envelope_matches_v1():
    try:
        lashon.transliterate("a", direction="sideways")
    except lashon.InvalidRequest as e:
        envelope = e.to_dict()
    assert envelope["error"]["type"] == "invalid_request"
    assert envelope["error"]["code"] == "invalid_request"
    assert set(envelope["error"]) == {"type", "message", "code"}
