"""strip_nikud, transliterate, Nikud(model_path)."""

import os
from pathlib import Path

import pytest
from conftest import REPO

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


def _test_set_lines(limit: int) -> "list[str]":
    """Non-blank lines of the Nakdimon test set (shared data), stripped of their points."""
    root = Path(
        os.environ.get("LASHON_SHARED_DATA", str(REPO.parent / "shared" / "data"))
    ) / "nakdimon-diacritization-tests" / "tests" / "new" / "expected"
    lines = []
    for path in sorted(root.glob("*/*.txt"))[::10]:
        text = lashon.strip_nikud(path.read_text(encoding="utf-8")).stripped
        lines += [line for line in text.split("\n") if line.strip()]
    return lines[:limit]


@pytest.mark.skipif(not MODEL, reason="LASHON_NIKUD_MODEL is not set")
def test_nikud_add_many_equals_add():
    model = lashon.Nikud(MODEL)
    texts = _test_set_lines(60) + ["שלום עולם", "קניתי iPhone ב-5,000 ש״ח", "שָׁלוֹם", "a"]
    many = model.add_many(texts)
    assert [r.to_dict() for r in many] == [model.add(t).to_dict() for t in texts]
    assert all(r.verified for r in many[:60]) and not many[-2].verified
    assert [r.to_dict() for r in model.add_many(texts, threads=1)] == [r.to_dict() for r in many]
    assert [r.to_dict() for r in model.add_many(iter(texts[:3]), threads=3)] == [
        r.to_dict() for r in many[:3]
    ]
    assert model.add_many([]) == []


@pytest.mark.skipif(not MODEL, reason="LASHON_NIKUD_MODEL is not set")
def test_nikud_add_many_checks_every_text():
    model = lashon.Nikud(MODEL)
    with pytest.raises(lashon.InvalidRequest) as info:
        model.add_many(["שלום", ""])
    assert "texts[1]" in info.value.message
    with pytest.raises(lashon.InvalidRequest):
        model.add_many(["א" * 10_001])
    with pytest.raises(lashon.InvalidRequest):
        model.add_many(["שלום"], threads=0)
    with pytest.raises(TypeError):
        model.add_many("שלום")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        model.add_many(["שלום", 5])  # type: ignore[list-item]
