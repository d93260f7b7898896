//! Bulk export records and their streaming writers (rule 11; DESIGN.md fixes the record).
//!
//! A record is one article with its story: `articleId, storyId, source, side, lean, language,
//! headline, url, publishedAt, updatedAt, topic, storyState`. Writers take records one at a
//! time and write them straight to the output, so a page is never held twice.
//!
//! CSV follows RFC 4180: a header row, comma separators, CRLF line ends, fields quoted when they
//! hold a comma, quote or line break, quotes doubled; an absent value is an empty field.
//! JSON lines: one JSON object per line, `\n` terminated, absent values `null`.

use std::io::{self, Write};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::params::ExportFormat;
use crate::reference::{Lang, Lean, Side, StoryState, Topic};

/// Column names, in order.
pub const EXPORT_FIELDS: [&str; 12] = [
    "articleId",
    "storyId",
    "source",
    "side",
    "lean",
    "language",
    "headline",
    "url",
    "publishedAt",
    "updatedAt",
    "topic",
    "storyState",
];

/// One exported article.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExportRecord {
    /// Article id.
    pub article_id: i64,
    /// Cluster id; records are grouped by it.
    pub story_id: i64,
    /// Newsroom key.
    pub source: String,
    /// Side of the newsroom.
    pub side: Side,
    /// Lean of the newsroom.
    pub lean: Lean,
    /// Language the article is stored in.
    pub language: Lang,
    /// Headline as stored in that language (no fallback).
    pub headline: String,
    /// Article URL.
    pub url: String,
    /// Publication.
    pub published_at: DateTime<Utc>,
    /// Last correction, if any.
    pub updated_at: Option<DateTime<Utc>>,
    /// Desk of the story.
    pub topic: Topic,
    /// State of the story at export time.
    pub story_state: Option<StoryState>,
}

enum Sink<W: Write> {
    // Boxed: the CSV writer holds its buffer inline.
    Csv(Box<csv::Writer<W>>),
    Jsonl(W),
}

/// Writes export records in one format, streaming.
pub struct ExportWriter<W: Write> {
    sink: Sink<W>,
}

impl<W: Write> ExportWriter<W> {
    /// Starts a page: the CSV header is written at once, so even an empty page has it.
    pub fn new(format: ExportFormat, out: W) -> io::Result<Self> {
        let sink = match format {
            ExportFormat::Csv => {
                let mut w = csv::WriterBuilder::new()
                    .has_headers(false)
                    .terminator(csv::Terminator::CRLF)
                    .from_writer(out);
                w.write_record(EXPORT_FIELDS).map_err(io::Error::other)?;
                Sink::Csv(Box::new(w))
            }
            ExportFormat::Jsonl => Sink::Jsonl(out),
        };
        Ok(Self { sink })
    }

    /// Writes one record.
    pub fn write(&mut self, record: &ExportRecord) -> io::Result<()> {
        match &mut self.sink {
            Sink::Csv(w) => w
                .serialize(spreadsheet_safe(record))
                .map_err(io::Error::other),
            Sink::Jsonl(w) => {
                serde_json::to_writer(&mut *w, record).map_err(io::Error::other)?;
                w.write_all(b"\n")
            }
        }
    }

    /// Flushes and returns the output.
    pub fn finish(self) -> io::Result<W> {
        match self.sink {
            Sink::Csv(w) => w.into_inner().map_err(|e| io::Error::other(e.to_string())),
            Sink::Jsonl(mut w) => {
                w.flush()?;
                Ok(w)
            }
        }
    }
}

/// Whether a CSV cell would be read as a formula by a spreadsheet: it starts with `=`, `+`,
/// `-`, `@`, a tab or a carriage return (OWASP, "CSV Injection").
pub fn is_formula_like(cell: &str) -> bool {
    cell.starts_with(['=', '+', '-', '@', '\t', '\r'])
}

/// The record as a CSV row: each text cell a spreadsheet would run as a formula is prefixed
/// with `'`, as spreadsheet-safe exporters do, so it shows as text. JSON lines carry the
/// values unchanged.
fn spreadsheet_safe(record: &ExportRecord) -> std::borrow::Cow<'_, ExportRecord> {
    let cells = [&record.headline, &record.url, &record.source];
    if !cells.iter().any(|c| is_formula_like(c)) {
        return std::borrow::Cow::Borrowed(record);
    }
    let guard = |s: &String| {
        if is_formula_like(s) {
            format!("'{s}")
        } else {
            s.clone()
        }
    };
    let mut safe = record.clone();
    safe.headline = guard(&record.headline);
    safe.url = guard(&record.url);
    safe.source = guard(&record.source);
    std::borrow::Cow::Owned(safe)
}

/// Writes a whole page into a byte vector.
pub fn write_page(format: ExportFormat, records: &[ExportRecord]) -> io::Result<Vec<u8>> {
    let mut w = ExportWriter::new(format, Vec::new())?;
    for r in records {
        w.write(r)?;
    }
    w.finish()
}

/// Why an export body could not be read back.
#[derive(Debug)]
pub struct ReadExportError(String);

impl std::fmt::Display for ReadExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "export body is not valid: {}", self.0)
    }
}

impl std::error::Error for ReadExportError {}

/// Reads an export body back into records (a CSV reader with headers, or one JSON object per
/// line): what a client does, and what tests use to prove the writers.
pub fn read_page(format: ExportFormat, body: &[u8]) -> Result<Vec<ExportRecord>, ReadExportError> {
    match format {
        ExportFormat::Csv => {
            let mut r = csv::ReaderBuilder::new()
                .has_headers(true)
                .from_reader(body);
            let headers = r.headers().map_err(|e| ReadExportError(e.to_string()))?;
            if headers.iter().ne(EXPORT_FIELDS) {
                return Err(ReadExportError(format!("unexpected header {headers:?}")));
            }
            r.deserialize()
                .map(|row| row.map_err(|e| ReadExportError(e.to_string())))
                .collect()
        }
        ExportFormat::Jsonl => body
            .split(|b| *b == b'\n')
            .filter(|line| !line.is_empty())
            .map(|line| serde_json::from_slice(line).map_err(|e| ReadExportError(e.to_string())))
            .collect(),
    }
}
