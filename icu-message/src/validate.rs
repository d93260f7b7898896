//! Validation against a locale's CLDR plural categories.
//!
//! What makes a message invalid — a plural key that is neither a CLDR keyword nor `=N`, a
//! missing `other`, a duplicate key — is already rejected by the parser. What is left are
//! warnings: a keyword the locale never selects (Hebrew `many`, removed in CLDR 42; real
//! catalogs still carry it) and a category the locale uses that has no branch (ICU then uses
//! `other`, usually wrong for Hebrew `two` or Russian `few`).

use std::fmt;

use crate::ast::{Element, Message, Plural, PluralKey, PluralKind};
use crate::error::IcuError;
use crate::parser::parse;
use crate::plurals::{Category, Plurals};

/// Something valid but suspicious about a message for a locale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// A branch for a category the locale never selects; it can be dropped.
    UnusedCategory {
        argument: String,
        kind: PluralKind,
        category: Category,
        locale: String,
    },
    /// A category the locale selects but the message has no branch for; `other` is used.
    MissingCategory {
        argument: String,
        kind: PluralKind,
        category: Category,
        locale: String,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::UnusedCategory { argument, kind, category, locale } => write!(
                f,
                "{{{argument}, {}}}: '{}' is never selected in {locale}; the branch can be removed",
                kind.keyword(),
                category.as_str()
            ),
            Warning::MissingCategory { argument, kind, category, locale } => write!(
                f,
                "{{{argument}, {}}}: {locale} uses '{}' but the message has no such branch, so 'other' is shown",
                kind.keyword(),
                category.as_str()
            ),
        }
    }
}

/// The warnings for a parsed message in a locale, in message order.
///
/// ```
/// use lashon_icu::{parse, validate, Plurals, Warning};
///
/// let he = Plurals::new("he").unwrap();
/// let m = parse("{n, plural, one {שנה} two {שנתיים} many {# שנה} other {# שנים}}").unwrap();
/// let warnings = validate(&m, &he);
/// assert!(matches!(&warnings[..], [Warning::UnusedCategory { .. }]));
/// ```
pub fn validate(message: &Message, locale: &Plurals) -> Vec<Warning> {
    let mut out = Vec::new();
    walk(&message.elements, locale, &mut out);
    out
}

/// Parses and validates in one step.
pub fn check(source: &str, locale: &Plurals) -> Result<(Message, Vec<Warning>), IcuError> {
    let message = parse(source)?;
    let warnings = validate(&message, locale);
    Ok((message, warnings))
}

fn walk(elements: &[Element], locale: &Plurals, out: &mut Vec<Warning>) {
    for element in elements {
        match element {
            Element::Plural(p) => {
                check_plural(p, locale, out);
                for b in &p.branches {
                    walk(&b.message, locale, out);
                }
            }
            Element::Select(s) => {
                for b in &s.branches {
                    walk(&b.message, locale, out);
                }
            }
            Element::Tag(t) => {
                if let Some(children) = &t.children {
                    walk(children, locale, out);
                }
            }
            _ => {}
        }
    }
}

fn check_plural(p: &Plural, locale: &Plurals, out: &mut Vec<Warning>) {
    for b in &p.branches {
        if let PluralKey::Category(c) = b.key {
            if !locale.uses(p.kind, c) {
                out.push(Warning::UnusedCategory {
                    argument: p.name.clone(),
                    kind: p.kind,
                    category: c,
                    locale: locale.locale().into(),
                });
            }
        }
    }
    for &c in locale.categories(p.kind) {
        if p.branches.iter().any(|b| b.key == PluralKey::Category(c)) {
            continue;
        }
        // Exact keys may cover a small category (Hebrew `two` is only 2). With an offset,
        // categories apply to n - offset while `=N` applies to n.
        let samples = locale.samples(p.kind, c);
        let covered = !samples.is_empty()
            && samples.iter().all(|s| {
                p.branches.iter().any(|b| match &b.key {
                    PluralKey::Exact(n) => exact_matches(n, s, p.offset),
                    PluralKey::Category(_) => false,
                })
            });
        if !covered {
            out.push(Warning::MissingCategory {
                argument: p.name.clone(),
                kind: p.kind,
                category: c,
                locale: locale.locale().into(),
            });
        }
    }
}

fn exact_matches(exact: &str, sample: &str, offset: u32) -> bool {
    match (exact.parse::<f64>(), sample.parse::<f64>()) {
        (Ok(e), Ok(s)) => e == s + f64::from(offset),
        _ => false,
    }
}
