"""strip_nikud, transliterate, Nikud(model_path)."""

import os

import pytest

import lashon


def test_strip_nikud():
    r = lashon.strip_nikud("בְּרֵאשִׁית בָּרָא")
    assert r.stripped == "בראשית ברא" and r.text == "בְּרֵאשִׁית בָּרָא"
    assert r.to_dict() == {"text": "בְּרֵאשִׁית בָּרָא", "stripped": "בראשית ברא"}
    assert lashon.strip_nikud("plain 123").stripped == "plain 123"


def test_transliterate_both_directions():
    r = lashon.transliterate("שָׁלוֹם")
    assert r.to_dict() == {
        "text": "שָׁלוֹם",
        "transliteration": "shalom",
        "scheme": "academy-simplified",
        "direction": "he-to-latin",
    }
    back = lashon.transliterate("Google", direction="latin-to-he")
    assert back.transliteration == "גוגל" and back.scheme == "israeli-press"
    unpointed = lashon.transliterate("שלום")
    assert unpointed.scheme == "academy-simplified-unvocalized"


@pytest.mark.parametrize(
    "call",
    [
        lambda: lashon.strip_nikud(""),
        lambda: lashon.strip_nikud("א" * 20_001),
        lambda: lashon.transliterate(""),
        lambda: lashon.transliterate("a" * 5_001),
        lambda: lashon.transliterate("a", direction="latin"),
    ],
)
def test_invalid(call):
    with pytest.raises(lashon.InvalidRequest):
        call()


def test_missing_model_is_not_configured(tmp_path):
    with pytest.raises(lashon.NotConfigured) as info:
        lashon.Nikud(str(tmp_path / "absent.safetensors"))
    assert info.value.code == "not_configured" and info.value.status == 503
    bad = tmp_path / "bad.safetensors"
    bad.write_bytes(b"not a model")
    with pytest.raises(lashon.ServiceUnavailable):
        lashon.Nikud(str(bad))


MODEL = os.environ.get("LASHON_NIKUD_MODEL")


@pytest.mark.skipif(not MODEL, reason="LASHON_NIKUD_MODEL is not set")
def test_nikud_model():
    model = lashon.Nikud(MODEL)
    assert model.model_path == MODEL
    r = model.add("שלום עולם")
    assert r.verified and r.text == "שלום עולם"
    assert lashon.strip_nikud(r.nikud).stripped == "שלום עולם" and r.nikud != r.text
    mixed = model.add("קניתי iPhone ב-5,000 ש״ח")
    assert "iPhone" in mixed.nikud and "5,000" in mixed.nikud
    assert set(r.to_dict()) == {"text", "nikud", "verified"}
    t = model.transliterate("שלום")
    assert t.scheme == "academy-simplified+nakdimon"
    with pytest.raises(lashon.InvalidRequest):
        model.add("")
    with pytest.raises(lashon.InvalidRequest):
        model.add("א" * 10_001)
