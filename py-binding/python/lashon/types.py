"""Result types: typed objects (slotted dataclasses) whose ``to_dict()`` is the HTTP response JSON.

Offsets (``start``, ``end``) are UTF-16 code units, ``end`` exclusive, as in the API.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Union

# A node of a parsed ICU message (see ``lashon.icu.parse``): literal text, or a dict such as
# ``{"arg": "n"}``, ``{"pound": True}``, ``{"arg": "n", "plural": [["one", [...]], ...]}``.
IcuNode = Union[str, Dict[str, Any]]


class _Result:
    # Slotted, not frozen: a frozen dataclass pays object.__setattr__ per field (~4x slower to
    # build, which dominates wrap() on long texts with many runs).
    __slots__ = ()

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of the matching HTTP response (plain dicts, lists, str, numbers)."""
        out: Dict[str, Any] = dataclasses.asdict(self)  # type: ignore[call-overload]
        return out


@dataclass
class Run(_Result):
    """A stretch of one direction and one script; a display run never splits."""

    __slots__ = ('text', 'dir', 'script', 'lang', 'start', 'end')

    text: str
    dir: str
    script: str
    lang: str
    start: int
    end: int

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> Run:
        return cls(d["text"], d["dir"], d["script"], d["lang"], d["start"], d["end"])


@dataclass
class DirectionAnalysis(_Result):
    """``dir`` (paragraph direction), ``mixed``, dominant ``lang``/``script``, the UBA's
    ``runs`` and the ``display_runs`` a renderer must keep whole."""

    __slots__ = ('dir', 'mixed', 'lang', 'script', 'runs', 'display_runs')

    dir: str
    mixed: bool
    lang: str
    script: str
    runs: List[Run]
    display_runs: List[Run]

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> DirectionAnalysis:
        return cls(
            d["dir"],
            d["mixed"],
            d["lang"],
            d["script"],
            [Run.from_dict(r) for r in d["runs"]],
            [Run.from_dict(r) for r in d["display_runs"]],
        )


@dataclass
class Analysis(_Result):
    """The ``/v1/analyze`` response: ``analysis`` for ``text``, ``fields`` for ``fields``."""

    __slots__ = ('analysis', 'fields')

    analysis: Optional[DirectionAnalysis]
    fields: Optional[Dict[str, DirectionAnalysis]]

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> Analysis:
        a = d.get("analysis")
        f = d.get("fields")
        return cls(
            DirectionAnalysis.from_dict(a) if a is not None else None,
            {k: DirectionAnalysis.from_dict(v) for k, v in f.items()} if f is not None else None,
        )

    def to_dict(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {}
        if self.analysis is not None:
            out["analysis"] = self.analysis.to_dict()
        if self.fields is not None:
            out["fields"] = {k: v.to_dict() for k, v in self.fields.items()}
        return out


@dataclass
class Wrapped(_Result):
    """The ``/v1/wrap`` response: ``output`` is the text with its direction made explicit."""

    __slots__ = ('dir', 'format', 'output', 'runs')

    dir: str
    format: str
    output: str
    runs: List[Run]

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> Wrapped:
        return cls(d["dir"], d["format"], d["output"], [Run.from_dict(r) for r in d["runs"]])


@dataclass
class Segment(_Result):
    """A same-script stretch of the input (neutrals join the letters they follow)."""

    __slots__ = ('text', 'start', 'end', 'script', 'lang')

    text: str
    start: int
    end: int
    script: str
    lang: str

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> Segment:
        return cls(d["text"], d["start"], d["end"], d["script"], d["lang"])


@dataclass
class LanguageShare(_Result):
    """The share (0 to 1) of the letters written in ``lang``."""

    __slots__ = ('lang', 'share')

    lang: str
    share: float

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> LanguageShare:
        return cls(d["lang"], d["share"])


@dataclass
class Detection(_Result):
    """The ``/v1/detect`` response."""

    __slots__ = ('lang', 'script', 'dir', 'confidence', 'segments', 'languages')

    lang: str
    script: str
    dir: str
    confidence: float
    segments: List[Segment]
    languages: List[LanguageShare]

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> Detection:
        return cls(
            d["lang"],
            d["script"],
            d["dir"],
            d["confidence"],
            [Segment.from_dict(s) for s in d["segments"]],
            [LanguageShare.from_dict(s) for s in d["languages"]],
        )


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
