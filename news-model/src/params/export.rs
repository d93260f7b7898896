//! Parameters of the bulk export (rule 11; DESIGN.md fixes dates and format).

use chrono::NaiveDate;

use crate::cursor::{Binding, Endpoint};
use crate::error::NewsError;
use crate::params::query::Query;
use crate::reference::Lang;

/// Longest export range in days, both ends included (rule 11).
pub const EXPORT_MAX_DAYS: i64 = 366;
/// Records per export page (rule 11).
pub const EXPORT_PAGE: usize = 500;

/// Output format of the export (DESIGN.md: `jsonl` default, or `csv`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ExportFormat {
    /// JSON lines, one record per line.
    #[default]
    Jsonl,
    /// CSV per RFC 4180, with a header row.
    Csv,
}

impl ExportFormat {
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Jsonl => "jsonl",
            Self::Csv => "csv",
        }
    }

    /// The response `Content-Type`.
    pub fn content_type(self) -> &'static str {
        match self {
            Self::Jsonl => "application/x-ndjson; charset=utf-8",
            Self::Csv => "text/csv; charset=utf-8; header=present",
        }
    }
}

/// `GET /export`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportParams {
    /// First UTC day, included.
    pub from: NaiveDate,
    /// Last UTC day, included.
    pub to: NaiveDate,
    /// Output format.
    pub format: ExportFormat,
    /// Only records stored in this language, no fallback; all languages when absent.
    pub lang: Option<Lang>,
    /// Cursor as sent.
    pub cursor: Option<String>,
}

/// `YYYY-MM-DD`, exactly ten characters.
fn read_date(q: &Query, name: &str) -> Result<NaiveDate, NewsError> {
    let raw = q
        .single(name)?
        .ok_or_else(|| NewsError::bad_request(format!("{name} is required (YYYY-MM-DD)")))?;
    let shaped = raw.len() == 10
        && raw.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'-',
            _ => b.is_ascii_digit(),
        });
    let date = shaped
        .then(|| NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok())
        .flatten();
    date.ok_or_else(|| {
        NewsError::bad_request(format!("{name} must be a date YYYY-MM-DD, got {raw:?}"))
    })
}

impl ExportParams {
    /// Applies rule 11: invalid dates, range, format, language give 400.
    pub fn parse(q: &Query) -> Result<Self, NewsError> {
        let from = read_date(q, "from")?;
        let to = read_date(q, "to")?;
        if to < from {
            return Err(NewsError::bad_request("to must not be before from"));
        }
        let days = (to - from).num_days() + 1;
        if days > EXPORT_MAX_DAYS {
            return Err(NewsError::bad_request(format!(
                "the range covers {days} days; at most {EXPORT_MAX_DAYS} are allowed"
            )));
        }
        let format = match q.single("format")? {
            None => ExportFormat::default(),
            Some("jsonl") => ExportFormat::Jsonl,
            Some("csv") => ExportFormat::Csv,
            Some(other) => {
                return Err(NewsError::bad_request(format!(
                    "format must be jsonl or csv, got {other:?}"
                )))
            }
        };
        let lang = match q.single("lang")? {
            None => None,
            Some(v) => Some(Lang::parse_strict(v).ok_or_else(|| {
                NewsError::bad_request(format!("lang must be en or he for export, got {v:?}"))
            })?),
        };
        Ok(Self {
            from,
            to,
            format,
            lang,
            cursor: q.single("cursor")?.map(str::to_owned),
        })
    }

    /// Binding of `from`, `to`, `lang` and `format` (rule 11: sent back unchanged).
    pub fn binding(&self) -> Binding {
        let f = vec![
            ("from", self.from.to_string()),
            ("to", self.to.to_string()),
            ("format", self.format.as_str().to_owned()),
            (
                "lang",
                self.lang.map(|l| l.as_str()).unwrap_or("").to_owned(),
            ),
        ];
        Binding::of(Endpoint::Export, &f)
    }
}
