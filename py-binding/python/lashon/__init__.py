"""lashon: right-to-left text, Hebrew text tools, ICU MessageFormat and protected values.

Every function returns a typed result whose ``to_dict()`` equals the JSON of the matching
HTTP response, and raises a :class:`LashonError` subclass (with ``code`` and ``message``)
when the input breaks a rule. The native work runs with the GIL released; ``analyze_many``,
``wrap_many`` and ``detect_many`` take a list of texts and release it once for all of them.

>>> import lashon
>>> lashon.wrap("המחיר הוא $5.99 בלבד", format="isolate").output
'המחיר הוא \\u2066$5.99\\u2069 בלבד'
>>> lashon.detect("שילמתי דרך PayPal אתמול").lang
'he'
>>> lashon.strip_nikud("שָׁלוֹם").stripped
'שלום'
"""

from __future__ import annotations

import time
from typing import Dict, Iterable, List, Mapping, Optional, Union

from . import _native, icu
from .errors import (
    InternalError,
    InvalidRequest,
    LashonError,
    MessageFormatError,
    MessageTooComplex,
    NotConfigured,
    ServiceUnavailable,
    UnsupportedLanguage,
    WebhookSignatureError,
)
from .types import (
    Analysis,
    Detection,
    DirectionAnalysis,
    FoundSpans,
    Hoisted,
    IcuWarning,
    Issue,
    LanguageShare,
    ParsedMessage,
    Run,
    Segment,
    Span,
    Stripped,
    Transliteration,
    Validation,
    Verification,
    Vocalized,
    Wrapped,
)

__all__ = [
    "analyze", "wrap", "detect", "analyze_many", "wrap_many", "detect_many", "strip_nikud", "transliterate", "find_spans",
    "verify_translation", "verify_webhook", "icu", "Nikud",
    "LashonError", "InvalidRequest", "UnsupportedLanguage", "MessageFormatError",
    "MessageTooComplex", "ServiceUnavailable", "NotConfigured", "InternalError",
    "WebhookSignatureError",
    "Analysis", "DirectionAnalysis", "Run", "Wrapped", "Detection", "Segment",
    "LanguageShare", "Stripped", "Transliteration", "Vocalized", "Span", "FoundSpans",
    "Issue", "Verification", "ParsedMessage", "Validation", "IcuWarning", "Hoisted",
]


def analyze(
    text: Optional[str] = None,
    *,
    fields: Optional[Mapping[str, str]] = None,
    base: str = "auto",
) -> Analysis:
    """Direction analysis of ``text`` and/or each value of ``fields`` (``/v1/analyze``).

    ``base`` is ``auto`` (first strong character), ``ltr`` or ``rtl``.

    >>> a = lashon.analyze("התור נקבע ל-10:00–12:00 ב-Google Meet").analysis
    >>> a.dir, a.mixed
    ('rtl', True)
    >>> [r.text for r in a.display_runs if r.dir == "ltr"]
    ['10:00–12:00', 'Google Meet']
    """
    return _native.analyze(text, fields=dict(fields) if fields is not None else None, base=base)


def analyze_many(texts: Iterable[str], *, base: str = "auto") -> List[Analysis]:
    """``analyze(text, base=base)`` for each of ``texts``, in order, in one native call (the
    GIL is released once). Raises for the first text that breaks a rule.

    >>> [a.analysis.dir for a in lashon.analyze_many(["שלום", "hello"])]
    ['rtl', 'ltr']
    """
    return _native.analyze_many(list(texts), base=base)


def wrap(text: str, *, format: str = "html", base: str = "auto") -> Wrapped:
    """Text with its direction made explicit (``/v1/wrap``); ``format`` is ``html``
    (``<span dir>``), ``isolate`` (LRI/RLI…PDI) or ``marks`` (LRM/RLM).

    >>> lashon.wrap("Google הודיעה היום", base="rtl").output
    '<span dir="rtl"><span dir="ltr">Google</span> הודיעה היום</span>'
    """
    return _native.wrap(text, format=format, base=base)


def wrap_many(
    texts: Iterable[str], *, format: str = "html", base: str = "auto"
) -> List[Wrapped]:
    """``wrap(text, format=format, base=base)`` for each of ``texts``, in order, in one
    native call (the GIL is released once). Raises for the first text that breaks a rule.

    >>> [w.output for w in lashon.wrap_many(["מחיר: $5", "Hi"], format="isolate")]
    ['מחיר: \u2066$5\u2069', 'Hi']
    """
    return _native.wrap_many(list(texts), format=format, base=base)


def detect(text: str) -> Detection:
    """The dominant language, its same-script segments and each language's share
    (``/v1/detect``).

    >>> d = lashon.detect("Привет, Дана! Shalom")
    >>> d.lang, d.dir
    ('ru', 'ltr')
    """
    return _native.detect(text)


def detect_many(texts: Iterable[str]) -> List[Detection]:
    """``detect(text)`` for each of ``texts``, in order, in one native call (the GIL is
    released once). Raises for the first text that breaks a rule.

    >>> [d.lang for d in lashon.detect_many(["שלום", "Привет", "hello"])]
    ['he', 'ru', 'en']
    """
    return _native.detect_many(list(texts))


def strip_nikud(text: str) -> Stripped:
    """Hebrew without vowel points, dagesh or cantillation (``/v1/strip-nikud``).

    >>> lashon.strip_nikud("בְּרֵאשִׁית").stripped
    'בראשית'
    """
    return Stripped.from_dict(_native.strip_nikud(text))


def transliterate(text: str, *, direction: str = "he-to-latin") -> Transliteration:
    """Transliteration (``/v1/transliterate``): ``he-to-latin`` (Academy simplified) or
    ``latin-to-he`` (press rules). Unpointed Hebrew is read by a heuristic; use
    :meth:`Nikud.transliterate` to vocalize it with the model first.

    >>> lashon.transliterate("שָׁלוֹם").transliteration
    'shalom'
    >>> lashon.transliterate("Google", direction="latin-to-he").transliteration
    'גוגל'
    """
    return Transliteration.from_dict(_native.transliterate(text, direction=direction))


def find_spans(
    text: str,
    lang: str,
    *,
    target_lang: Optional[str] = None,
    domain: str = "general",
    protected_terms: Iterable[str] = (),
    redact_terms: Iterable[str] = (),
    glossary: Optional[Mapping[str, str]] = None,
    date_order: Optional[str] = None,
    date_style: str = "hebrew",
) -> FoundSpans:
    """The protected values of ``text`` (numbers, dates, identifiers, terms, names...).

    ``lang``/``target_lang`` are ``he``, ``en`` or ``ru``; ``domain`` ``general``,
    ``clinical``, ``finance`` or ``legal``; ``date_order`` ``MDY``/``DMY`` (default by
    language); ``date_style`` ``hebrew``, ``iso`` or ``keep``.

    >>> found = lashon.find_spans("Dana Levi paid $1,200.50 on 2025-03-05.", "en",
    ...                           target_lang="he", redact_terms=["Dana Levi"])
    >>> [(s.type, s.value) for s in found.spans]
    [('name', None), ('number', '$1,200.50'), ('date', '2025-03-05')]
    """
    return FoundSpans.from_dict(
        _native.find_spans(
            text,
            lang,
            target_lang=target_lang,
            domain=domain,
            protected_terms=list(protected_terms),
            redact_terms=list(redact_terms),
            glossary=dict(glossary) if glossary is not None else None,
            date_order=date_order,
            date_style=date_style,
        )
    )


def verify_webhook(
    secret: Union[str, bytes],
    header: str,
    body: bytes,
    *,
    now: Optional[int] = None,
    tolerance: int = 300,
) -> None:
    """Checks a webhook delivery's ``X-Service-Signature`` header against the raw request
    ``body`` (bytes as received, before any JSON parsing) and the endpoint's signing
    ``secret``: HMAC-SHA256 over ``"<t>.<body>"``, compared in constant time, the timestamp at
    most ``tolerance`` seconds (default five minutes) from ``now`` (default: the clock).
    Returns ``None`` when it holds; raises :class:`WebhookSignatureError` otherwise.

    >>> import hmac, hashlib
    >>> body = b'{"id":"6f1c","type":"story.breaking"}'
    >>> mac = hmac.new(b"whsec_x", b"1780000000." + body, hashlib.sha256).hexdigest()
    >>> lashon.verify_webhook("whsec_x", f"t=1780000000,v1={mac}", body, now=1780000010)
    >>> try:
    ...     lashon.verify_webhook("whsec_x", f"t=1780000000,v1={mac}", b"{}", now=1780000010)
    ... except lashon.WebhookSignatureError as e:
    ...     print(e.code)
    signature_mismatch
    """
    key = secret.encode("utf-8") if isinstance(secret, str) else bytes(secret)
    when = int(time.time()) if now is None else now
    reason = _native.verify_webhook(key, header, bytes(body), when, tolerance)
    if reason is not None:
        messages = {
            "malformed": "the signature header is not t=<unix seconds>,v1=<64 hex>",
            "expired": "the signature's timestamp is too far from now",
            "mismatch": "the signature does not match the body (wrong secret or altered body)",
        }
        raise WebhookSignatureError(f"signature_{reason}", messages.get(reason, reason))


def verify_translation(
    source: str,
    translation: str,
    source_lang: str,
    target_lang: str,
    *,
    domain: str = "general",
    protected_terms: Iterable[str] = (),
    glossary: Optional[Mapping[str, str]] = None,
    date_order: Optional[str] = None,
    listener_gender: Optional[str] = None,
    speaker_gender: Optional[str] = None,
    patient_gender: Optional[str] = None,
) -> Verification:
    """The standard checks of a translated sentence (terms, dates, numbers, negation,
    laterality, gender, length; direction for finance, modality for legal).

    >>> v = lashon.verify_translation("Do not take more than 2 tablets.",
    ...                               "קח יותר מ-2 כדורים.", "en", "he")
    >>> v.passed, [i.code for i in v.issues]
    (False, ['negation_lost'])
    """
    return Verification.from_dict(
        _native.verify_translation(
            source,
            translation,
            source_lang,
            target_lang,
            domain=domain,
            protected_terms=list(protected_terms),
            glossary=dict(glossary) if glossary is not None else None,
            date_order=date_order,
            listener_gender=listener_gender,
            speaker_gender=speaker_gender,
            patient_gender=patient_gender,
        )
    )


class Nikud:
    """The Nakdimon vowel-point model loaded from ``model_path`` (a ``.safetensors`` file made
    by ``scripts/fetch-nikud-model``). Loading fails with :class:`NotConfigured`.

    ``Nikud(path).add("שלום עולם").nikud`` is the vocalized text (``/v1/nikud``).
    """

    def __init__(self, model_path: str) -> None:
        self._model = _native.Nikud(model_path)

    @property
    def model_path(self) -> str:
        return self._model.model_path

    def add(self, text: str) -> Vocalized:
        """Vowel points for ``text``; ``verified`` is true when stripping them gives the input
        back (else ``nikud`` is the input unchanged)."""
        return Vocalized.from_dict(self._model.add(text))

    def transliterate(self, text: str, *, direction: str = "he-to-latin") -> Transliteration:
        """Like :func:`lashon.transliterate`, vocalizing unpointed Hebrew with the model."""
        return Transliteration.from_dict(self._model.transliterate(text, direction=direction))

    def add_many(self, texts: Iterable[str], *, threads: Optional[int] = None) -> List[Vocalized]:
        """Vowel points for every text of ``texts`` (a book's lines, a subtitle file) in one
        batched pass, the GIL released once for all of them: item ``i`` equals
        ``add(texts[i])``, several times faster than calling ``add`` per line. ``threads``
        is how many threads the call may use (default one per core; ``1`` keeps it to one).
        Every text is checked first: the first invalid one raises :class:`InvalidRequest`
        naming its index (``texts[3] must not be empty``).

        >>> model.add_many(["שלום עולם", "מה שלומך?"])[1].verified  # doctest: +SKIP
        True
        """
        if isinstance(texts, str):
            raise TypeError("add_many takes a list of texts, not one string: use add()")
        return [Vocalized.from_dict(d) for d in self._model.add_many(list(texts), threads=threads)]


