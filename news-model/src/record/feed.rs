//! State rows with signals, the change log, and crawl runs.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::record::StoryRecord;
use crate::reference::{Lang, Side, StoryState};
use crate::types::{BlindspotItem, ChangeItem, CrawlSummary, Gap, Signals, TrendingItem};

/// The current state row of a cluster, with its signals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SignalRecord {
    /// Cluster id.
    pub story_id: i64,
    /// State.
    pub state: StoryState,
    /// Label of the state.
    pub label: Option<String>,
    /// Signals.
    pub signals: Signals,
    /// When computed; a row is current when computed within the window (rule 4).
    pub computed_at: DateTime<Utc>,
    /// Camps that did not run the story, with labels (blindspots).
    pub gaps: Vec<Gap>,
}

impl SignalRecord {
    /// A trending item at `rank`.
    pub fn render_trending(&self, rank: u32, story: &StoryRecord, lang: Lang) -> TrendingItem {
        TrendingItem {
            rank,
            story_id: self.story_id,
            state: self.state,
            label: self.label.clone(),
            signals: self.signals,
            sides: story.coverage.sides,
            missing_sides: story.coverage.missing_sides(),
            thread_id: story.thread.as_ref().map(|t| t.id),
            computed_at: self.computed_at,
            story: story.render(lang),
        }
    }

    /// A blindspot item.
    pub fn render_blindspot(&self, story: &StoryRecord, lang: Lang) -> BlindspotItem {
        BlindspotItem {
            story_id: self.story_id,
            state: self.state,
            label: self.label.clone(),
            signals: self.signals,
            sides: story.coverage.sides,
            missing_sides: story.coverage.missing_sides(),
            thread_id: story.thread.as_ref().map(|t| t.id),
            computed_at: self.computed_at,
            story: story.render(lang),
            gaps: self.gaps.clone(),
        }
    }
}

/// One entry of the state change log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChangeRecord {
    /// Sequence number, unique and increasing in insertion order.
    pub seq: i64,
    /// Cluster id.
    pub story_id: i64,
    /// New state.
    pub state: StoryState,
    /// Label.
    pub label: Option<String>,
    /// Missing sides at the change.
    pub missing_sides: Vec<Side>,
    /// Thread id.
    pub thread_id: Option<i64>,
    /// When the state changed.
    pub changed_at: DateTime<Utc>,
}

impl ChangeRecord {
    /// The change item.
    pub fn render(&self) -> ChangeItem {
        ChangeItem {
            story_id: self.story_id,
            state: self.state,
            label: self.label.clone(),
            missing_sides: self.missing_sides.clone(),
            thread_id: self.thread_id,
            changed_at: self.changed_at,
        }
    }
}

/// How a crawl run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CrawlOutcome {
    /// Finished without error.
    Ok,
    /// Finished with an error.
    Error,
    /// Stopped before the end.
    Aborted,
    /// Still running.
    Running,
}

/// One crawl run of a newsroom.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrawlRun {
    /// Start.
    pub started_at: DateTime<Utc>,
    /// End, when finished.
    pub finished_at: Option<DateTime<Utc>>,
    /// Outcome.
    pub outcome: CrawlOutcome,
    /// Links discovered.
    pub discovered: u64,
    /// Pages scraped.
    pub scraped: u64,
    /// New articles stored.
    pub new_articles: u64,
    /// Errors.
    pub errors: u64,
}

/// Sums the runs of a window. `successRate` is over finished runs only (ok, error, aborted),
/// so a crawl still running never counts as a failure (spec, "Activity").
pub fn summarize_crawl(runs: &[CrawlRun], window_days: u32) -> CrawlSummary {
    let count = |o: CrawlOutcome| {
        u32::try_from(runs.iter().filter(|r| r.outcome == o).count()).unwrap_or(u32::MAX)
    };
    let ok_runs = count(CrawlOutcome::Ok);
    let error_runs = count(CrawlOutcome::Error);
    let aborted_runs = count(CrawlOutcome::Aborted);
    let finished = ok_runs + error_runs + aborted_runs;
    CrawlSummary {
        window_days,
        runs: u32::try_from(runs.len()).unwrap_or(u32::MAX),
        ok_runs,
        error_runs,
        aborted_runs,
        running_runs: count(CrawlOutcome::Running),
        discovered: runs
            .iter()
            .map(|r| r.discovered)
            .fold(0, u64::saturating_add),
        scraped: runs.iter().map(|r| r.scraped).fold(0, u64::saturating_add),
        new_articles: runs
            .iter()
            .map(|r| r.new_articles)
            .fold(0, u64::saturating_add),
        errors: runs.iter().map(|r| r.errors).fold(0, u64::saturating_add),
        last_run_at: runs.iter().map(|r| r.started_at).max(),
        last_finished_at: runs
            .iter()
            .filter(|r| r.outcome != CrawlOutcome::Running)
            .filter_map(|r| r.finished_at)
            .max(),
        success_rate: (finished > 0).then(|| f64::from(ok_runs) / f64::from(finished)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(outcome: CrawlOutcome, h: i64) -> CrawlRun {
        let start = DateTime::from_timestamp(1_780_000_000 + h * 3600, 0).unwrap();
        CrawlRun {
            started_at: start,
            finished_at: (outcome != CrawlOutcome::Running)
                .then(|| start + chrono::Duration::minutes(2)),
            outcome,
            discovered: 10,
            scraped: 8,
            new_articles: 3,
            errors: u64::from(outcome == CrawlOutcome::Error),
        }
    }

    #[test]
    fn running_crawls_are_not_failures() {
        let runs = [
            run(CrawlOutcome::Ok, 0),
            run(CrawlOutcome::Ok, 1),
            run(CrawlOutcome::Error, 2),
            run(CrawlOutcome::Aborted, 3),
            run(CrawlOutcome::Running, 4),
        ];
        let s = summarize_crawl(&runs, 7);
        assert_eq!(
            (
                s.runs,
                s.ok_runs,
                s.error_runs,
                s.aborted_runs,
                s.running_runs
            ),
            (5, 2, 1, 1, 1)
        );
        assert_eq!(s.success_rate, Some(0.5));
        assert_eq!(s.discovered, 50);
        assert_eq!(s.errors, 1);
        assert_eq!(s.last_run_at, Some(runs[4].started_at));
        assert_eq!(s.last_finished_at, runs[3].finished_at);
        let only_running = summarize_crawl(&runs[4..], 7);
        assert_eq!(only_running.success_rate, None);
        assert_eq!(summarize_crawl(&[], 1).runs, 0);
    }
}
