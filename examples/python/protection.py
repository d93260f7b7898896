"""Protected values: find the spans a translation must keep, verify a translation.

Run: python examples/python/protection.py
"""

import lashon


def main() -> None:
    text = "Dana Levi paid $1,200.50 on 2025-03-05."
    found = lashon.find_spans(text, "en", target_lang="he", redact_terms=["Dana Levi"])
    for span in found.spans:
        print(span.type, span.value, span.render, text[span.start : span.end])

    clinical = lashon.find_spans("Give 5 mg of warfarin PO bid.", "en", domain="clinical")
    print([s.to_dict() for s in clinical.spans])

    verdict = lashon.verify_translation(
        "Do not take more than 2 tablets.", "קח יותר מ-2 כדורים.", "en", "he"
    )
    print("pass:", verdict.passed)
    for issue in verdict.issues:
        print(" ", issue.severity, issue.code, issue.detail)


if __name__ == "__main__":
    main()
