//! Deciding how a request is translated: the languages (with `auto` detection) and whether
//! protection is on (spec, "Protected translation rules" 1–3 and translate rules 2–3).

use lashon_protect::Lang;
use lashon_vocab::{ErrorCode, LangTag, ServiceError};

use super::request::Options;
use crate::languages::LANGUAGES;

/// The languages of a request and its protection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanguagePlan {
    /// The source language used (`und` when `auto` found no letters to read).
    pub source: LangTag,
    pub target: LangTag,
    /// The protected pair when protection is on.
    pub protected: Option<ProtectedPair>,
}

/// A he/en/ru pair under protection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProtectedPair {
    pub source: Lang,
    pub target: Lang,
}

/// Parses a language field and checks it is one the service translates.
pub fn supported_tag(field: &str, value: &str) -> Result<LangTag, ServiceError> {
    let tag = LangTag::parse(value).map_err(|e| {
        ServiceError::invalid(format!(
            "{field}: {e}; send a BCP 47 code such as he, en, ru"
        ))
    })?;
    if !LANGUAGES.iter().any(|l| l.code == tag.language()) {
        return Err(ServiceError::new(
            ErrorCode::UnsupportedLanguage,
            format!(
                "{field} `{value}` is not a language the service translates; see GET /v1/languages"
            ),
        ));
    }
    Ok(tag)
}

/// The source language of `text` read from its dominant script (`auto`).
pub fn detect_source(text: &str) -> LangTag {
    lashon_bidi::detect(text).lang
}

/// Resolves the languages of a request whose texts are `texts` (all batch items are read
/// together for `auto`) and decides protection. `account_has_terms` is rule 3: an account
/// with terms is protected automatically between he, en and ru.
pub fn plan<'t>(
    options: &Options<'_>,
    texts: impl IntoIterator<Item = &'t str>,
    account_has_terms: bool,
) -> Result<LanguagePlan, ServiceError> {
    let target = supported_tag("target_lang", options.target_lang)?;
    let source = match options.source_lang {
        None | Some("auto") => {
            let joined: String = texts.into_iter().collect::<Vec<_>>().join("\n");
            detect_source(&joined)
        }
        Some(s) => supported_tag("source_lang", s)?,
    };
    if source.language() == target.language() {
        return Err(ServiceError::new(
            ErrorCode::SameLanguage,
            format!(
                "the source ({}) and target ({}) are the same language",
                source.as_str(),
                target.as_str()
            ),
        ));
    }
    let pair = protected_pair(&source, &target);
    let asked = options.asks_protection();
    let protected = match (asked, pair) {
        (true, Some(pair)) => Some(pair),
        (true, None) => {
            let outside = if Lang::from_tag(&target).is_err() {
                target.as_str()
            } else {
                source.as_str()
            };
            return Err(ServiceError::new(
                ErrorCode::UnsupportedLanguage,
                format!("protected translation works only between he, en and ru, not `{outside}`"),
            ));
        }
        // Rule 3: account terms switch protection on for the protected pairs only.
        (false, pair) if account_has_terms => pair,
        (false, _) => None,
    };
    Ok(LanguagePlan {
        source,
        target,
        protected,
    })
}

/// The protected pair of two tags. A source `auto` could not read (no letters) stands in as
/// the other protected language: such a text has nothing to translate, only values to keep.
fn protected_pair(source: &LangTag, target: &LangTag) -> Option<ProtectedPair> {
    let target_lang = Lang::from_tag(target).ok()?;
    let source_lang = if source.is_undetermined() {
        if target_lang == Lang::En {
            Lang::He
        } else {
            Lang::En
        }
    } else {
        Lang::from_tag(source).ok()?
    };
    Some(ProtectedPair {
        source: source_lang,
        target: target_lang,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::translate::request::TranslateRequest;

    fn req(json: &str) -> TranslateRequest {
        serde_json::from_str(json).unwrap()
    }

    fn code(e: ServiceError) -> &'static str {
        e.code.as_str()
    }

    #[test]
    fn auto_detects_and_refuses_the_same_language() {
        let r = req(r#"{"text": "שלום עולם", "target_lang": "en"}"#);
        let p = plan(&r.options(), [r.text.as_str()], false).unwrap();
        assert_eq!(p.source.as_str(), "he");
        assert_eq!(p.protected, None);
        let r = req(r#"{"text": "שלום", "target_lang": "he-IL"}"#);
        let e = plan(&r.options(), [r.text.as_str()], false).unwrap_err();
        assert_eq!(code(e), "same_language");
    }

    #[test]
    fn protection_fields_switch_it_on_and_need_he_en_ru() {
        let r = req(r#"{"text": "Hello", "target_lang": "he", "domain": "general"}"#);
        let p = plan(&r.options(), [r.text.as_str()], false).unwrap();
        assert_eq!(
            p.protected,
            Some(ProtectedPair {
                source: Lang::En,
                target: Lang::He
            })
        );
        let r = req(r#"{"text": "Hello", "target_lang": "fr", "protect": true}"#);
        let e = plan(&r.options(), [r.text.as_str()], false).unwrap_err();
        assert_eq!(code(e), "unsupported_language");
        // protect: false with a protection field is still protected (rule 1).
        let r = req(r#"{"text": "Hello", "target_lang": "ru", "protect": false, "glossary": {}}"#);
        assert!(plan(&r.options(), [r.text.as_str()], false)
            .unwrap()
            .protected
            .is_some());
    }

    #[test]
    fn account_terms_protect_only_the_protected_pairs() {
        let r = req(r#"{"text": "Hello", "target_lang": "he"}"#);
        assert!(plan(&r.options(), [r.text.as_str()], true)
            .unwrap()
            .protected
            .is_some());
        let r = req(r#"{"text": "Hello", "target_lang": "fr"}"#);
        let p = plan(&r.options(), [r.text.as_str()], true).unwrap();
        assert_eq!(p.protected, None);
    }

    #[test]
    fn unknown_languages_are_refused() {
        let r = req(r#"{"text": "Hello", "target_lang": "xx"}"#);
        assert_eq!(
            code(plan(&r.options(), [r.text.as_str()], false).unwrap_err()),
            "unsupported_language"
        );
        let r = req(r#"{"text": "Hello", "target_lang": "not a tag!"}"#);
        assert_eq!(
            code(plan(&r.options(), [r.text.as_str()], false).unwrap_err()),
            "invalid_request"
        );
    }

    #[test]
    fn text_without_letters_is_undetermined() {
        let r = req(r#"{"text": "₪1,200.50", "target_lang": "he", "protect": true}"#);
        let p = plan(&r.options(), [r.text.as_str()], false).unwrap();
        assert!(p.source.is_undetermined());
        assert_eq!(p.protected.unwrap().source, Lang::En);
    }
}
