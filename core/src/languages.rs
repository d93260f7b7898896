//! `GET /v1/languages`: the languages the service translates.
//!
//! Hebrew, English and Russian support protected translation; the others are translated by
//! the model path unprotected. Names follow CLDR's English and native display names.

use lashon_vocab::Dir;
use serde::Serialize;

/// One supported language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Language {
    pub code: &'static str,
    pub name: &'static str,
    pub native: &'static str,
    pub dir: Dir,
}

const fn lang(code: &'static str, name: &'static str, native: &'static str, dir: Dir) -> Language {
    Language {
        code,
        name,
        native,
        dir,
    }
}

/// Every language, the three protected ones first.
pub const LANGUAGES: &[Language] = &[
    lang("he", "Hebrew", "עברית", Dir::Rtl),
    lang("en", "English", "English", Dir::Ltr),
    lang("ru", "Russian", "русский", Dir::Ltr),
    lang("ar", "Arabic", "العربية", Dir::Rtl),
    lang("am", "Amharic", "አማርኛ", Dir::Ltr),
    lang("cs", "Czech", "čeština", Dir::Ltr),
    lang("de", "German", "Deutsch", Dir::Ltr),
    lang("el", "Greek", "Ελληνικά", Dir::Ltr),
    lang("es", "Spanish", "español", Dir::Ltr),
    lang("fa", "Persian", "فارسی", Dir::Rtl),
    lang("fr", "French", "français", Dir::Ltr),
    lang("hi", "Hindi", "हिन्दी", Dir::Ltr),
    lang("hu", "Hungarian", "magyar", Dir::Ltr),
    lang("it", "Italian", "italiano", Dir::Ltr),
    lang("ja", "Japanese", "日本語", Dir::Ltr),
    lang("ko", "Korean", "한국어", Dir::Ltr),
    lang("nl", "Dutch", "Nederlands", Dir::Ltr),
    lang("pl", "Polish", "polski", Dir::Ltr),
    lang("pt", "Portuguese", "português", Dir::Ltr),
    lang("ro", "Romanian", "română", Dir::Ltr),
    lang("sv", "Swedish", "svenska", Dir::Ltr),
    lang("th", "Thai", "ไทย", Dir::Ltr),
    lang("ti", "Tigrinya", "ትግርኛ", Dir::Ltr),
    lang("tr", "Turkish", "Türkçe", Dir::Ltr),
    lang("uk", "Ukrainian", "українська", Dir::Ltr),
    lang("yi", "Yiddish", "ייִדיש", Dir::Rtl),
    lang("zh", "Chinese", "中文", Dir::Ltr),
];

/// The languages whose translation can be protected.
pub const PROTECTED: [&str; 3] = ["he", "en", "ru"];

/// `GET /v1/languages` response.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LanguagesResponse {
    pub languages: &'static [Language],
}

/// The language of `code` (a primary subtag), if supported.
pub fn find(code: &str) -> Option<&'static Language> {
    LANGUAGES.iter().find(|l| l.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lashon_bidi::detect;

    #[test]
    fn native_names_have_the_declared_direction() {
        for l in LANGUAGES {
            let d = detect(l.native);
            assert_eq!(d.dir, l.dir, "{}", l.code);
            assert!(lashon_vocab::LangTag::parse(l.code).is_ok());
        }
        assert!(find("he").is_some());
        assert!(find("xx").is_none());
    }
}
