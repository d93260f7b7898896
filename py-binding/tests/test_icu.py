"""icu.parse / validate / plural_categories / hoist against the crate's shared vectors."""

import pytest

import lashon
from lashon import icu
from conftest import vectors

PARSE = vectors("icu-message/tests/vectors/parse.json")
HOIST = vectors("icu-message/tests/vectors/hoist.json")


@pytest.mark.parametrize("v", PARSE, ids=[v["name"] for v in PARSE])
def test_parse_vectors(v):
    if "error" in v:
        with pytest.raises(lashon.MessageFormatError) as info:
            icu.parse(v["input"])
        e = info.value
        assert e.code == "invalid_message_format"
        assert e.reason == v["error"]["code"]
        assert e.offset == v["error"]["offset"]
        if "byte" in v["error"]:
            assert e.byte == v["error"]["byte"]
        return
    m = icu.parse(v["input"])
    if "ast" not in v:  # `"valid": true`: only that it parses and round-trips
        assert v["valid"] is True
        assert icu.parse(m.printed).ast == m.ast
        return
    assert m.ast == v["ast"]
    if "printed" in v:
        assert m.printed == v["printed"]
    assert icu.parse(m.printed).ast == v["ast"]


@pytest.mark.parametrize("v", HOIST, ids=[v["name"] for v in HOIST])
def test_hoist_vectors(v):
    h = icu.hoist(v["input"])
    assert h.hoisted == v["hoisted"]
    assert h.segments == v["segments"]
    assert h.to_dict() == {"hoisted": v["hoisted"], "segments": v["segments"]}


def test_plural_categories():
    assert icu.plural_categories("en") == ["one", "other"]
    assert icu.plural_categories("he") == ["one", "two", "other"]
    assert icu.plural_categories("he-IL") == ["one", "two", "other"]
    assert icu.plural_categories("ru") == ["one", "few", "many", "other"]
    assert icu.plural_categories("en", kind="ordinal") == ["one", "two", "few", "other"]
    with pytest.raises(lashon.InvalidRequest):
        icu.plural_categories("en", kind="decimal")
    with pytest.raises(lashon.UnsupportedLanguage):
        icu.plural_categories("not a tag!")


def test_validate_warnings():
    v = icu.validate("{n, plural, one {שנה} two {שנתיים} many {# שנה} other {# שנים}}", "he")
    assert [(w.code, w.category, w.argument, w.kind) for w in v.warnings] == [
        ("unused_category", "many", "n", "cardinal")
    ]
    assert v.warnings[0].locale == "he" and "many" in v.warnings[0].message
    ru = icu.validate("{n, plural, one {#} other {#}}", "ru")
    assert sorted(w.category for w in ru.warnings) == ["few", "many"]
    assert icu.validate("{n, plural, one {#} other {#}}", "en").warnings == []
    with pytest.raises(lashon.MessageFormatError):
        icu.validate("{n, plural, one {#}}", "en")


def test_hoist_limit():
    msg = "{a, select, x {1} y {2} other {3}} {b, select, x {1} y {2} other {3}}"
    assert len(icu.hoist(msg).segments) == 9
    with pytest.raises(lashon.MessageTooComplex) as info:
        icu.hoist(msg, limit=5)
    assert info.value.code == "message_too_complex"
    assert icu.DEFAULT_BRANCH_LIMIT == 64


def test_deep_nesting_is_an_error_not_a_crash():
    deep = "{a, select, other {" * 200 + "x" + "}}" * 200
    with pytest.raises(lashon.MessageFormatError) as info:
        icu.parse(deep)
    assert info.value.reason == "too_deep"
