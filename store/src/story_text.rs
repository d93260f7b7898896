//! What search matches in a story (rule 9): headline (both languages), summary and
//! entities, as one text. One definition for every backend, so SQLite's FTS5 table and
//! PostgreSQL's tsvector index the same words.

use lashon_news::record::StoryRecord;

/// The text of `record` that search indexes (folded by `lashon_news::search` afterwards).
pub(crate) fn search_text(record: &StoryRecord) -> String {
    let mut text = String::new();
    for t in [
        &record.headline.en,
        &record.headline.he,
        &record.summary.en,
        &record.summary.he,
    ]
    .into_iter()
    .flatten()
    {
        text.push_str(t);
        text.push(' ');
    }
    text.push_str(&record.entities.join(" "));
    text
}
