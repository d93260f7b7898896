//! ICU mode (`message_format: icu`, spec "ICU rules"): the message is hoisted so every branch
//! is a whole sentence, its plurals are rewritten to the target language's CLDR categories,
//! every branch sentence goes through the protected pipeline (with the plural form it must be
//! written in), and the message is rebuilt and re-validated. A message with any branch that
//! cannot be verified, or that does not rebuild, comes back unchanged with `fallback`.

use lashon_icu::{
    hoist, parse, rebuild, rewrite, segments, Message, Plurals, Rewrite, Segment as IcuSegment,
    DEFAULT_BRANCH_LIMIT,
};
use lashon_protect::{FoundSpan, Issue, IssueCode, Lang, SpanType, Status};
use lashon_vocab::ServiceError;

use super::document::Masking;
use super::engine::{Outcome, Sentence, Work};
use super::model::PluralForm;

/// A parsed, hoisted message (checked before anything is charged).
#[derive(Debug, Clone)]
pub struct IcuMessage {
    pub hoisted: Message,
}

/// Parses and hoists `text`: 400 `invalid_message_format` or `message_too_complex`.
pub fn prepare(text: &str) -> Result<IcuMessage, ServiceError> {
    let message = parse(text)?;
    let hoisted = hoist(&message, DEFAULT_BRANCH_LIMIT)?;
    Ok(IcuMessage { hoisted })
}

thread_local! {
    // CLDR plural rules of the protected languages, built once per thread (the rules are not
    // `Sync`).
    static RULES: Option<[Plurals; 3]> = (|| {
        Some([
            Plurals::new("en").ok()?,
            Plurals::new("he").ok()?,
            Plurals::new("ru").ok()?,
        ])
    })();
}

/// Runs `f` with the plural rules of `a` and `b`.
fn with_plurals<R>(
    a: Lang,
    b: Lang,
    f: impl FnOnce(&Plurals, &Plurals) -> R,
) -> Result<R, ServiceError> {
    let pick = |lang: Lang| match lang {
        Lang::En => 0,
        Lang::He => 1,
        Lang::Ru => 2,
    };
    RULES.with(|rules| {
        let rules = rules
            .as_ref()
            .ok_or_else(|| ServiceError::internal("CLDR plural rules are unavailable"))?;
        Ok(f(&rules[pick(a)], &rules[pick(b)]))
    })
}

/// The message's branch sentences, ready for the engine.
pub struct Branches {
    pub rewrite: Rewrite,
    pub segments: Vec<IcuSegment>,
    pub sentences: Vec<Sentence>,
    pub spans: Vec<Vec<FoundSpan>>,
}

/// Rewrites the plurals for the target and masks every branch sentence.
pub fn branches(
    message: &IcuMessage,
    source: Lang,
    target: Lang,
    masking: &Masking<'_>,
) -> Result<Branches, ServiceError> {
    let rewrite = with_plurals(source, target, |s, t| rewrite(&message.hoisted, s, t))?;
    let segments = segments(&rewrite.message);
    let mut sentences = Vec::with_capacity(segments.len());
    let mut spans = Vec::with_capacity(segments.len());
    for seg in &segments {
        let (mut sentence, found) = masking.sentence(&seg.text, placeholder_spans(seg));
        if let Work::Model(input) = &mut sentence.work {
            input.plural = plural_form(&rewrite, seg);
        }
        sentences.push(sentence);
        spans.push(found);
    }
    Ok(Branches {
        rewrite,
        segments,
        sentences,
        spans,
    })
}

/// The segment's ICU placeholders (`{name}`, `{#}`, `<b>`) as spans the model must keep.
fn placeholder_spans(seg: &IcuSegment) -> Vec<FoundSpan> {
    let mut out: Vec<FoundSpan> = Vec::new();
    for p in &seg.placeholders {
        let kind = if p.token.starts_with('<') {
            SpanType::Markup
        } else {
            SpanType::Template
        };
        for (at, _) in seg.text.match_indices(p.token.as_str()) {
            let end = at + p.token.len();
            if out.iter().all(|s| end <= s.start || at >= s.end) {
                out.push(FoundSpan {
                    start: at,
                    end,
                    kind,
                    render: None,
                    ambiguous_date: false,
                });
            }
        }
    }
    out.sort_by_key(|s| s.start);
    out
}

/// The plural form a branch sentence is written in: the innermost plural on its path.
fn plural_form(rewrite: &Rewrite, seg: &IcuSegment) -> Option<PluralForm> {
    for depth in (0..seg.path.len()).rev() {
        let step = &seg.path[depth];
        let Some(plural) = rewrite
            .plurals
            .iter()
            .find(|p| p.argument == step.argument && p.path.as_slice() == &seg.path[..depth])
        else {
            continue;
        };
        let branch = plural
            .branches
            .iter()
            .find(|b| b.key.to_key_string() == step.key)?;
        return Some(PluralForm {
            category: step.key.clone(),
            example: branch.samples.first().cloned().unwrap_or_default(),
        });
    }
    None
}

/// The translated message, or why it falls back.
pub enum Rebuilt {
    Message(String),
    Fallback(Vec<Issue>),
}

/// Rebuilds the message from the branch outcomes; any fallback branch, or a translation that
/// does not rebuild, makes the whole message fall back.
pub fn finish(
    branches: &Branches,
    outcomes: &[Outcome],
    target: Lang,
) -> Result<Rebuilt, ServiceError> {
    if outcomes.iter().any(|o| o.status == Status::Fallback) {
        return Ok(Rebuilt::Fallback(Vec::new()));
    }
    let texts: Vec<&str> = outcomes.iter().map(|o| o.text.as_str()).collect();
    match with_plurals(target, target, |t, _| {
        rebuild(&branches.rewrite.message, &texts, t)
    })? {
        Ok(r) => Ok(Rebuilt::Message(r.text)),
        Err(e) => Ok(Rebuilt::Fallback(vec![Issue::error(
            IssueCode::PlaceholderMissing,
            format!("the translated message does not rebuild: {e}"),
        )])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lashon_protect::spans::{ProtectOptions, SpanFinder};
    use lashon_protect::{Audience, BidiMode};

    #[test]
    fn branches_carry_their_plural_form_and_masked_placeholders() {
        let m = prepare(
            "You have {n, plural, one {# new message} other {# new messages}} from {name}.",
        )
        .unwrap();
        let finder = SpanFinder::new(ProtectOptions::new(Lang::En, Lang::He));
        let masking = Masking {
            finder: &finder,
            audience: Audience::Clinician,
            target: Lang::He,
            bidi: BidiMode::None,
        };
        let b = branches(&m, Lang::En, Lang::He, &masking).unwrap();
        assert_eq!(b.sentences.len(), 3, "Hebrew has one, two, other");
        let forms: Vec<(String, String)> = b
            .sentences
            .iter()
            .map(|s| match &s.work {
                Work::Model(i) => {
                    let p = i.plural.clone().unwrap();
                    assert!(i.masked.text.contains("⟦0⟧"), "{}", i.masked.text);
                    assert!(!i.masked.text.contains("{name}"), "{}", i.masked.text);
                    (p.category, p.example)
                }
                Work::Passthrough(_) => panic!("branch sentences have words"),
            })
            .collect();
        assert_eq!(forms[0].0, "one");
        assert_eq!(forms[1], ("two".to_string(), "2".to_string()));
        assert_eq!(forms[2].0, "other");
    }

    #[test]
    fn bad_messages_are_refused() {
        let e = prepare("{n, plural, one {x}").err().unwrap();
        assert_eq!(e.code.as_str(), "invalid_message_format");
    }
}
