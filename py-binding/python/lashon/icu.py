"""ICU MessageFormat for he/en/ru: parse, validate, plural categories, hoist.

>>> from lashon import icu
>>> icu.parse("Hi {name}!").ast
['Hi ', {'arg': 'name'}, '!']
>>> icu.plural_categories("he")
['one', 'two', 'other']
>>> icu.hoist("You have {n, plural, one {# message} other {# messages}}.").hoisted
'{n, plural, one {You have # message.} other {You have # messages.}}'
"""

from __future__ import annotations

from typing import List

from . import _native
from .types import Hoisted, ParsedMessage, Validation

#: The default limit on branch sentences for :func:`hoist`.
DEFAULT_BRANCH_LIMIT: int = _native.DEFAULT_BRANCH_LIMIT

__all__ = ["parse", "validate", "plural_categories", "hoist", "DEFAULT_BRANCH_LIMIT"]


def parse(message: str) -> ParsedMessage:
    """Parses ``message``; raises :class:`lashon.MessageFormatError` (with ``reason``,
    ``offset``) when it is not valid ICU MessageFormat.

    >>> icu.parse("{n, number}").printed
    '{n, number}'
    """
    return ParsedMessage.from_dict(_native.parse(message))


def validate(message: str, locale: str) -> Validation:
    """Parses ``message`` and lists its warnings for ``locale``'s plural categories.

    >>> [w.code for w in icu.validate("{n, plural, one {#} other {#}}", "he").warnings]
    ['missing_category']
    """
    return Validation.from_dict(_native.validate(message, locale))


def plural_categories(locale: str, *, kind: str = "cardinal") -> List[str]:
    """The CLDR plural categories of ``locale`` (``kind`` ``cardinal`` or ``ordinal``).

    >>> icu.plural_categories("ru")
    ['one', 'few', 'many', 'other']
    """
    return list(_native.plural_categories(locale, kind=kind))


def hoist(message: str, *, limit: int = DEFAULT_BRANCH_LIMIT) -> Hoisted:
    """Moves plurals and selects to the top so every branch is a whole sentence; raises
    :class:`lashon.MessageTooComplex` past ``limit`` branch sentences."""
    return Hoisted.from_dict(_native.hoist(message, limit=limit))
