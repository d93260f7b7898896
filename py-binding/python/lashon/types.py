"""Result types: typed objects whose ``to_dict()`` is the HTTP response JSON.

The direction results (``Analysis``, ``DirectionAnalysis``, ``Run``, ``Wrapped``,
``Detection``, ``Segment``, ``LanguageShare``) are classes of the native module, built in
Rust: their attributes become Python values when read, and their runs and segments when the
list is read. The others are slotted dataclasses.

Offsets (``start``, ``end``) are UTF-16 code units, ``end`` exclusive, as in the API.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Union

from ._native import (
    Analysis,
    Detection,
    DirectionAnalysis,
    LanguageShare,
    Run,
    Segment,
    Wrapped,
)

__all__ = [
    "Analysis", "DirectionAnalysis", "Run", "Wrapped", "Detection", "Segment", "LanguageShare",
    "Stripped", "Transliteration", "Vocalized", "Span", "FoundSpans", "Issue", "Verification",
    "ParsedMessage", "IcuWarning", "Validation", "Hoisted", "IcuNode",
]

# A node of a parsed ICU message (see ``lashon.icu.parse``): literal text, or a dict such as
# ``{"arg": "n"}``, ``{"pound": True}``, ``{"arg": "n", "plural": [["one", [...]], ...]}``.
IcuNode = Union[str, Dict[str, Any]]


class _Result:
    # Slotted, not frozen: a frozen dataclass pays object.__setattr__ per field (~4x slower to
    # build).
    __slots__ = ()

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of the matching HTTP response (plain dicts, lists, str, numbers)."""
        out: Dict[str, Any] = dataclasses.asdict(self)  # type: ignore[call-overload]
        return out


@dataclass
class Stripped(_Result):
    """The ``/v1/strip-nikud`` response."""

    __slots__ = ('text', 'stripped')

    text: str
    stripped: str

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> Stripped:
        return cls(d["text"], d["stripped"])


@dataclass
class Transliteration(_Result):
    """The ``/v1/transliterate`` response."""

    __slots__ = ('text', 'transliteration', 'scheme', 'direction')

    text: str
    transliteration: str
    scheme: str
    direction: str

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> Transliteration:
        return cls(d["text"], d["transliteration"], d["scheme"], d["direction"])


@dataclass
class Vocalized(_Result):
    """The ``/v1/nikud`` response: ``nikud`` is the input when ``verified`` is false."""

    __slots__ = ('text', 'nikud', 'verified')

    text: str
    nikud: str
    verified: bool

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> Vocalized:
        return cls(d["text"], d["nikud"], d["verified"])


@dataclass
class Span(_Result):
    """A protected value. ``value`` is None for redacted types; ``start``/``end`` locate it
    in the input (binding extra: ``to_dict()`` is the API's Span object without them)."""

    __slots__ = ('type', 'value', 'render', 'ambiguous_date', 'start', 'end')

    type: str
    value: Optional[str]
    render: Optional[str]
    ambiguous_date: Optional[bool]
    start: int
    end: int

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> Span:
        return cls(
            d["type"], d.get("value"), d.get("render"), d.get("ambiguous_date"), d["start"], d["end"]
        )

    def to_dict(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"type": self.type}
        for key in ("value", "render", "ambiguous_date"):
            v = getattr(self, key)
            if v is not None:
                out[key] = v
        return out


@dataclass
class FoundSpans(_Result):
    """``spans`` in source order, non-overlapping."""

    __slots__ = ('spans',)

    spans: List[Span]

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> FoundSpans:
        return cls([Span.from_dict(s) for s in d["spans"]])

    def to_dict(self) -> Dict[str, Any]:
        return {"spans": [s.to_dict() for s in self.spans]}


@dataclass
class Issue(_Result):
    """A verification finding: ``severity`` ``error`` blocks the sentence."""

    __slots__ = ('code', 'severity', 'detail')

    code: str
    severity: str
    detail: str

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> Issue:
        return cls(d["code"], d["severity"], d["detail"])


@dataclass
class Verification(_Result):
    """``passed`` (JSON ``pass``) is true when no issue is an error."""

    __slots__ = ('passed', 'issues')

    passed: bool
    issues: List[Issue]

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> Verification:
        return cls(d["pass"], [Issue.from_dict(i) for i in d["issues"]])

    def to_dict(self) -> Dict[str, Any]:
        return {"pass": self.passed, "issues": [i.to_dict() for i in self.issues]}


@dataclass
class ParsedMessage(_Result):
    """An ICU message: its tree (``ast``) and its normal printed form (``printed``)."""

    __slots__ = ('ast', 'printed')

    ast: List[IcuNode]
    printed: str

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> ParsedMessage:
        return cls(d["ast"], d["printed"])


@dataclass
class IcuWarning(_Result):
    """``unused_category`` or ``missing_category`` for a plural ``argument`` in ``locale``."""

    __slots__ = ('code', 'argument', 'kind', 'category', 'locale', 'message')

    code: str
    argument: str
    kind: str
    category: str
    locale: str
    message: str

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> IcuWarning:
        return cls(d["code"], d["argument"], d["kind"], d["category"], d["locale"], d["message"])


@dataclass
class Validation(_Result):
    """A parsed message and its warnings for a locale (valid messages only: parse errors raise)."""

    __slots__ = ('ast', 'printed', 'warnings')

    ast: List[IcuNode]
    printed: str
    warnings: List[IcuWarning]

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> Validation:
        return cls(d["ast"], d["printed"], [IcuWarning.from_dict(w) for w in d["warnings"]])


@dataclass
class Hoisted(_Result):
    """The message with plurals and selects on top (``hoisted``) and its branch sentences
    (``segments``, the number written ``{#}``)."""

    __slots__ = ('hoisted', 'segments')

    hoisted: str
    segments: List[str]

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> Hoisted:
        return cls(d["hoisted"], d["segments"])
