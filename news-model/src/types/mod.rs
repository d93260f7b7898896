//! The response types, with the spec's exact camelCase JSON fields ("Resources and fields").
//!
//! These are output shapes, already in the requested language. The stored forms, which keep
//! both languages, are in [`crate::record`].

mod brief;
mod envelope;
mod newsroom;
mod person;
mod signal;
mod story;
mod thread;

pub use brief::{Brief, BriefItem};
pub use envelope::{
    BlindspotsExtra, ChangesExtra, ListEnvelope, MembersExtra, NoExtra, TopicsExtra, TrendingExtra,
};
pub use newsroom::{Activity, Behaviour, CrawlSummary, Newsroom, TopicVolume};
pub use person::{Alias, Person, PersonDetail};
pub use signal::{BlindspotItem, ChangeItem, Gap, Signals, TrendingItem};
pub use story::{Framing, LeanCounts, Member, SideCounts, Story, StoryDetail, ThreadRef, Timeline};
pub use thread::{ThreadDetail, ThreadSummary};
