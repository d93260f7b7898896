"""ICU MessageFormat: parse, validate against a locale, plural categories, hoist.

Run: python examples/python/icu_messages.py
"""

import lashon
from lashon import icu


def main() -> None:
    message = "You have {n, plural, one {# new message} other {# new messages}}."
    parsed = icu.parse(message)
    print("printed:", parsed.printed)

    for locale in ("en", "he", "ru"):
        print(locale, icu.plural_categories(locale))
        for warning in icu.validate(message, locale).warnings:
            print("  warning:", warning.code, warning.category)

    hoisted = icu.hoist(message)
    print("hoisted:", hoisted.hoisted)
    for sentence in hoisted.segments:
        print("  segment:", sentence)

    try:
        icu.parse("Hi {name")
    except lashon.MessageFormatError as e:
        print("error:", e.reason, "at", e.offset)


if __name__ == "__main__":
    main()
