//! Getting news into the store: the registry TOML (`lashon sources import`), JSON lines of
//! articles (`lashon ingest`), the incremental clustering that makes stories of them
//! ([`refresh`], in steps: [`assign`], [`stories`], [`threads`], [`states`],
//! [`newsroom_stats`]), the people registry ([`people`]) and the bundled demo ([`demo`]).

pub mod assign;
pub mod demo;
pub mod newsroom_stats;
pub mod people;
pub mod refresh;
pub mod states;
pub mod stories;
pub mod threads;

use lashon_news::types::Newsroom;
use lashon_news::{Lang, Lean, Side};
use serde::Deserialize;

use crate::news::write::{write_news, ArticleInput, NewsStore};
use crate::news::RepoError;

/// One `[[newsroom]]` table of the registry (DESIGN.md, "Registry TOML").
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistryEntry {
    key: String,
    name: String,
    language: Lang,
    side: Side,
    lean: Lean,
    place: String,
    #[serde(default)]
    feeds: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Registry {
    #[serde(default)]
    newsroom: Vec<RegistryEntry>,
}

/// Parses a registry and stores every newsroom (replacing those with the same key). Returns
/// how many were imported. A file with any invalid table imports nothing.
pub fn import_registry<S: NewsStore + ?Sized>(store: &S, toml_text: &str) -> Result<usize, String> {
    let reg: Registry = toml::from_str(toml_text).map_err(|e| format!("invalid registry: {e}"))?;
    for r in &reg.newsroom {
        if r.key.is_empty()
            || !r
                .key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(format!(
                "invalid newsroom key {:?}: use letters, digits, - and _",
                r.key
            ));
        }
    }
    write_news(store, |w| {
        for r in &reg.newsroom {
            let room = Newsroom {
                key: r.key.clone(),
                name: r.name.clone(),
                language: r.language,
                side: r.side,
                lean: r.lean,
                place: r.place.clone(),
                profile: None,
            };
            w.put_newsroom(&room, &r.feeds)?;
        }
        Ok(reg.newsroom.len())
    })
    .map_err(|e| e.to_string())
}

/// What an ingest did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct IngestReport {
    pub new: usize,
    pub updated: usize,
    /// `(line number, reason)` of every line skipped.
    pub skipped: Vec<(usize, String)>,
}

/// Stores the articles of a JSON-lines text, shifting every instant by `shift` (zero except
/// for the demo). A bad line (invalid JSON, missing field, unknown newsroom) is reported with
/// its line number and skipped; the same `url` again updates its article.
pub fn ingest_lines<S: NewsStore + ?Sized>(
    store: &S,
    text: &str,
    shift: chrono::Duration,
) -> Result<IngestReport, RepoError> {
    ingest_lines_with_progress(store, text, shift, &mut |_| {})
}

/// Articles written per transaction: each commit is short, so a server on the same database
/// keeps writing (charges, its own crawls) between them, and what was committed stays when a
/// later chunk fails (ingesting again is idempotent).
const CHUNK: usize = 500;

/// [`ingest_lines`], calling `progress` with the number of lines read so far.
pub fn ingest_lines_with_progress<S: NewsStore + ?Sized>(
    store: &S,
    text: &str,
    shift: chrono::Duration,
    progress: &mut dyn FnMut(usize),
) -> Result<IngestReport, RepoError> {
    let rooms = write_news(store, |w| w.newsrooms())?;
    let mut report = IngestReport::default();
    let mut chunk: Vec<(ArticleInput, Lang)> = Vec::with_capacity(CHUNK);
    let flush = |chunk: &mut Vec<(ArticleInput, Lang)>, report: &mut IngestReport| {
        if chunk.is_empty() {
            return Ok(());
        }
        let (new, updated) = write_news(store, |w| {
            let (mut new, mut updated) = (0, 0);
            for (a, language) in chunk.iter() {
                match w.ingest(a, *language)? {
                    (_, true) => new += 1,
                    (_, false) => updated += 1,
                }
            }
            Ok((new, updated))
        })?;
        report.new += new;
        report.updated += updated;
        chunk.clear();
        Ok::<(), RepoError>(())
    };
    for (i, line) in text.lines().enumerate() {
        if i % 256 == 0 {
            progress(i);
        }
        if line.trim().is_empty() {
            continue;
        }
        let mut a: ArticleInput = match serde_json::from_str(line) {
            Ok(a) => a,
            Err(e) => {
                report.skipped.push((i + 1, e.to_string()));
                continue;
            }
        };
        let Some(room) = rooms.get(&a.source) else {
            report
                .skipped
                .push((i + 1, format!("unknown newsroom {:?}", a.source)));
            continue;
        };
        if let Err(why) = a.check() {
            report.skipped.push((i + 1, why));
            continue;
        }
        a.published_at = a
            .published_at
            .checked_add_signed(shift)
            .unwrap_or(a.published_at);
        a.updated_at = a
            .updated_at
            .map(|t| t.checked_add_signed(shift).unwrap_or(t));
        let language = a.language.unwrap_or(room.language);
        chunk.push((a, language));
        if chunk.len() == CHUNK {
            flush(&mut chunk, &mut report)?;
        }
    }
    flush(&mut chunk, &mut report)?;
    Ok(report)
}
