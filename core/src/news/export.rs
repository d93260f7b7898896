//! Bulk export pages (rule 11).

use lashon_news::cursor::ExportKey;
use lashon_news::export::{write_page, ExportRecord};
use lashon_news::params::{ExportFormat, ExportParams, EXPORT_PAGE};
use lashon_news::NewsError;

use super::context::NewsContext;
use super::repository::{export_key, ExportQuery};

/// One page of an export: the records and the cursor for the `X-Next-Cursor` header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportPage {
    /// Output format.
    pub format: ExportFormat,
    /// Records, grouped by story.
    pub records: Vec<ExportRecord>,
    /// Value of `X-Next-Cursor`; `None` on the last page.
    pub next_cursor: Option<String>,
}

impl ExportPage {
    /// The body: CSV with header or JSON lines.
    pub fn body(&self) -> Result<Vec<u8>, NewsError> {
        write_page(self.format, &self.records)
            .map_err(|e| NewsError::internal(format!("export writer failed: {e}")))
    }

    /// `Content-Type` of the body.
    pub fn content_type(&self) -> &'static str {
        self.format.content_type()
    }
}

/// `GET /api/v1/export` (rule 11): up to 500 records per page ordered by story then article.
/// A page ends at a story boundary when the next story would not fit (a story larger than a
/// page is split). The first page pins the insertion cutoff in the cursor, so articles
/// ingested during the walk are not exported; corrections and state still show as they are.
pub fn export_page(ctx: &NewsContext<'_>, p: &ExportParams) -> Result<ExportPage, NewsError> {
    let binding = p.binding();
    let after = ctx.after::<ExportKey>(p.cursor.as_deref(), &binding)?;
    let cutoff = match after {
        Some(k) => k.cutoff,
        None => ctx.repo.export_cutoff()?,
    };
    let mut records = ctx.repo.export(&ExportQuery {
        from: p.from,
        to: p.to,
        lang: p.lang,
        cutoff,
        after: after.map(|k| (k.story_id, k.article_id)),
        limit: EXPORT_PAGE + 1,
    })?;
    let more = records.len() > EXPORT_PAGE;
    if more {
        let next_story = records[EXPORT_PAGE].story_id;
        records.truncate(EXPORT_PAGE);
        // Keep the last story whole on the next page when it continues there and an earlier
        // story boundary exists on this one.
        if records.last().is_some_and(|r| r.story_id == next_story) {
            if let Some(cut) = records.iter().position(|r| r.story_id == next_story) {
                if cut > 0 {
                    records.truncate(cut);
                }
            }
        }
    }
    let next_cursor = if more {
        records
            .last()
            .map(|r| ctx.cursors.encode(&binding, &export_key(r, cutoff)))
    } else {
        None
    };
    Ok(ExportPage {
        format: p.format,
        records,
        next_cursor,
    })
}
