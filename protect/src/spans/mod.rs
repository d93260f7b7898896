//! Span finding: every protected value of a text, with overlaps resolved by precedence.
//!
//! # Precedence
//!
//! Candidates from all finders are ranked; a candidate is kept only if it overlaps no kept one
//! of higher rank. Within a rank the earlier, then the longer, candidate wins. Ranks, highest
//! first (see [`precedence`]):
//!
//! 1. `name` — redacted terms: privacy first, every occurrence, no word-boundary condition.
//! 2. `keep`, `code_inline` — the writer said "do not touch".
//! 3. `url`, `email`, `markup`, `template` — machine syntax that must survive byte-exact.
//! 4. `account`, `card`, `id_number` — redacted finance values with verified check digits.
//! 5. `glossary`, then `term` — the caller's lists (a glossary entry wins over an account term
//!    with the same text, spec: glossary).
//! 6. `citation`, `clause`, `reference`, `code` — domain references.
//! 7. `dose`, `drug`, `abbreviation`, `defined_term` — domain vocabulary.
//! 8. `date` — before numbers, as a date contains numbers.
//! 9. `identifier` — Latin tokens with digits (`SKU-12`, `COVID-19`).
//! 10. `ordinal`, `number`.
//!
//! # Speed
//!
//! Issue 4 asks for ≥ 20 MB/s on general text and ≥ 10 MB/s per domain pack (benches/spans.rs).
//! Each finder first checks for the characters its pattern needs; patterns that need digits run
//! only over the digit-holding runs of their character class (identifiers; card, bank account
//! and ID numbers) or only at the places their fixed start can occur (IBAN); numbers are found
//! with a plain DFA match and their groups read back from it, with no capture search; overlaps
//! are resolved over a map of taken bytes. Unit properties check that each shortcut finds
//! exactly what a whole-text pass of the same pattern finds.

mod account_terms;
mod check_digits;
mod clinical;
mod finance;
mod general;
mod legal;
mod terms;

use std::collections::BTreeMap;

pub use account_terms::AccountTerms;
pub use check_digits::{bic_valid, iban_valid, israeli_id_valid, luhn_valid};
pub use legal::defined_terms;
pub use terms::{AccountTerm, TermTranslations};

use std::sync::Arc;

use crate::dates::{self, DateValue};
use crate::lexicon::Lexicons;
use crate::model::{DateOrder, DateStyle, Domain, FoundSpan, Lang, SpanType};
use crate::numbers;

/// What protection needs to know about a request (the protection fields of the spec).
#[derive(Debug, Clone, Default)]
pub struct ProtectOptions {
    /// Source language (`None` reads as English for dates and numbers).
    pub source: Option<Lang>,
    /// Target language: renderings (glossary, account terms, dates) are for it.
    pub target: Option<Lang>,
    pub domain: Domain,
    pub protected_terms: Vec<String>,
    pub redact_terms: Vec<String>,
    /// Source term → required target rendering.
    pub glossary: BTreeMap<String, String>,
    /// The account's terms, shared between the requests of the account (see
    /// [`AccountTerms`]).
    pub account_terms: Arc<AccountTerms>,
    /// `None`: `MDY` for English sources, `DMY` for Hebrew and Russian.
    pub date_order: Option<DateOrder>,
    pub date_style: DateStyle,
}

impl ProtectOptions {
    /// Options for a language pair with every other field at its default.
    pub fn new(source: Lang, target: Lang) -> ProtectOptions {
        ProtectOptions {
            source: Some(source),
            target: Some(target),
            ..ProtectOptions::default()
        }
    }

    pub(crate) fn source_lang(&self) -> Lang {
        self.source.unwrap_or(Lang::En)
    }

    pub(crate) fn target_lang(&self) -> Lang {
        self.target.unwrap_or(self.source_lang())
    }

    pub(crate) fn order(&self) -> DateOrder {
        self.date_order
            .unwrap_or_else(|| DateOrder::default_for(self.source_lang()))
    }
}

/// A span proposed by a finder, before overlaps are resolved.
#[derive(Debug, Clone)]
pub(crate) struct Candidate {
    start: usize,
    end: usize,
    kind: SpanType,
    render: Option<String>,
    date: Option<DateValue>,
}

impl Candidate {
    pub(crate) fn new(start: usize, end: usize, kind: SpanType) -> Candidate {
        Candidate {
            start,
            end,
            kind,
            render: None,
            date: None,
        }
    }

    pub(crate) fn render(mut self, render: impl Into<String>) -> Candidate {
        self.render = Some(render.into());
        self
    }
}

/// Rank of a type: lower wins (module documentation, "Precedence").
pub fn precedence(kind: SpanType) -> u8 {
    match kind {
        SpanType::Name => 0,
        SpanType::Keep | SpanType::CodeInline => 1,
        SpanType::Url | SpanType::Email | SpanType::Markup | SpanType::Template => 2,
        SpanType::Account | SpanType::Card | SpanType::IdNumber => 3,
        SpanType::Glossary => 4,
        SpanType::Term => 5,
        SpanType::Citation | SpanType::Clause | SpanType::Reference | SpanType::Code => 6,
        SpanType::Dose | SpanType::Drug | SpanType::Abbreviation | SpanType::DefinedTerm => 7,
        SpanType::Date => 8,
        SpanType::Identifier => 9,
        SpanType::Ordinal | SpanType::Number => 10,
    }
}

/// Finds protected values; built once per request (its term automata are compiled here).
pub struct SpanFinder<'l> {
    options: ProtectOptions,
    lexicons: &'l Lexicons,
    terms: terms::TermMatcher,
}

impl SpanFinder<'static> {
    /// A finder with the built-in lexicons.
    pub fn new(options: ProtectOptions) -> SpanFinder<'static> {
        SpanFinder::with_lexicons(options, Lexicons::builtin())
    }
}

impl<'l> SpanFinder<'l> {
    /// A finder with the caller's lexicons.
    pub fn with_lexicons(options: ProtectOptions, lexicons: &'l Lexicons) -> SpanFinder<'l> {
        let terms = terms::TermMatcher::new(&options);
        SpanFinder {
            options,
            lexicons,
            terms,
        }
    }

    pub fn options(&self) -> &ProtectOptions {
        &self.options
    }

    /// Every protected value of `text`, in source order, non-overlapping.
    pub fn find(&self, text: &str) -> Vec<FoundSpan> {
        let mut cands = Vec::new();
        let target = self.options.target_lang();
        self.terms.find(text, target, &mut cands);
        for (start, end, term) in self.options.account_terms.find(text) {
            let c = Candidate::new(start, end, SpanType::Term);
            cands.push(match term.translations.get(target) {
                Some(render) => c.render(render),
                None => c,
            });
        }
        general::find(text, &mut cands);
        finance::find(text, &mut cands);
        match self.options.domain {
            Domain::Clinical => clinical::find(text, self.lexicons, &mut cands),
            Domain::Legal => legal::find(text, &mut cands),
            Domain::General | Domain::Finance => {}
        }
        if text.bytes().any(|b| b.is_ascii_digit()) {
            self.dates_and_numbers(text, &mut cands);
        }
        resolve(text, cands)
    }

    fn dates_and_numbers(&self, text: &str, cands: &mut Vec<Candidate>) {
        let target = self.options.target_lang();
        for d in dates::find_dates(text, self.options.order()) {
            let original = &text[d.start..d.end];
            let rendered = dates::render(&d.date, original, target, self.options.date_style);
            let mut c = Candidate::new(d.start, d.end, SpanType::Date);
            if rendered != original {
                c.render = Some(rendered);
            }
            c.date = Some(d.date);
            cands.push(c);
        }
        for (start, end, ordinal) in numbers::number_spans(text) {
            let kind = if ordinal {
                SpanType::Ordinal
            } else {
                SpanType::Number
            };
            cands.push(Candidate::new(start, end, kind));
        }
    }
}

/// Keeps the best non-overlapping candidates (module documentation, "Precedence").
fn resolve(text: &str, mut cands: Vec<Candidate>) -> Vec<FoundSpan> {
    cands.retain(|c| {
        c.start < c.end
            && c.end <= text.len()
            && text.is_char_boundary(c.start)
            && text.is_char_boundary(c.end)
    });
    cands.sort_by(|a, b| {
        (
            precedence(a.kind),
            a.start,
            std::cmp::Reverse(a.end - a.start),
        )
            .cmp(&(
                precedence(b.kind),
                b.start,
                std::cmp::Reverse(b.end - b.start),
            ))
    });
    // Bytes already taken by a kept span: a candidate is kept when none of its bytes is.
    let mut taken = vec![false; text.len()];
    let mut kept = Vec::new();
    for c in cands {
        let Some(range) = taken.get_mut(c.start..c.end) else {
            continue;
        };
        if range.iter().all(|t| !t) {
            range.fill(true);
            kept.push(c);
        }
    }
    kept.sort_by_key(|c| c.start);
    kept.into_iter()
        .map(|c| FoundSpan {
            start: c.start,
            end: c.end,
            kind: c.kind,
            render: c.render,
            ambiguous_date: c.date.is_some_and(|d| d.ambiguous()),
        })
        .collect()
}

/// Finds the spans of `text` with default lexicons (a convenience over [`SpanFinder`]).
pub fn find_spans(text: &str, options: &ProtectOptions) -> Vec<FoundSpan> {
    SpanFinder::new(options.clone()).find(text)
}
