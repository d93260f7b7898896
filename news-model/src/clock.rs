//! Time: the clock the caller supplies, and calendar days in the Jerusalem time zone.
//!
//! The crate never reads the system time; the service is handed a [`Clock`] so tests can pin
//! "now" and walk scripted timelines.

use chrono::{DateTime, Days, NaiveTime, TimeZone, Utc};
use chrono_tz::Asia::Jerusalem;

/// A source of the current instant.
pub trait Clock: Send + Sync {
    /// The current instant.
    fn now(&self) -> DateTime<Utc>;
}

/// A clock that always answers the same instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixedClock(pub DateTime<Utc>);

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

/// The first instant of the Jerusalem calendar day `days` days before the day of `now`
/// (common parameter `since`: "calendar days back in the Jerusalem time zone, today
/// included"). `days = 0` is the start of today in Jerusalem.
pub fn jerusalem_day_start(now: DateTime<Utc>, days: u32) -> DateTime<Utc> {
    let today = now.with_timezone(&Jerusalem).date_naive();
    let day = today
        .checked_sub_days(Days::new(u64::from(days)))
        .unwrap_or(today);
    // Israel changes clocks at 02:00 local, so midnight always exists; the loop only guards
    // against a zone rule that one day might skip it.
    for hour in 0..4 {
        let Some(time) = NaiveTime::from_hms_opt(hour, 0, 0) else {
            continue;
        };
        if let Some(start) = Jerusalem
            .from_local_datetime(&day.and_time(time))
            .earliest()
        {
            return start.with_timezone(&Utc);
        }
    }
    day.and_time(NaiveTime::MIN).and_utc()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn jerusalem_days_follow_local_midnight() {
        // Winter (UTC+2): 23:30 UTC on 14 Jan is already 15 Jan in Jerusalem.
        let now = at("2026-01-14T23:30:00Z");
        assert_eq!(jerusalem_day_start(now, 0), at("2026-01-14T22:00:00Z"));
        assert_eq!(jerusalem_day_start(now, 1), at("2026-01-13T22:00:00Z"));
        // Summer (UTC+3).
        let now = at("2026-07-01T12:00:00Z");
        assert_eq!(jerusalem_day_start(now, 0), at("2026-06-30T21:00:00Z"));
        assert_eq!(jerusalem_day_start(now, 30), at("2026-05-31T21:00:00Z"));
        // Across the spring change (27 March 2026, 02:00 local): the day before started at
        // UTC+2 midnight.
        let now = at("2026-03-27T12:00:00Z");
        assert_eq!(jerusalem_day_start(now, 0), at("2026-03-26T22:00:00Z"));
        assert_eq!(jerusalem_day_start(now, 1), at("2026-03-25T22:00:00Z"));
    }
}
