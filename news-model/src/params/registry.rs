//! Parameters of lookups, newsrooms, topics and the lang-only endpoints (rules 6, 7, 12).

use crate::error::NewsError;
use crate::params::query::Query;
use crate::params::stories::read_lang;
use crate::params::value::{parse_uint, Range, UintError};
use crate::reference::Lang;

/// Rule 12: a path id is an integer >= 1; anything else is a 400 (a well-formed id that names
/// nothing is the service's 404).
pub fn parse_id(name: &str, segment: &str) -> Result<i64, NewsError> {
    let bad = || NewsError::bad_request(format!("{name} must be an integer >= 1, got {segment:?}"));
    match parse_uint(segment) {
        Ok(n) if n >= 1 => i64::try_from(n).map_err(|_| bad()),
        Ok(_) | Err(UintError::NotInteger) | Err(UintError::Negative) => Err(bad()),
    }
}

/// A newsroom key from the path: any non-empty string; a key that names nothing is a 404.
pub fn parse_key(segment: &str) -> Result<&str, NewsError> {
    if segment.is_empty() {
        return Err(NewsError::bad_request("source key is empty"));
    }
    Ok(segment)
}

/// Endpoints whose only parameter is `lang` (story, person and source lookups, sources,
/// people, brief).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LangParams {
    /// Output language.
    pub lang: Lang,
}

impl LangParams {
    /// Reads `lang`.
    pub fn parse(q: &Query) -> Result<Self, NewsError> {
        Ok(Self {
            lang: read_lang(q)?,
        })
    }
}

/// `GET /sources/{key}/activity` (rule 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActivityParams {
    /// Effective days: 1 to 30, default 7, clamped above.
    pub days: u32,
}

impl ActivityParams {
    /// Applies rule 6.
    pub fn parse(q: &Query) -> Result<Self, NewsError> {
        let days = Range {
            min: 1,
            max: 30,
            raise_low: false,
            clamp_high: true,
        }
        .read("days", q.single("days")?, 7)?;
        Ok(Self { days })
    }
}

/// `GET /topics` (rule 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TopicsParams {
    /// Output language of the labels.
    pub lang: Lang,
    /// Effective days: 1 to 7, default 1, clamped above.
    pub days: u32,
}

impl TopicsParams {
    /// Applies rule 7.
    pub fn parse(q: &Query) -> Result<Self, NewsError> {
        let days = Range {
            min: 1,
            max: 7,
            raise_low: false,
            clamp_high: true,
        }
        .read("days", q.single("days")?, 1)?;
        Ok(Self {
            lang: read_lang(q)?,
            days,
        })
    }
}
