//! Stored records: what a store keeps (both languages, raw timestamps, registry keys) and how
//! each renders to its response type in the requested language.
//!
//! Rendering is where the spec's output rules live: field-by-field language fallback,
//! `updatedAt` only after 60 seconds, side and lean of members from the newsroom registry
//! (rule 2), `outlets` counted from the members returned, `recentCoverage` always null.

mod feed;
mod people;
mod story;

pub use feed::{summarize_crawl, ChangeRecord, CrawlOutcome, CrawlRun, SignalRecord};
pub use people::{BriefItemRecord, BriefRecord, PersonRecord};
pub use story::{
    thread_days, Coverage, MemberRecord, StoryRecord, ThreadLink, ThreadRecord,
    UPDATED_AFTER_SECONDS,
};
