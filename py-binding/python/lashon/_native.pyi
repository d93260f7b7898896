# Stubs of the native module (crate lashon-py). Results are plain JSON-shaped values; the
# package wraps them in the typed classes of lashon.types.
from typing import Any, Dict, List, Optional

DEFAULT_BRANCH_LIMIT: int

def analyze(
    text: Optional[str] = None, *, fields: Optional[Dict[str, str]] = None, base: str = "auto"
) -> Dict[str, Any]: ...
def wrap(text: str, *, format: str = "html", base: str = "auto") -> Dict[str, Any]: ...
def detect(text: str) -> Dict[str, Any]: ...
def strip_nikud(text: str) -> Dict[str, Any]: ...
def transliterate(text: str, *, direction: str = "he-to-latin") -> Dict[str, Any]: ...
def find_spans(
    text: str,
    lang: str,
    *,
    target_lang: Optional[str] = None,
    domain: str = "general",
    protected_terms: Optional[List[str]] = None,
    redact_terms: Optional[List[str]] = None,
    glossary: Optional[Dict[str, str]] = None,
    date_order: Optional[str] = None,
    date_style: str = "hebrew",
) -> Dict[str, Any]: ...
def verify_translation(
    source: str,
    translation: str,
    source_lang: str,
    target_lang: str,
    *,
    domain: str = "general",
    protected_terms: Optional[List[str]] = None,
    glossary: Optional[Dict[str, str]] = None,
    date_order: Optional[str] = None,
    listener_gender: Optional[str] = None,
    speaker_gender: Optional[str] = None,
    patient_gender: Optional[str] = None,
) -> Dict[str, Any]: ...
def parse(message: str) -> Dict[str, Any]: ...
def validate(message: str, locale: str) -> Dict[str, Any]: ...
def plural_categories(locale: str, *, kind: str = "cardinal") -> List[str]: ...
def hoist(message: str, *, limit: int = 64) -> Dict[str, Any]: ...

class Nikud:
    def __init__(self, model_path: str) -> None: ...
    @property
    def model_path(self) -> str: ...
    def add(self, text: str) -> Dict[str, Any]: ...
    def transliterate(self, text: str, *, direction: str = "he-to-latin") -> Dict[str, Any]: ...
