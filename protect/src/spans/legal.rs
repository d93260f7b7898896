//! Legal span finders (legal domain rule): `clause` (section and clause references: the number
//! part, so `Section` itself is translated), `citation` (case and statute citations, Israeli
//! case citations), `defined_term` (terms defined in quotes, and their later uses).

use std::sync::LazyLock;

use regex::Regex;

use super::Candidate;
use crate::model::SpanType;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("pattern {pattern}: {e}"))
}

/// A clause keyword, then the reference (captured): `4.2(a)(ii)`, `12א`, `3.1-3.4`.
static CLAUSE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?:(?-u:\b)(?:Sections?|Sec\.|Clauses?|Articles?|Art\.|Paragraphs?|Para\.|Schedule|Annex|Appendix)|§§?|סעיפים|סעיף|תקנה|תקנות|פסקה|נספח|(?:пункт[а-я]*|п\.|стать[а-я]*|ст\.|раздел[а-я]*|глав[а-я]*))\s*([0-9]+[A-Za-zא-ת]?(?:\.[0-9]+[A-Za-z]?)*(?:\([0-9A-Za-zא-ת]{1,4}\))*(?:\s?[-–]\s?[0-9]+(?:\.[0-9]+)*)?)",
    )
});
/// Citations: U.S. Code, reporter citations (`123 F.3d 456`), `X v. Y`, Israeli case numbers
/// (`ע"א 1234/56`, `בג"ץ 5678/20`), Russian code references (`ГК РФ`).
static CITATION: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r#"[0-9]+\s+U\.S\.C\.\s+§+\s*[0-9]+[A-Za-z0-9.\-()]*|[0-9]{1,4}\s+(?:U\.S\.|S\.\s?Ct\.|F\.(?:2d|3d|4th)?|F\.\s?Supp\.(?:\s?[23]d)?|L\.\s?Ed\.(?:\s?2d)?|A\.C\.|Q\.B\.|W\.L\.R\.)\s+[0-9]{1,5}(?:\s+\([^()]{0,40}[0-9]{4}\))?|[A-Z][A-Za-z.'\-]+(?:\s[A-Z][A-Za-z.'\-]+)?\s+v\.\s+[A-Z][A-Za-z.'\-]+(?:\s[A-Z][A-Za-z.'\-]+)?|(?:ע["״]א|בג["״]ץ|רע["״]א|ע["״]פ|רע["״]פ|דנ["״]א|דנ["״]פ|בש["״]פ|ת["״]א|ת["״]פ|ה["״]פ|עע["״]מ)\s*[0-9]+(?:[/\-][0-9]+)+|(?:ГК|УК|ТК|НК|КоАП|АПК|ГПК)\s+РФ"#,
    )
});
/// Definitions: `("Supplier")`, `the "Agreement"`, `"Services" means`, `(להלן: "החברה")`,
/// `(далее — «Поставщик»)`. The term is captured without its quotes.
static DEFINITION: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r#"\((?:the\s+|hereinafter\s+(?:the\s+)?)?["“]([^"”\n]{1,60})["”]\)|["“]([A-Z][^"”\n]{0,60})["”]\s+(?:means|shall mean|has the meaning)|להלן:?\s*["“״]([^"”״\n]{1,60})["”״]|далее\s*[—–\-]?\s*(?:по тексту\s*[—–\-]?\s*)?«([^»\n]{1,60})»"#,
    )
});

pub(crate) fn find(text: &str, out: &mut Vec<Candidate>) {
    if text.bytes().any(|b| b.is_ascii_digit()) {
        for c in CLAUSE.captures_iter(text) {
            let Some(m) = c.get(1) else { continue };
            out.push(Candidate::new(m.start(), m.end(), SpanType::Clause));
        }
    }
    for m in CITATION.find_iter(text) {
        out.push(Candidate::new(m.start(), m.end(), SpanType::Citation));
    }
    let mut terms: Vec<&str> = Vec::new();
    for c in DEFINITION.captures_iter(text) {
        let Some(m) = c.get(1).or(c.get(2)).or(c.get(3)).or(c.get(4)) else {
            continue;
        };
        out.push(Candidate::new(m.start(), m.end(), SpanType::DefinedTerm));
        terms.push(m.as_str());
    }
    // Later uses of a term defined in the same text.
    for term in terms {
        for (at, _) in text.match_indices(term) {
            let b = text[..at].chars().next_back();
            let a = text[at + term.len()..].chars().next();
            if !b.is_some_and(char::is_alphanumeric) && !a.is_some_and(char::is_alphanumeric) {
                out.push(Candidate::new(at, at + term.len(), SpanType::DefinedTerm));
            }
        }
    }
}

/// Terms a text defines (for the consistency check across a document).
pub fn defined_terms(text: &str) -> Vec<String> {
    DEFINITION
        .captures_iter(text)
        .filter_map(|c| c.get(1).or(c.get(2)).or(c.get(3)).or(c.get(4)))
        .map(|m| m.as_str().to_string())
        .collect()
}
