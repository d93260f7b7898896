"""Exceptions raised by lashon: one ``LashonError`` hierarchy with the API's ``code``.

Every failure of a lashon call is a :class:`LashonError` (never a crash of the native code).
``type`` is the stable class of the HTTP error envelope (``invalid_request``,
``service_unavailable``...), ``code`` the finer reason (``unsupported_language``,
``invalid_message_format``, ``not_configured``...), ``message`` says what to do.

>>> import lashon
>>> try:
...     lashon.wrap("")
... except lashon.InvalidRequest as e:
...     print(e.code)
invalid_request
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Type


class LashonError(Exception):
    """Base of every lashon error: ``type``, ``code``, ``message`` and ``status`` (HTTP)."""

    type: str = "internal"
    status: int = 500

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def to_dict(self) -> Dict[str, Any]:
        """The HTTP error envelope: ``{"error": {"type", "message", "code"}}``."""
        return {"error": {"type": self.type, "message": self.message, "code": self.code}}


class InvalidRequest(LashonError):
    """The input breaks a rule (empty or too long text, unknown option value): HTTP 400."""

    type = "invalid_request"
    status = 400


class UnsupportedLanguage(InvalidRequest):
    """A language the operation does not support (protection is he/en/ru only)."""


class MessageFormatError(InvalidRequest):
    """An ICU message that does not parse. ``reason`` is the parse error kind (for example
    ``unclosed_brace``), ``offset`` the UTF-16 offset and ``byte`` the UTF-8 offset."""

    reason: Optional[str] = None
    offset: Optional[int] = None
    byte: Optional[int] = None


class MessageTooComplex(InvalidRequest):
    """Hoisting would produce more branch sentences than the limit."""


class ServiceUnavailable(LashonError):
    """The operation cannot run here: HTTP 503."""

    type = "service_unavailable"
    status = 503


class NotConfigured(ServiceUnavailable):
    """The operation needs a model that is not loaded (or could not be loaded)."""


class WebhookSignatureError(LashonError):
    """A webhook delivery whose ``X-Service-Signature`` does not hold: ``code`` is
    ``signature_malformed`` (not ``t=…,v1=…``), ``signature_expired`` (timestamp more than the
    tolerance from now) or ``signature_mismatch`` (wrong secret or altered body). Answer it
    with 401 and do not act on the body."""

    type = "unauthorized"
    status = 401


class InternalError(LashonError):
    """A bug in lashon: please report it with the input."""

    type = "internal"
    status = 500


_BY_CODE: Dict[str, Type[LashonError]] = {
    "unsupported_language": UnsupportedLanguage,
    "invalid_message_format": MessageFormatError,
    "message_too_complex": MessageTooComplex,
    "not_configured": NotConfigured,
}

_BY_TYPE: Dict[str, Type[LashonError]] = {
    "invalid_request": InvalidRequest,
    "service_unavailable": ServiceUnavailable,
    "internal": InternalError,
}


def _from_native(
    type_: str, code: str, message: str, extra: Optional[Dict[str, Any]] = None
) -> LashonError:
    """Called by the native module to build the exception it raises."""
    cls = _BY_CODE.get(code) or _BY_TYPE.get(type_, LashonError)
    err = cls(code, message)
    if cls is LashonError:
        err.type = type_
    for key, value in (extra or {}).items():
        setattr(err, key, value)
    return err
