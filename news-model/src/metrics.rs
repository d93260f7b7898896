//! Trending metrics (spec, "Trending and blindspot items"; the formulas are ours), computed
//! at a moment `now` from the publication times of a story's articles and its breadth:
//!
//! - `velocity`: articles in the last hour (per hour);
//! - `acceleration`: velocity of the last hour minus velocity of the hour before;
//! - `heat`: articles with exponential decay, each counting `0.5^(age / 6 h)`;
//! - `importance`: distinct newsrooms plus distinct press sides;
//! - `significance`: importance times the sides that ran nothing (a broad story with a camp
//!   missing ranks first among blindspots).
//!
//! Values are rounded to three decimals so a stored row and its JSON agree.

use chrono::{DateTime, Duration, Utc};

use crate::reference::Side;
use crate::types::Signals;

/// Half-life of heat.
pub const HEAT_HALF_LIFE_MINUTES: f64 = 360.0;

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The signals of a story at `now`.
pub fn signals(
    published: &[DateTime<Utc>],
    outlets: usize,
    sides: usize,
    now: DateTime<Utc>,
) -> Signals {
    let count = |from: Duration, to: Duration| {
        published
            .iter()
            .filter(|t| {
                let age = now - **t;
                age >= from && age < to
            })
            .count() as f64
    };
    let last_hour = count(Duration::zero(), Duration::hours(1));
    let hour_before = count(Duration::hours(1), Duration::hours(2));
    let heat: f64 = published
        .iter()
        .filter(|t| **t <= now)
        .map(|t| 0.5f64.powf((now - *t).num_seconds() as f64 / 60.0 / HEAT_HALF_LIFE_MINUTES))
        .sum();
    let importance = (outlets + sides) as f64;
    let missing = Side::ALL.len().saturating_sub(sides) as f64;
    Signals {
        importance: round(importance),
        heat: round(heat),
        velocity: round(last_hour),
        acceleration: round(last_hour - hour_before),
        significance: round(importance * missing),
    }
}
