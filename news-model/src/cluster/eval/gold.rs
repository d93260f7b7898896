//! Gold-labelled articles as JSON lines: `id`, `source`, `publishedAt` (RFC 3339),
//! `headline`, optional `summary` and `language`, and `story` (the gold story id; `gold` is
//! read as well, the name the crate's own fixture uses). A line without a story is context:
//! clustered with the rest, as the stream a service saw before, and never scored. The caller
//! reads the file; this reads its text.

use std::fmt;

use chrono::{DateTime, FixedOffset};
use serde::Deserialize;

/// One labelled article.
#[derive(Debug, Clone, PartialEq)]
pub struct GoldArticle {
    /// The line's `id`, or its line number when it has none.
    pub id: String,
    pub source: String,
    /// As written (its offset kept for showing local times).
    pub published_at: DateTime<FixedOffset>,
    pub headline: String,
    pub summary: String,
    pub language: Option<String>,
    /// The gold story; `None` for a context article (clustered, never scored).
    pub story: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Id {
    Text(String),
    Number(i64),
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Line {
    #[serde(default)]
    id: Option<Id>,
    source: String,
    published_at: DateTime<FixedOffset>,
    headline: String,
    #[serde(default)]
    summary: Option<String>,
    #[serde(default)]
    language: Option<String>,
    #[serde(default, alias = "gold")]
    story: Option<String>,
}

/// A line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoldError {
    /// 1-based.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for GoldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "gold line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for GoldError {}

/// Reads gold JSON lines; blank lines are skipped, any other line that is not a gold article
/// is an error naming its line.
pub fn read_gold(jsonl: &str) -> Result<Vec<GoldArticle>, GoldError> {
    let mut out = Vec::new();
    for (n, text) in jsonl.lines().enumerate() {
        if text.trim().is_empty() {
            continue;
        }
        let line: Line = serde_json::from_str(text).map_err(|e| GoldError {
            line: n + 1,
            message: e.to_string(),
        })?;
        let id = match line.id {
            Some(Id::Text(s)) => s,
            Some(Id::Number(k)) => k.to_string(),
            None => (n + 1).to_string(),
        };
        out.push(GoldArticle {
            id,
            source: line.source,
            published_at: line.published_at,
            headline: line.headline,
            summary: line.summary.unwrap_or_default(),
            language: line.language,
            story: line.story,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_with_and_without_optional_fields() {
        let text = concat!(
            r#"{"id": "a-1", "source": "ynet", "publishedAt": "2014-07-01T10:51:00+03:00", "headline": "כותרת", "story": "s1"}"#,
            "\n\n",
            r#"{"source": "kan", "publishedAt": "2026-03-01T03:20:00Z", "headline": "h", "summary": "s", "language": "en", "gold": "s2"}"#,
            "\n"
        );
        let got = read_gold(text).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].id, "a-1");
        assert_eq!(
            got[0].published_at.to_rfc3339(),
            "2014-07-01T10:51:00+03:00"
        );
        assert_eq!(got[0].summary, "");
        assert_eq!(
            (got[1].id.as_str(), got[1].story.as_deref()),
            ("3", Some("s2"))
        );
        assert_eq!(got[1].language.as_deref(), Some("en"));
    }

    #[test]
    fn a_line_without_a_story_is_context() {
        let text = r#"{"id": "c", "source": "ynet", "publishedAt": "2014-06-30T09:00:00+03:00", "headline": "כותרת"}"#;
        assert_eq!(read_gold(text).unwrap()[0].story, None);
    }

    #[test]
    fn a_bad_line_is_named() {
        let text = "{\"source\": \"x\", \"publishedAt\": \"2026-03-01T03:20:00Z\", \"headline\": \"h\", \"story\": \"s\"}\n{\"source\": \"x\"}\n";
        let err = read_gold(text).unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.to_string().starts_with("gold line 2:"), "{err}");
    }
}
