//! General span finders: keep tags, inline code, markup, templates, URLs, e-mail addresses and
//! identifiers (Span `type` values `keep`, `code_inline`, `markup`, `template`, `url`, `email`,
//! `identifier`).

use std::sync::LazyLock;

use regex::Regex;

use super::Candidate;
use crate::model::SpanType;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("pattern {pattern}: {e}"))
}

/// `<keep>…</keep>`: the whole element is the span; the output keeps the inner text.
static KEEP: LazyLock<Regex> = LazyLock::new(|| re(r"(?s)<keep>(.*?)</keep>"));
/// Inline code: one or two backticks around text without a line break; between double
/// backticks a single backtick is code (CommonMark code spans: ``` ``a`b`` ```).
static CODE_INLINE: LazyLock<Regex> = LazyLock::new(|| re(r"``(?:[^`\n]|`[^`\n])+?``|`[^`\n]+`"));
/// HTML/XML tags (opening, closing, self-closing), numbered tags `<0>`, `</0>`, `<0/>`,
/// comments and character entities.
static MARKUP: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r#"</?[A-Za-z][A-Za-z0-9:_-]*(?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*/?>|</?[0-9]{1,3}/?>|<!--.*?-->|&(?:[A-Za-z]{2,8}|#[0-9]{1,6}|#x[0-9A-Fa-f]{1,6});"#,
    )
});
/// Interface variables: `{{name}}`, `{name}`, `${x}`, printf `%s` / `%1$d`, `:name`.
///
/// A printf conversion takes no space flag and must not run into a letter or digit, so prose
/// after a percent sign (`5% increase`, `10% in`) is not a template. `%%` (the escaped percent
/// sign) outranks a number it touches: in `100%%` the template is `%%` and the digits stay in
/// the text, where the number checks of verification still cover them.
static TEMPLATE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"\{\{\s*[A-Za-z_][A-Za-z0-9_.\-]*\s*\}\}|\$\{[^{}\s]+\}|\{[A-Za-z_0-9][A-Za-z0-9_.]*(?:,\s*[a-z]+(?:,\s*[A-Za-z]+)?)?\}|%(?:[0-9]+\$)?[-+0#]?[0-9]*(?:\.[0-9]+)?[sdifuxXeEgGc@]|%%|(?:^|[\s(/])(:[a-z_][a-z0-9_]*)",
    )
});
static URL: LazyLock<Regex> = LazyLock::new(|| re(r#"(?:https?://|ftp://|www\.)[^\s<>"'`⟦⟧]+"#));
static EMAIL: LazyLock<Regex> =
    LazyLock::new(|| re(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"));
/// A Latin token that starts with a letter and carries a digit (`SKU-1234`, `B12`, `COVID-19`,
/// `v2.3`), or an upper-case code with a dash and digits.
static IDENTIFIER: LazyLock<Regex> =
    LazyLock::new(|| re(r"[A-Za-z][A-Za-z0-9]*(?:[-_/.#][A-Za-z0-9]+)*"));

fn ascii_word_char(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn before(text: &str, at: usize) -> Option<char> {
    text.get(..at).and_then(|s| s.chars().next_back())
}

fn after(text: &str, at: usize) -> Option<char> {
    text.get(at..).and_then(|s| s.chars().next())
}

pub(crate) fn find(text: &str, out: &mut Vec<Candidate>) {
    // Each finder first checks for the one byte its pattern needs, so plain prose pays for a
    // memchr-speed scan instead of a regex pass.
    if text.contains("<keep>") {
        for c in KEEP.captures_iter(text) {
            let (Some(m), Some(inner)) = (c.get(0), c.get(1)) else {
                continue;
            };
            out.push(Candidate::new(m.start(), m.end(), SpanType::Keep).render(inner.as_str()));
        }
    }
    if text.contains('`') {
        for m in CODE_INLINE.find_iter(text) {
            out.push(Candidate::new(m.start(), m.end(), SpanType::CodeInline));
        }
    }
    if text.contains('<') || text.contains('&') {
        for m in MARKUP.find_iter(text) {
            out.push(Candidate::new(m.start(), m.end(), SpanType::Markup));
        }
    }
    if text.contains('{') || text.contains('%') || text.contains(':') {
        for c in TEMPLATE.captures_iter(text) {
            let Some(m) = c.get(1).or_else(|| c.get(0)) else {
                continue;
            };
            let printf = m.as_str().starts_with('%') && m.as_str() != "%%";
            if (c.get(1).is_some() || printf) && ascii_word_char(after(text, m.end())) {
                continue;
            }
            out.push(Candidate::new(m.start(), m.end(), SpanType::Template));
        }
    }
    if text.contains("://") || text.contains("www.") {
        for m in URL.find_iter(text) {
            let mut end = m.end();
            // Trailing punctuation ends the sentence, not the URL (a closing parenthesis too
            // unless the URL opened one).
            while let Some(c) = before(text, end) {
                let opened = text[m.start()..end].contains('(');
                if matches!(c, '.' | ',' | ';' | ':' | '!' | '?' | '\'' | '"')
                    || (c == ')' && !opened)
                {
                    end -= c.len_utf8();
                } else {
                    break;
                }
            }
            out.push(Candidate::new(m.start(), end, SpanType::Url));
        }
    }
    if text.contains('@') {
        for m in EMAIL.find_iter(text) {
            if ascii_word_char(before(text, m.start())) {
                continue;
            }
            out.push(Candidate::new(m.start(), m.end(), SpanType::Email));
        }
    }
    // An identifier holds a digit and only the characters of its pattern, so the pattern runs
    // only over the maximal runs of those characters that hold a digit (a match never crosses
    // a character outside the class, so this finds exactly what a whole-text pass finds).
    for (run_start, run) in identifier_runs(text) {
        for m in IDENTIFIER.find_iter(run) {
            let (start, s) = (run_start + m.start(), m.as_str());
            if !s.bytes().any(|b| b.is_ascii_digit()) || ascii_word_char(before(text, start)) {
                continue;
            }
            // A final period is the sentence's.
            let end = start + s.trim_end_matches('.').len();
            out.push(Candidate::new(start, end, SpanType::Identifier));
        }
    }
}

fn identifier_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'/' | b'.' | b'#')
}

/// Maximal runs of identifier characters (all ASCII, so their ends are char boundaries) that
/// hold an ASCII digit, with their offsets.
fn identifier_runs(text: &str) -> Vec<(usize, &str)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(d) = bytes[i..].iter().position(u8::is_ascii_digit) {
        let digit = i + d;
        let start = bytes[..digit]
            .iter()
            .rposition(|b| !identifier_byte(*b))
            .map_or(0, |p| p + 1);
        let end = bytes[digit..]
            .iter()
            .position(|b| !identifier_byte(*b))
            .map_or(bytes.len(), |p| digit + p);
        if let Some(run) = text.get(start..end) {
            out.push((start, run));
        }
        i = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        // Running the identifier pattern over digit-holding runs finds every match with a
        // digit that a whole-text pass finds.
        #[test]
        fn identifier_runs_match_whole_text(text in "[A-Za-z0-9 _#./\\-,é]{0,40}") {
            let whole: Vec<(usize, usize)> = IDENTIFIER
                .find_iter(&text)
                .filter(|m| m.as_str().bytes().any(|b| b.is_ascii_digit()))
                .map(|m| (m.start(), m.end()))
                .collect();
            let runs: Vec<(usize, usize)> = identifier_runs(&text)
                .into_iter()
                .flat_map(|(off, run)| {
                    IDENTIFIER
                        .find_iter(run)
                        .filter(|m| m.as_str().bytes().any(|b| b.is_ascii_digit()))
                        .map(move |m| (off + m.start(), off + m.end()))
                        .collect::<Vec<_>>()
                })
                .collect();
            prop_assert_eq!(runs, whole);
        }
    }
}
