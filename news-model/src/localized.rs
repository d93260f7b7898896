//! Text held in English and Hebrew, read with field-by-field fallback (spec, "Language").
//!
//! Hebrew output falls back to English where a translation is missing, and the reverse (an
//! article of a Hebrew newsroom may have no English headline yet), so a required field is never
//! empty. Every field falls back on its own: a Hebrew headline with an English-only summary is
//! answered as such.

use serde::{Deserialize, Serialize};

use crate::reference::Lang;

/// A text in up to two languages.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Localized {
    /// English text, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub en: Option<String>,
    /// Hebrew text, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub he: Option<String>,
}

impl Localized {
    /// English and Hebrew.
    pub fn both(en: impl Into<String>, he: impl Into<String>) -> Self {
        Self {
            en: Some(en.into()),
            he: Some(he.into()),
        }
    }

    /// English only.
    pub fn en(en: impl Into<String>) -> Self {
        Self {
            en: Some(en.into()),
            he: None,
        }
    }

    /// Hebrew only.
    pub fn he(he: impl Into<String>) -> Self {
        Self {
            en: None,
            he: Some(he.into()),
        }
    }

    /// The text stored for exactly `lang`, no fallback (export uses this, rule 11).
    pub fn exact(&self, lang: Lang) -> Option<&str> {
        let text = match lang {
            Lang::En => self.en.as_deref(),
            Lang::He => self.he.as_deref(),
        };
        text.filter(|t| !t.trim().is_empty())
    }

    /// The text in `lang`, else in the other language, with the language actually used.
    pub fn pick(&self, lang: Lang) -> Option<(&str, Lang)> {
        self.exact(lang)
            .map(|t| (t, lang))
            .or_else(|| self.exact(lang.other()).map(|t| (t, lang.other())))
    }

    /// [`Localized::pick`] as an owned string, or `None` when neither language has text.
    pub fn render(&self, lang: Lang) -> Option<String> {
        self.pick(lang).map(|(t, _)| t.to_owned())
    }

    /// Like [`Localized::render`] but never absent: an empty string when nothing is stored.
    pub fn render_required(&self, lang: Lang) -> String {
        self.render(lang).unwrap_or_default()
    }

    /// Whether neither language holds text.
    pub fn is_empty(&self) -> bool {
        self.exact(Lang::En).is_none() && self.exact(Lang::He).is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn falls_back_field_by_field() {
        let both = Localized::both("Budget passes", "התקציב עבר");
        assert_eq!(both.pick(Lang::He), Some(("התקציב עבר", Lang::He)));
        assert_eq!(both.pick(Lang::En), Some(("Budget passes", Lang::En)));
        let en_only = Localized::en("Storm warning");
        assert_eq!(en_only.pick(Lang::He), Some(("Storm warning", Lang::En)));
        let he_only = Localized::he("אזהרת סערה");
        assert_eq!(he_only.pick(Lang::En), Some(("אזהרת סערה", Lang::He)));
        assert_eq!(he_only.exact(Lang::En), None);
        let blank = Localized {
            en: Some("x".into()),
            he: Some("  ".into()),
        };
        assert_eq!(blank.pick(Lang::He), Some(("x", Lang::En)));
        assert!(Localized::default().is_empty());
        assert_eq!(Localized::default().render(Lang::He), None);
    }
}
