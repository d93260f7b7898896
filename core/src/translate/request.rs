//! `POST /v1/translate` and `POST /v1/translate/batch` requests: fields, defaults and the
//! spec's limits ("Translate request", "Batch translate request", "Limits").
//!
//! Both requests carry the same optional fields. serde cannot combine `flatten` with
//! `deny_unknown_fields`, so the two structs are written out by one macro and share the
//! [`Options`] view of their fields.

use std::collections::BTreeMap;

use lashon_protect::{Audience, BidiMode, DateOrder, DateStyle, Domain, Gender};
use lashon_vocab::ServiceError;
use serde::{Deserialize, Serialize};

use crate::account::Tier;
use crate::limits::{char_count, check_text};

/// Translate `text`: 1 to 20,000 characters.
pub const TEXT_CHARS: usize = 20_000;
/// Batch: 1 to 50 items.
pub const BATCH_ITEMS: usize = 50;
/// Batch: each item 1 to 5,000 characters.
pub const BATCH_ITEM_CHARS: usize = 5_000;
/// A protected batch carries at most 20,000 characters in all.
pub const PROTECTED_BATCH_CHARS: usize = 20_000;
/// `protected_terms`: at most 500 items of 1 to 200 characters.
pub const PROTECTED_TERMS: usize = 500;
/// `redact_terms`: at most 200 items of 1 to 200 characters.
pub const REDACT_TERMS: usize = 200;
/// `glossary`: at most 500 entries, values 1 to 200 characters.
pub const GLOSSARY_ENTRIES: usize = 500;
/// Longest term, redaction or glossary value.
pub const TERM_CHARS: usize = 200;

/// The schema's pattern of `target_lang` (written out in the schema attribute, which takes
/// only a literal; the OpenAPI test of the HTTP adapter checks the two agree): a language of `GET /v1/languages` with optional
/// subtags (`he`, `he-IL`, `zh-Hant`).
pub const LANGUAGE_PATTERN: &str = "^(he|en|ru|ar|am|cs|de|el|es|fa|fr|hi|hu|it|ja|ko|nl|pl|pt|ro|sv|th|ti|tr|uk|yi|zh)(-[A-Za-z0-9]{1,8})*$";
/// The pattern of `source_lang`: the same, or `auto`.
pub const SOURCE_LANGUAGE_PATTERN: &str = "^(auto|(he|en|ru|ar|am|cs|de|el|es|fa|fr|hi|hu|it|ja|ko|nl|pl|pt|ro|sv|th|ti|tr|uk|yi|zh)(-[A-Za-z0-9]{1,8})*)$";

/// Grammatical gender of the reader (`gender`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ReaderGender {
    Male,
    Female,
    General,
}

impl ReaderGender {
    pub fn as_str(self) -> &'static str {
        match self {
            ReaderGender::Male => "male",
            ReaderGender::Female => "female",
            ReaderGender::General => "general",
        }
    }
}

/// `message_format`: only `icu`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum MessageFormat {
    Icu,
}

/// The optional fields of both requests, borrowed.
#[derive(Debug, Clone, Copy)]
pub struct Options<'r> {
    pub target_lang: &'r str,
    pub source_lang: Option<&'r str>,
    pub transliterate: bool,
    pub quality: Tier,
    pub gender: Option<ReaderGender>,
    pub message_format: Option<MessageFormat>,
    pub protect: Option<bool>,
    pub domain: Option<Domain>,
    pub audience: Option<Audience>,
    pub protected_terms: Option<&'r [String]>,
    pub redact_terms: Option<&'r [String]>,
    pub glossary: Option<&'r BTreeMap<String, String>>,
    pub listener_gender: Option<Gender>,
    pub speaker_gender: Option<Gender>,
    pub patient_gender: Option<Gender>,
    pub date_order: Option<DateOrder>,
    pub date_style: Option<DateStyle>,
    pub bidi: Option<BidiMode>,
}

impl Options<'_> {
    /// Protected translation rule 1: `protect` is true, or a protection field is present.
    /// (`message_format: icu` is always protected; rule 3, account terms, is decided later.)
    pub fn asks_protection(&self) -> bool {
        self.protect == Some(true)
            || self.protected_terms.is_some()
            || self.redact_terms.is_some()
            || self.glossary.is_some()
            || self.listener_gender.is_some()
            || self.speaker_gender.is_some()
            || self.domain.is_some()
            || self.date_order.is_some()
            || self.date_style.is_some()
            || self.message_format.is_some()
    }

    /// Checks the list limits shared by both requests.
    pub fn validate(&self) -> Result<(), ServiceError> {
        check_text("target_lang", self.target_lang, 35)?;
        if let Some(s) = self.source_lang {
            check_text("source_lang", s, 35)?;
        }
        if let Some(terms) = self.protected_terms {
            check_list("protected_terms", terms, PROTECTED_TERMS)?;
        }
        if let Some(terms) = self.redact_terms {
            check_list("redact_terms", terms, REDACT_TERMS)?;
        }
        if let Some(glossary) = self.glossary {
            check_glossary(glossary)?;
        }
        Ok(())
    }
}

/// A list of terms: at most `max` items of 1 to 200 characters.
pub fn check_list(name: &str, items: &[String], max: usize) -> Result<(), ServiceError> {
    if items.len() > max {
        return Err(ServiceError::invalid(format!(
            "{name} holds {} items; at most {max} are allowed",
            items.len()
        )));
    }
    for (i, item) in items.iter().enumerate() {
        check_text(&format!("{name}[{i}]"), item, TERM_CHARS)?;
    }
    Ok(())
}

/// A glossary: at most 500 entries; values 1 to 200 characters. The spec bounds only the
/// values; a source term is held to the same 200 characters as every other term (it is text
/// matched against the request, and no term of a 20,000-character text is longer), and an
/// empty one matches nothing and is left out ([`usable_glossary`]).
pub fn check_glossary(glossary: &BTreeMap<String, String>) -> Result<(), ServiceError> {
    if glossary.len() > GLOSSARY_ENTRIES {
        return Err(ServiceError::invalid(format!(
            "glossary holds {} entries; at most {GLOSSARY_ENTRIES} are allowed",
            glossary.len()
        )));
    }
    for (k, v) in glossary {
        let name = format!("glossary[{:?}]", preview(k));
        if char_count(k, TERM_CHARS) > TERM_CHARS {
            return Err(ServiceError::invalid(format!(
                "the source term of {name} is longer than {TERM_CHARS} characters"
            )));
        }
        check_text(&name, v, TERM_CHARS)?;
    }
    Ok(())
}

/// The start of a term for an error message: a message never echoes a whole oversize input.
fn preview(term: &str) -> String {
    const SHOWN: usize = 40;
    match term.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &term[..end]),
        None => term.to_string(),
    }
}

/// The glossary entries that can match: those with a source term that has a letter or digit.
pub fn usable_glossary(glossary: Option<&BTreeMap<String, String>>) -> BTreeMap<String, String> {
    glossary
        .into_iter()
        .flatten()
        .filter(|(k, _)| k.chars().any(char::is_alphanumeric))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// Writes a request struct with the fields both requests share after its own.
macro_rules! translate_request {
    (
        $(#[$meta:meta])*
        pub struct $name:ident { $($(#[$fmeta:meta])* pub $field:ident : $ty:ty,)* }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            $($(#[$fmeta])* pub $field: $ty,)*
            /// BCP 47 code of the target language; see `GET /v1/languages`.
            #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 35, pattern = "^(he|en|ru|ar|am|cs|de|el|es|fa|fr|hi|hu|it|ja|ko|nl|pl|pt|ro|sv|th|ti|tr|uk|yi|zh)(-[A-Za-z0-9]{1,8})*$"))]
            pub target_lang: String,
            /// BCP 47 code, or `auto` (default) to detect.
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false, min_length = 1, max_length = 35, pattern = "^(auto|(he|en|ru|ar|am|cs|de|el|es|fa|fr|hi|hu|it|ja|ko|nl|pl|pt|ro|sv|th|ti|tr|uk|yi|zh)(-[A-Za-z0-9]{1,8})*)$"))]
            pub source_lang: Option<String>,
            /// Adds a Latin transliteration when the target is Hebrew.
            #[serde(default)]
            pub transliterate: bool,
            /// `fast`, `balanced` (default) or `smartest`.
            #[serde(default)]
            pub quality: Tier,
            /// Grammatical gender of the reader where the target marks it.
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false))]
            pub gender: Option<ReaderGender>,
            /// Accepted, no effect: request text is never stored.
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false))]
            pub store: Option<bool>,
            /// `icu`: the text is an ICU MessageFormat message (always protected).
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false))]
            pub message_format: Option<MessageFormat>,
            /// Enables protection (he, en, ru only).
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false))]
            pub protect: Option<bool>,
            /// Any value implies protection.
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false))]
            pub domain: Option<Domain>,
            /// Clinical register: `clinician` (default) keeps shorthand, `patient` writes words.
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false))]
            pub audience: Option<Audience>,
            /// Kept exactly; added to the account terms for this request.
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false, max_items = 500, inline, value_type = Vec<crate::translate::request::TermString>))]
            pub protected_terms: Option<Vec<String>>,
            /// Kept exactly and never shown to the model.
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false, max_items = 200, inline, value_type = Vec<crate::translate::request::TermString>))]
            pub redact_terms: Option<Vec<String>>,
            /// Source term → required target rendering; wins over an account term.
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false, value_type = crate::translate::request::Glossary))]
            pub glossary: Option<BTreeMap<String, String>>,
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false))]
            pub listener_gender: Option<Gender>,
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false))]
            pub speaker_gender: Option<Gender>,
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false))]
            pub patient_gender: Option<Gender>,
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false))]
            pub date_order: Option<DateOrder>,
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false))]
            pub date_style: Option<DateStyle>,
            #[serde(default, deserialize_with = "crate::strict_json::present")]
            #[cfg_attr(feature = "openapi", schema(nullable = false))]
            pub bidi: Option<BidiMode>,
        }

        impl $name {
            /// The shared fields.
            pub fn options(&self) -> Options<'_> {
                Options {
                    target_lang: &self.target_lang,
                    source_lang: self.source_lang.as_deref(),
                    transliterate: self.transliterate,
                    quality: self.quality,
                    gender: self.gender,
                    message_format: self.message_format,
                    protect: self.protect,
                    domain: self.domain,
                    audience: self.audience,
                    protected_terms: self.protected_terms.as_deref(),
                    redact_terms: self.redact_terms.as_deref(),
                    glossary: self.glossary.as_ref(),
                    listener_gender: self.listener_gender,
                    speaker_gender: self.speaker_gender,
                    patient_gender: self.patient_gender,
                    date_order: self.date_order,
                    date_style: self.date_style,
                    bidi: self.bidi,
                }
            }
        }
    };
}

translate_request! {
    /// `POST /v1/translate`.
    pub struct TranslateRequest {
        /// 1 to 20,000 characters; counts toward the character quota.
        #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 20000))]
        pub text: String,
    }
}

translate_request! {
    /// `POST /v1/translate/batch`.
    pub struct BatchRequest {
        /// 1 to 50 items of 1 to 5,000 characters; a protected batch at most 20,000 in all.
        #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 50, inline, value_type = Vec<crate::translate::request::BatchItem>))]
        pub items: Vec<String>,
    }
}

/// Schema helpers: a term (1 to 200 characters), a batch item (1 to 5,000), a glossary. They
/// exist only to describe the JSON; the fields stay `String`s and maps.
#[cfg(feature = "openapi")]
mod schema_types {
    use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
    use utoipa::openapi::RefOr;
    use utoipa::{PartialSchema, ToSchema};

    fn string(max: usize) -> ObjectBuilder {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(max))
    }

    /// A term: 1 to 200 characters.
    pub struct TermString;

    impl PartialSchema for TermString {
        fn schema() -> RefOr<Schema> {
            string(200).into()
        }
    }

    impl ToSchema for TermString {}

    /// A batch item: 1 to 5,000 characters.
    pub struct BatchItem;

    impl PartialSchema for BatchItem {
        fn schema() -> RefOr<Schema> {
            string(5000).into()
        }
    }

    impl ToSchema for BatchItem {}

    /// Source term → required target rendering (at most 500 entries, values 1 to 200).
    pub struct Glossary;

    impl PartialSchema for Glossary {
        fn schema() -> RefOr<Schema> {
            ObjectBuilder::new()
                .schema_type(Type::Object)
                .max_properties(Some(500))
                .additional_properties(Some(string(200)))
                .into()
        }
    }

    impl ToSchema for Glossary {}
}
#[cfg(feature = "openapi")]
pub use schema_types::{BatchItem, Glossary, TermString};

impl TranslateRequest {
    /// Field limits (the language checks need the account and run when the request is
    /// prepared).
    pub fn validate(&self) -> Result<(), ServiceError> {
        check_text("text", &self.text, TEXT_CHARS)?;
        self.options().validate()
    }
}

impl BatchRequest {
    /// Item counts and lengths; the protected total is checked once protection is decided.
    pub fn validate(&self) -> Result<(), ServiceError> {
        if self.items.is_empty() || self.items.len() > BATCH_ITEMS {
            return Err(ServiceError::invalid(format!(
                "items must hold 1 to {BATCH_ITEMS} strings (got {})",
                self.items.len()
            )));
        }
        for (i, item) in self.items.iter().enumerate() {
            check_text(&format!("items[{i}]"), item, BATCH_ITEM_CHARS)?;
        }
        self.options().validate()
    }

    /// Characters of every item (the protected batch limit).
    pub fn total_chars(&self) -> usize {
        self.items
            .iter()
            .map(|i| char_count(i, BATCH_ITEM_CHARS))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_patterns_list_every_language() {
        let codes: Vec<&str> = crate::languages::LANGUAGES.iter().map(|l| l.code).collect();
        let listed = format!("^({})(-[A-Za-z0-9]{{1,8}})*$", codes.join("|"));
        assert_eq!(LANGUAGE_PATTERN, listed);
        assert_eq!(
            SOURCE_LANGUAGE_PATTERN,
            format!("^(auto|({})(-[A-Za-z0-9]{{1,8}})*)$", codes.join("|"))
        );
    }

    #[test]
    fn glossary_values_are_bounded_and_empty_terms_ignored() {
        let mut g = BTreeMap::new();
        g.insert(String::new(), "x".to_string());
        g.insert("BID".to_string(), "פעמיים ביום".to_string());
        assert!(check_glossary(&g).is_ok());
        assert_eq!(usable_glossary(Some(&g)).len(), 1);
        g.insert("a".to_string(), String::new());
        assert!(check_glossary(&g).is_err());
    }
}
