//! BCP 47 language tags.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Script;

/// A well-formed BCP 47 language tag in canonical case (`he`, `en-US`, `zh-Hant-TW`), or `und`.
///
/// Parsing uses ICU4X's `icu_locale_core`, so Unicode extensions (`-u-nu-latn`) are accepted.
/// The legacy code `iw` reads as `he` and `in` as `id`, as every Hebrew-facing product meets
/// them in old Android and Java locales.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LangTag(Cow<'static, str>);

impl LangTag {
    pub const HE: LangTag = LangTag(Cow::Borrowed("he"));
    pub const EN: LangTag = LangTag(Cow::Borrowed("en"));
    pub const RU: LangTag = LangTag(Cow::Borrowed("ru"));
    pub const AR: LangTag = LangTag(Cow::Borrowed("ar"));
    /// Undetermined.
    pub const UND: LangTag = LangTag(Cow::Borrowed("und"));

    /// Parses and canonicalizes a tag.
    pub fn parse(tag: &str) -> Result<LangTag, InvalidLangTag> {
        let locale = icu_locale_core::Locale::try_from_str(tag)
            .map_err(|_| InvalidLangTag(tag.to_string()))?;
        let mut canonical = locale.to_string();
        for (legacy, modern) in [("iw", "he"), ("in", "id"), ("ji", "yi")] {
            if canonical == legacy || canonical.starts_with(&format!("{legacy}-")) {
                canonical.replace_range(..2, modern);
            }
        }
        Ok(LangTag(Cow::Owned(canonical)))
    }

    /// The tag as a string.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The primary language subtag (`en` for `en-US`).
    pub fn language(&self) -> &str {
        self.0.split('-').next().unwrap_or("und")
    }

    /// True for `und`.
    pub fn is_undetermined(&self) -> bool {
        self.language() == "und"
    }

    /// The best-effort language of a script, as the direction analysis reports it: Hebrew →
    /// `he`, Latin → `en`, Cyrillic → `ru`, Arabic → `ar`, Greek → `el`, a few other scripts
    /// with one dominant language, and `und` for everything else.
    pub fn from_script(script: Script) -> LangTag {
        let lang = match &script.0 {
            b"Hebr" => "he",
            b"Latn" => "en",
            b"Cyrl" => "ru",
            b"Arab" => "ar",
            b"Grek" => "el",
            b"Armn" => "hy",
            b"Geor" => "ka",
            b"Thai" => "th",
            b"Hang" => "ko",
            b"Hira" | b"Kana" => "ja",
            b"Hani" => "zh",
            b"Deva" => "hi",
            b"Ethi" => "am",
            b"Syrc" => "syr",
            b"Thaa" => "dv",
            _ => "und",
        };
        LangTag(Cow::Borrowed(lang))
    }
}

impl fmt::Debug for LangTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LangTag({})", self.0)
    }
}

impl fmt::Display for LangTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A string that is not a well-formed BCP 47 tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidLangTag(pub String);

impl fmt::Display for InvalidLangTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a BCP 47 language tag", self.0)
    }
}

impl std::error::Error for InvalidLangTag {}

impl Serialize for LangTag {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for LangTag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        LangTag::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_canonicalizes() {
        assert_eq!(LangTag::parse("EN-us").unwrap().as_str(), "en-US");
        assert_eq!(LangTag::parse("iw").unwrap(), LangTag::HE);
        assert_eq!(LangTag::parse("iw-IL").unwrap().as_str(), "he-IL");
        assert_eq!(LangTag::parse("he-u-nu-hebr").unwrap().language(), "he");
        assert!(LangTag::parse("").is_err());
        assert!(LangTag::parse("not a tag").is_err());
        assert!(LangTag::parse("toolongsubtag").is_err());
    }

    #[test]
    fn scripts_map_to_languages() {
        assert_eq!(LangTag::from_script(Script::HEBR), LangTag::HE);
        assert_eq!(LangTag::from_script(Script::LATN), LangTag::EN);
        assert_eq!(LangTag::from_script(Script::CYRL), LangTag::RU);
        assert_eq!(LangTag::from_script(Script::ZYYY), LangTag::UND);
        assert!(LangTag::UND.is_undetermined());
    }
}
