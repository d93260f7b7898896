//! The sentence engine: every sentence of a request in one model call, each answer unmasked
//! and verified, the failures retried once on the next stronger tier, the rest returned in the
//! source language.
//!
//! Status per sentence (DESIGN.md, "Status transitions per sentence"):
//!
//! - no model needed (only structure and values) → `passthrough`;
//! - the first answer passes every check → `ok`;
//! - it fails, and the answer of the retry on [`Tier::stronger`](crate::account::Tier::stronger) passes → `retried`;
//! - otherwise → `fallback`, with the source sentence as the text.
//!
//! A sentence passes when no issue of its attempt has severity `error`. Issues reported per
//! sentence: none for `ok` and `passthrough`, the first attempt's for `retried` (why it was
//! retried), the last attempt's for `fallback`.
//!
//! The retry tells the model why its first answer was refused, by issue code and a fixed
//! explanation only: issue details may quote source values, and redacted values must never
//! reach the model.

use std::collections::BTreeMap;

use lashon_protect::lexicon::audience::expansion_present;
use lashon_protect::mask::{unmask, Masked};
use lashon_protect::verify::{verify, DefinedTerms, VerifyOptions};
use lashon_protect::{passes, Audience, BidiMode, Issue, IssueCode, Lang, Status};

use super::model::{
    Instructions, ModelError, ModelSegment, PluralForm, TranslateAnswer, TranslateCall, Translator,
};

/// One sentence of a request.
#[derive(Debug, Clone)]
pub struct Sentence {
    /// The source sentence as written.
    pub source: String,
    pub work: Work,
}

/// What a sentence needs.
#[derive(Debug, Clone)]
pub enum Work {
    /// Nothing to translate: structure and values only; the text is final.
    Passthrough(String),
    /// A sentence for the model.
    Model(ModelInput),
}

/// A sentence as the model sees it.
#[derive(Debug, Clone)]
pub struct ModelInput {
    /// The masked sentence (unprotected: the sentence itself, no slots).
    pub masked: Masked,
    /// ICU: the plural form the sentence must be written in.
    pub plural: Option<PluralForm>,
    /// Clinical shorthand left unmasked for a patient (it must become plain words).
    pub shorthand: Vec<String>,
}

/// The result of one sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub text: String,
    pub status: Status,
    pub issues: Vec<Issue>,
}

/// The checks of a protected request.
#[derive(Debug, Clone)]
pub struct Checks {
    pub verify: VerifyOptions,
    pub bidi: BidiMode,
    pub audience: Audience,
    /// Legal: each defined term rendered the same way throughout.
    pub defined: Option<DefinedTerms>,
}

impl Checks {
    fn target(&self) -> Lang {
        self.verify.target
    }
}

/// One answer, checked.
struct Attempt {
    text: String,
    issues: Vec<Issue>,
}

impl Attempt {
    fn passed(&self) -> bool {
        passes(&self.issues)
    }
}

fn segment_id(i: usize) -> String {
    format!("s{i}")
}

/// Translates `sentences`: one call for every model sentence, one retry call for the failures.
/// Fails only when the first call fails as a whole (nothing is charged then); a failed retry
/// call leaves its sentences in `fallback`.
pub async fn translate_sentences(
    translator: &dyn Translator,
    instructions: &Instructions,
    sentences: &[Sentence],
    mut checks: Option<&mut Checks>,
) -> Result<Vec<Outcome>, ModelError> {
    let model_segments: Vec<ModelSegment> = sentences
        .iter()
        .enumerate()
        .filter_map(|(i, s)| match &s.work {
            Work::Model(input) => Some(ModelSegment {
                id: segment_id(i),
                text: input.masked.text.clone(),
                plural: input.plural.clone(),
                note: None,
            }),
            Work::Passthrough(_) => None,
        })
        .collect();
    let first = if model_segments.is_empty() {
        TranslateAnswer::default()
    } else {
        translator
            .translate(&TranslateCall {
                instructions: instructions.clone(),
                segments: model_segments,
            })
            .await?
    };

    // First pass, in order (defined terms learn from the sentences before).
    let mut outcomes: Vec<Option<Outcome>> = vec![None; sentences.len()];
    let mut failed: BTreeMap<usize, Attempt> = BTreeMap::new();
    for (i, s) in sentences.iter().enumerate() {
        match &s.work {
            Work::Passthrough(text) => {
                outcomes[i] = Some(Outcome {
                    text: text.clone(),
                    status: Status::Passthrough,
                    issues: Vec::new(),
                });
            }
            Work::Model(input) => {
                let attempt = check(
                    &s.source,
                    input,
                    first.get(&segment_id(i)),
                    checks.as_deref_mut(),
                );
                if attempt.passed() {
                    outcomes[i] = Some(Outcome {
                        text: attempt.text,
                        status: Status::Ok,
                        issues: Vec::new(),
                    });
                } else {
                    failed.insert(i, attempt);
                }
            }
        }
    }

    if !failed.is_empty() {
        let retry_segments: Vec<ModelSegment> = failed
            .iter()
            .filter_map(|(&i, attempt)| match &sentences[i].work {
                Work::Model(input) => Some(ModelSegment {
                    id: segment_id(i),
                    text: input.masked.text.clone(),
                    plural: input.plural.clone(),
                    note: Some(retry_note(&attempt.issues)),
                }),
                Work::Passthrough(_) => None,
            })
            .collect();
        let mut retry_instructions = instructions.clone();
        retry_instructions.tier = instructions.tier.stronger();
        let second = translator
            .translate(&TranslateCall {
                instructions: retry_instructions,
                segments: retry_segments,
            })
            .await;
        for (i, first_attempt) in failed {
            let s = &sentences[i];
            let Work::Model(input) = &s.work else {
                continue;
            };
            let outcome = match &second {
                Ok(answer) => {
                    let attempt = check(
                        &s.source,
                        input,
                        answer.get(&segment_id(i)),
                        checks.as_deref_mut(),
                    );
                    if attempt.passed() {
                        Outcome {
                            text: attempt.text,
                            status: Status::Retried,
                            issues: first_attempt.issues,
                        }
                    } else {
                        Outcome {
                            text: s.source.clone(),
                            status: Status::Fallback,
                            issues: attempt.issues,
                        }
                    }
                }
                Err(e) => {
                    let mut issues = first_attempt.issues;
                    issues.push(Issue::error(
                        IssueCode::ProviderError,
                        format!("the retry on the stronger tier failed: {e}"),
                    ));
                    Outcome {
                        text: s.source.clone(),
                        status: Status::Fallback,
                        issues,
                    }
                }
            };
            outcomes[i] = Some(outcome);
        }
    }
    Ok(outcomes
        .into_iter()
        .zip(sentences)
        .map(|(o, s)| {
            o.unwrap_or_else(|| Outcome {
                text: s.source.clone(),
                status: Status::Fallback,
                issues: Vec::new(),
            })
        })
        .collect())
}

/// Checks one answer: present, placeholders back, every verification check, the audience's
/// shorthand, defined terms.
fn check(
    source: &str,
    input: &ModelInput,
    answer: Option<&str>,
    checks: Option<&mut Checks>,
) -> Attempt {
    let Some(answer) = answer.filter(|a| !a.trim().is_empty()) else {
        return Attempt {
            text: String::new(),
            issues: vec![Issue::error(
                IssueCode::ProviderError,
                "the model gave no answer for this sentence",
            )],
        };
    };
    let Some(checks) = checks else {
        // Unprotected: any answer is taken as it is.
        return Attempt {
            text: answer.to_string(),
            issues: Vec::new(),
        };
    };
    let target = checks.target();
    let plain = unmask(answer, &input.masked, target, BidiMode::None);
    let mut issues = plain.issues;
    issues.extend(verify(source, &plain.text, &checks.verify));
    for form in &input.shorthand {
        if !expansion_present(form, checks.audience, target, &plain.text) {
            let wanted = lashon_protect::lexicon::audience::required_rendering(
                form,
                checks.audience,
                target,
            )
            .unwrap_or(form);
            issues.push(Issue::error(
                IssueCode::TermMissing,
                format!("`{form}` must be written as `{wanted}` for a patient"),
            ));
        }
    }
    if passes(&issues) {
        if let Some(defined) = checks.defined.as_mut() {
            defined.check_and_learn(source, &plain.text, &mut issues);
        }
    }
    let text = if checks.bidi == BidiMode::Isolate && target == Lang::He {
        unmask(answer, &input.masked, target, BidiMode::Isolate).text
    } else {
        plain.text
    };
    Attempt { text, issues }
}

/// Why a retry is asked, in words that quote nothing from the source.
fn retry_note(issues: &[Issue]) -> String {
    let mut reasons: Vec<&'static str> = issues
        .iter()
        .filter(|i| i.severity == lashon_protect::Severity::Error)
        .map(|i| explain(i.code))
        .collect();
    reasons.sort_unstable();
    reasons.dedup();
    format!(
        "Your previous answer for this segment was refused: {}. Translate it again and fix this.",
        reasons.join("; ")
    )
}

/// A fixed explanation of an issue code.
fn explain(code: IssueCode) -> &'static str {
    match code {
        IssueCode::PlaceholderMissing => "a ⟦N⟧ token was dropped, changed or invented; copy every token exactly once",
        IssueCode::PlaceholderDuplicated => "a ⟦N⟧ token was written more than once",
        IssueCode::TermMissing => "a required term or its required rendering is missing",
        IssueCode::DateMissing => "a date of the source is missing or changed",
        IssueCode::NumberAdded => "the translation states a number the source does not",
        IssueCode::NumberMissing => "a number of the source is missing or changed",
        IssueCode::DigitsAdded => "the translation has digits the source does not",
        IssueCode::NegationLost => "a negation of the source is missing",
        IssueCode::LateralityLost => "a side (left/right) of the source is missing",
        IssueCode::LateralitySwapped => "left and right are swapped",
        IssueCode::GenderMismatch => "the grammatical gender does not match the one asked for",
        IssueCode::LengthRatio => "the length is far from the source's",
        IssueCode::DirectionSwapped => "a money direction (credit/debit, buy/sell, increase/decrease, who owes whom) is swapped",
        IssueCode::DirectionLost => "a money direction of the source is missing",
        IssueCode::ModalityChanged => "the modality (shall, may, shall not, is not required to) changed",
        IssueCode::DefinedTermChanged => "a defined term is rendered differently from before",
        IssueCode::Meaning => "the meaning changed",
        IssueCode::ProviderError => "there was no answer for this segment",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::translate::model::{
        AnsweredSegment, BoxFuture, ReviewAnswer, ReviewCall, TranslateCall,
    };
    use crate::translate::Tier;
    use lashon_protect::mask::mask;
    use lashon_protect::spans::{ProtectOptions, SpanFinder};
    use std::sync::Mutex;

    /// Answers from a script per tier, recording the calls.
    struct Scripted {
        answers: Vec<(Tier, Vec<(&'static str, &'static str)>)>,
        calls: Mutex<Vec<TranslateCall>>,
    }

    impl Translator for Scripted {
        fn translate<'a>(
            &'a self,
            call: &'a TranslateCall,
        ) -> BoxFuture<'a, Result<TranslateAnswer, ModelError>> {
            self.calls.lock().unwrap().push(call.clone());
            let tier = call.instructions.tier;
            let segments = self
                .answers
                .iter()
                .filter(|(t, _)| *t == tier)
                .flat_map(|(_, a)| a.iter())
                .filter(|(id, _)| call.segments.iter().any(|s| s.id == *id))
                .map(|(id, text)| AnsweredSegment {
                    id: id.to_string(),
                    text: text.to_string(),
                })
                .collect();
            Box::pin(async move { Ok(TranslateAnswer { segments }) })
        }

        fn review<'a>(
            &'a self,
            _call: &'a ReviewCall,
        ) -> BoxFuture<'a, Result<ReviewAnswer, ModelError>> {
            Box::pin(async { Ok(ReviewAnswer::default()) })
        }
    }

    fn block_on<F: std::future::Future>(f: F) -> F::Output {
        // The scripted translator never suspends: one poll completes the future.
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        let mut f = std::pin::pin!(f);
        match f.as_mut().poll(&mut cx) {
            std::task::Poll::Ready(v) => v,
            std::task::Poll::Pending => panic!("the scripted translator suspended"),
        }
    }

    fn sentence(text: &str) -> Sentence {
        let finder = SpanFinder::new(ProtectOptions::new(Lang::En, Lang::He));
        let spans = finder.find(text);
        Sentence {
            source: text.to_string(),
            work: Work::Model(ModelInput {
                masked: mask(text, &spans, Audience::Clinician),
                plural: None,
                shorthand: Vec::new(),
            }),
        }
    }

    fn instructions() -> Instructions {
        Instructions::new("en", "he", Tier::Balanced)
    }

    fn checks() -> Checks {
        Checks {
            verify: VerifyOptions::new(Lang::En, Lang::He),
            bidi: BidiMode::None,
            audience: Audience::Clinician,
            defined: None,
        }
    }

    #[test]
    fn ok_retried_fallback_and_passthrough() {
        let sentences = vec![
            sentence("Pay $50 today."),
            sentence("Do not pay $20 tomorrow."),
            sentence("Call 555-1234 now."),
            Sentence {
                source: "$5".into(),
                work: Work::Passthrough("$5".into()),
            },
        ];
        let t = Scripted {
            answers: vec![
                (
                    Tier::Balanced,
                    vec![
                        ("s0", "שלמו ⟦0⟧ היום."),
                        ("s1", "שלמו ⟦0⟧ מחר."),
                        ("s2", "התקשרו עכשיו."),
                    ],
                ),
                (Tier::Smartest, vec![("s1", "אל תשלמו ⟦0⟧ מחר.")]),
            ],
            calls: Mutex::new(Vec::new()),
        };
        let mut c = checks();
        let out = block_on(translate_sentences(
            &t,
            &instructions(),
            &sentences,
            Some(&mut c),
        ))
        .unwrap();
        assert_eq!(out[0].status, Status::Ok);
        assert_eq!(out[0].text, "שלמו $50 היום.");
        assert!(out[0].issues.is_empty());
        assert_eq!(out[1].status, Status::Retried);
        assert_eq!(out[1].text, "אל תשלמו $20 מחר.");
        assert!(out[1]
            .issues
            .iter()
            .any(|i| i.code == IssueCode::NegationLost));
        assert_eq!(out[2].status, Status::Fallback);
        assert_eq!(out[2].text, "Call 555-1234 now.");
        assert_eq!(out[3].status, Status::Passthrough);

        let calls = t.calls.lock().unwrap();
        assert_eq!(calls.len(), 2);
        assert_eq!(calls[0].segments.len(), 3);
        assert_eq!(calls[1].instructions.tier, Tier::Smartest);
        let retried: Vec<&str> = calls[1].segments.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(retried, ["s1", "s2"]);
        let note = calls[1].segments[0].note.as_deref().unwrap();
        assert!(note.contains("negation"), "{note}");
        assert!(!note.contains("20"), "notes quote nothing: {note}");
    }

    #[test]
    fn no_model_call_when_everything_passes_through() {
        let sentences = vec![Sentence {
            source: "42".into(),
            work: Work::Passthrough("42".into()),
        }];
        let t = Scripted {
            answers: vec![],
            calls: Mutex::new(Vec::new()),
        };
        let out = block_on(translate_sentences(&t, &instructions(), &sentences, None)).unwrap();
        assert_eq!(out[0].status, Status::Passthrough);
        assert!(t.calls.lock().unwrap().is_empty());
    }

    #[test]
    fn isolates_wrap_values_in_hebrew_output() {
        let sentences = vec![sentence("Pay $50 today.")];
        let t = Scripted {
            answers: vec![(Tier::Balanced, vec![("s0", "שלמו ⟦0⟧ היום.")])],
            calls: Mutex::new(Vec::new()),
        };
        let mut c = checks();
        c.bidi = BidiMode::Isolate;
        let out = block_on(translate_sentences(
            &t,
            &instructions(),
            &sentences,
            Some(&mut c),
        ))
        .unwrap();
        assert_eq!(out[0].text, "שלמו \u{2068}$50\u{2069} היום.");
    }
}
