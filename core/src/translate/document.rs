//! A document as sentences: split with its Markdown structure kept, spans found and masked
//! per sentence, and joined back as `prefix + text + suffix`.

use lashon_protect::mask::{mask, unmask, Masked};
use lashon_protect::spans::SpanFinder;
use lashon_protect::split::{split, SplitSegment};
use lashon_protect::{Audience, BidiMode, FoundSpan, Lang, SpanType};

use super::engine::{ModelInput, Outcome, Sentence, Work};

/// A split document and its sentences.
#[derive(Debug, Clone)]
pub struct Document {
    pub pieces: Vec<SplitSegment>,
    pub sentences: Vec<Sentence>,
    /// The spans of each sentence (byte offsets into that sentence).
    pub spans: Vec<Vec<FoundSpan>>,
}

/// How sentences of a protected request are masked.
pub struct Masking<'f> {
    pub finder: &'f SpanFinder<'f>,
    pub audience: Audience,
    pub target: Lang,
    pub bidi: BidiMode,
}

/// True when a (masked) sentence has letters to translate.
pub fn has_letters(text: &str) -> bool {
    text.chars().any(char::is_alphabetic)
}

impl Masking<'_> {
    /// One sentence: its spans, the masked text, and whether a model is needed.
    pub fn sentence(&self, text: &str, extra: Vec<FoundSpan>) -> (Sentence, Vec<FoundSpan>) {
        let spans = merge(extra, self.finder.find(text));
        let masked = mask(text, &spans, self.audience);
        let work = if has_letters(&masked.text) {
            let shorthand = if self.audience == Audience::Patient {
                spans
                    .iter()
                    .filter(|s| s.kind == SpanType::Abbreviation)
                    .map(|s| s.value(text).to_string())
                    .collect()
            } else {
                Vec::new()
            };
            Work::Model(ModelInput {
                masked,
                plural: None,
                shorthand,
            })
        } else {
            // Values and structure only: rendered (dates, glossary), no model.
            Work::Passthrough(unmask(&masked.text, &masked, self.target, self.bidi).text)
        };
        (
            Sentence {
                source: text.to_string(),
                work,
            },
            spans,
        )
    }

    /// A whole document.
    pub fn document(&self, text: &str) -> Document {
        let pieces = split(text);
        let mut sentences = Vec::with_capacity(pieces.len());
        let mut spans = Vec::with_capacity(pieces.len());
        for p in &pieces {
            let (s, found) = self.sentence(&p.text, Vec::new());
            sentences.push(s);
            spans.push(found);
        }
        Document {
            pieces,
            sentences,
            spans,
        }
    }
}

/// A sentence for an unprotected translation: the text as it is.
pub fn plain_sentence(text: &str) -> Sentence {
    let work = if has_letters(text) {
        Work::Model(ModelInput {
            masked: Masked {
                text: text.to_string(),
                slots: Vec::new(),
            },
            plural: None,
            shorthand: Vec::new(),
        })
    } else {
        Work::Passthrough(text.to_string())
    };
    Sentence {
        source: text.to_string(),
        work,
    }
}

/// A document for an unprotected translation.
pub fn plain_document(text: &str) -> Document {
    let pieces = split(text);
    let sentences = pieces.iter().map(|p| plain_sentence(&p.text)).collect();
    let spans = vec![Vec::new(); pieces.len()];
    Document {
        pieces,
        sentences,
        spans,
    }
}

/// Joins the outcomes of a document's sentences with its structure.
pub fn join(pieces: &[SplitSegment], outcomes: &[Outcome]) -> String {
    let mut out = String::new();
    for (p, o) in pieces.iter().zip(outcomes) {
        out.push_str(&p.prefix);
        out.push_str(&o.text);
        out.push_str(&p.suffix);
    }
    out
}

/// `first` spans, then the spans of `rest` that overlap none of them; sorted by start.
pub fn merge(first: Vec<FoundSpan>, rest: Vec<FoundSpan>) -> Vec<FoundSpan> {
    if first.is_empty() {
        return rest;
    }
    let mut out = first;
    for s in rest {
        if out.iter().all(|f| s.end <= f.start || s.start >= f.end) {
            out.push(s);
        }
    }
    out.sort_by_key(|s| s.start);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use lashon_protect::spans::ProtectOptions;

    #[test]
    fn documents_keep_structure_and_pass_values_through() {
        let finder = SpanFinder::new(ProtectOptions::new(Lang::En, Lang::He));
        let masking = Masking {
            finder: &finder,
            audience: Audience::Clinician,
            target: Lang::He,
            bidi: BidiMode::None,
        };
        let doc = masking.document("# Dose\n\n- Take 5 mg daily.\n- 2025-03-05\n");
        assert_eq!(doc.sentences.len(), 3);
        assert!(matches!(doc.sentences[1].work, Work::Model(_)));
        match &doc.sentences[2].work {
            Work::Passthrough(text) => assert_eq!(text, "5 במרץ 2025"),
            Work::Model(_) => panic!("a date alone needs no model"),
        }
        let outcomes: Vec<Outcome> = doc
            .sentences
            .iter()
            .map(|s| Outcome {
                text: s.source.clone(),
                status: lashon_protect::Status::Ok,
                issues: Vec::new(),
            })
            .collect();
        assert_eq!(
            join(&doc.pieces, &outcomes),
            "# Dose\n\n- Take 5 mg daily.\n- 2025-03-05\n"
        );
    }
}
