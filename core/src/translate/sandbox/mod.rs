//! The sandbox engine: what a sandbox key (`lsk_test_…`) translates with. No model is called.
//!
//! A sentence is pseudo-translated word by word: words the verification checks read
//! (negation, left/right, number words, money direction, modal phrases) become the target
//! language's words for the same meaning ([`concepts`]); every other word is written in the
//! target script ([`script`]: Latin ↔ Hebrew with the project's transliteration, Cyrillic by
//! table; scripts without a rule keep the word). Placeholders are copied, so every protected
//! value comes back exactly, and the whole pipeline — protection, ICU plural rewriting,
//! verification, retries, bidi — runs offline and gives the same answer every time.
//!
//! ```
//! use lashon_core::translate::sandbox::pseudo_translate;
//!
//! assert_eq!(pseudo_translate("Do not pay ⟦0⟧ today.", "en", "he"), "דו לא פיי ⟦0⟧ טודיי.");
//! assert_eq!(pseudo_translate("Google", "en", "ru"), "Гоогле");
//! ```

pub mod concepts;
pub mod script;

use lashon_protect::Lang;
use lashon_vocab::{LangTag, Script};

use super::model::{
    AnsweredSegment, BoxFuture, ModelError, ReviewAnswer, ReviewCall, TranslateAnswer,
    TranslateCall, Translator,
};

/// The sandbox translator.
#[derive(Debug, Clone, Copy, Default)]
pub struct Sandbox;

impl Translator for Sandbox {
    fn translate<'a>(
        &'a self,
        call: &'a TranslateCall,
    ) -> BoxFuture<'a, Result<TranslateAnswer, ModelError>> {
        let i = &call.instructions;
        let segments = call
            .segments
            .iter()
            .map(|s| AnsweredSegment {
                id: s.id.clone(),
                text: with_renderings(&s.text, &i.glossary, |part| {
                    pseudo_translate(part, &i.source_lang, &i.target_lang)
                }),
            })
            .collect();
        Box::pin(async move { Ok(TranslateAnswer { segments }) })
    }

    /// The sandbox reviewer finds no meaning change: the deterministic checks are the ones a
    /// sandbox integration can test against.
    fn review<'a>(
        &'a self,
        _call: &'a ReviewCall,
    ) -> BoxFuture<'a, Result<ReviewAnswer, ModelError>> {
        Box::pin(async { Ok(ReviewAnswer::default()) })
    }
}

/// Writes each glossary term of the instructions (a patient's plain words for `BID`) as its
/// required rendering and pseudo-translates the text around it.
fn with_renderings(
    text: &str,
    glossary: &[super::model::TermRendering],
    translate: impl Fn(&str) -> String,
) -> String {
    let found = glossary
        .iter()
        .filter(|g| !g.source.is_empty())
        .find_map(|g| {
            text.match_indices(g.source.as_str())
                .find(|(at, _)| {
                    let before = text[..*at].chars().next_back();
                    let after = text[at + g.source.len()..].chars().next();
                    !before.is_some_and(char::is_alphanumeric)
                        && !after.is_some_and(char::is_alphanumeric)
                })
                .map(|(at, _)| (at, g))
        });
    match found {
        Some((at, g)) => {
            let rest = &text[at + g.source.len()..];
            format!(
                "{}{}{}",
                translate(&text[..at]),
                g.target,
                with_renderings(rest, glossary, translate)
            )
        }
        None => translate(text),
    }
}

/// The script a language is written in, for the languages with a transliteration rule.
fn target_script(lang: &str) -> Script {
    match LangTag::parse(lang).as_ref().map(LangTag::language) {
        Ok("he" | "yi") => Script::HEBR,
        Ok("ru" | "uk") => Script::CYRL,
        Ok("ar" | "fa") => Script::ARAB,
        Ok(_) => Script::LATN,
        Err(_) => Script::ZYYY,
    }
}

fn protected_lang(lang: &str) -> Option<Lang> {
    LangTag::parse(lang)
        .ok()
        .and_then(|t| Lang::from_tag(&t).ok())
}

/// A word: letters and marks, with inner apostrophes, gershayim and hyphens between letters.
fn word_end(text: &str, start: usize) -> usize {
    let mut end = start;
    let mut it = text[start..].char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let letter = c.is_alphabetic() || is_mark(c);
        let inner = matches!(c, '\'' | '’' | '"' | '״' | '׳' | '-')
            && it.peek().is_some_and(|(_, n)| n.is_alphabetic());
        if letter || (inner && end > start) {
            end = start + i + c.len_utf8();
        } else {
            break;
        }
    }
    end
}

fn is_mark(c: char) -> bool {
    matches!(c, '\u{0591}'..='\u{05C7}' | '\u{0300}'..='\u{036F}')
}

/// Pseudo-translates one (masked) sentence from `source` to `target` (BCP 47 codes).
pub fn pseudo_translate(text: &str, source: &str, target: &str) -> String {
    let script = target_script(target);
    let langs = protected_lang(source).zip(protected_lang(target));
    let modal = match langs {
        Some((from, to)) => concepts::modal_phrases(text, from, to),
        None => Vec::new(),
    };
    let mut out = String::with_capacity(text.len() * 2);
    let mut pos = 0;
    let mut modal = modal.into_iter().peekable();
    while pos < text.len() {
        if let Some(&(start, end, rendering)) = modal.peek() {
            if start == pos {
                out.push_str(rendering);
                pos = end;
                modal.next();
                continue;
            }
        }
        let Some(c) = text[pos..].chars().next() else {
            break;
        };
        if c.is_alphabetic() {
            let mut end = word_end(text, pos);
            if let Some(&(start, _, _)) = modal.peek() {
                end = end.min(start.max(pos + c.len_utf8()));
            }
            let word = &text[pos..end];
            let glued_prefix = text[end..].starts_with('⟦');
            let meaning = langs.and_then(|(from, to)| {
                glued_prefix
                    .then(|| concepts::prefix_word(word, from, to))
                    .flatten()
                    .map(str::to_string)
                    .or_else(|| concepts::concept_word(word, from, to))
            });
            match meaning {
                Some(meaning) => out.push_str(&meaning),
                None => out.push_str(&script::into_script(word, script)),
            }
            pos = end;
        } else {
            out.push(c);
            pos += c.len_utf8();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use lashon_protect::verify::{verify, VerifyOptions};
    use lashon_protect::{passes, Domain};

    fn passes_checks(source: &str, from: Lang, to: Lang, domain: Domain) -> (String, bool) {
        let out = pseudo_translate(source, from.as_str(), to.as_str());
        let mut opts = VerifyOptions::new(from, to);
        opts.domain = domain;
        let issues = verify(source, &out, &opts);
        (out.clone(), passes(&issues))
    }

    #[test]
    fn placeholders_and_punctuation_are_kept() {
        let out = pseudo_translate("Pay ⟦0⟧ to ⟦1⟧, please!", "en", "he");
        assert!(out.contains("⟦0⟧") && out.contains("⟦1⟧"), "{out}");
        assert!(out.ends_with('!'));
        assert_eq!(
            pseudo_translate("Pay ⟦0⟧ now.", "en", "he"),
            pseudo_translate("Pay ⟦0⟧ now.", "en", "he")
        );
    }

    #[test]
    fn pseudo_translations_pass_the_checks() {
        let cases = [
            (
                "Do not take more than two tablets.",
                Lang::En,
                Lang::He,
                Domain::General,
            ),
            (
                "Apply to the left knee twice a day.",
                Lang::En,
                Lang::He,
                Domain::Clinical,
            ),
            (
                "אל תיקח יותר משני כדורים ביום.",
                Lang::He,
                Lang::En,
                Domain::General,
            ),
            (
                "הכאב ביד ימין לא עבר.",
                Lang::He,
                Lang::Ru,
                Domain::Clinical,
            ),
            (
                "The amount was credited to your account.",
                Lang::En,
                Lang::He,
                Domain::Finance,
            ),
            (
                "The tenant shall not sublet the apartment.",
                Lang::En,
                Lang::He,
                Domain::Legal,
            ),
            (
                "The buyer may cancel within fourteen days.",
                Lang::En,
                Lang::Ru,
                Domain::Legal,
            ),
            (
                "Не принимайте лекарство натощак.",
                Lang::Ru,
                Lang::He,
                Domain::General,
            ),
        ];
        for (source, from, to, domain) in cases {
            let (out, ok) = passes_checks(source, from, to, domain);
            assert!(ok, "{source} → {out}");
        }
    }

    #[test]
    fn glossary_renderings_and_glued_prefixes() {
        let glossary = vec![crate::translate::model::TermRendering {
            source: "BID".into(),
            target: "פעמיים ביום".into(),
        }];
        let out = with_renderings("Take ⟦0⟧ PO BID.", &glossary, |t| {
            pseudo_translate(t, "en", "he")
        });
        assert!(out.ends_with(" פעמיים ביום."), "{out}");
        assert_eq!(pseudo_translate("ב⟦1⟧?", "he", "en"), "in ⟦1⟧?");
        assert_eq!(pseudo_translate("ב⟦1⟧?", "he", "ru"), "в ⟦1⟧?");
    }

    #[test]
    fn other_languages_change_script_or_stay() {
        assert_eq!(pseudo_translate("Bonjour", "fr", "en"), "Bonjour");
        assert_eq!(pseudo_translate("שלום", "he", "ar"), "שלום");
        assert!(pseudo_translate("привет", "ru", "de").is_ascii());
    }
}
