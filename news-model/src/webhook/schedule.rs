//! The delivery schedule (spec, "Retries"): attempt 1 at once, then after 1 minute, 5 minutes,
//! 15 minutes, 1 hour and 4 hours; a 2xx answer delivers; a 4xx other than 408 or 429 ends
//! the retries at once; anything else (another status, a timeout, no connection, a redirect,
//! which is not followed) is retried; after the sixth attempt the delivery is failed.

use chrono::{DateTime, Duration, Utc};

/// Attempts at most.
pub const MAX_ATTEMPTS: u32 = 6;

/// Delay before attempt `n` (1-based) after the one before it.
pub fn delay_before(attempt: u32) -> Option<Duration> {
    Some(match attempt {
        1 => Duration::zero(),
        2 => Duration::minutes(1),
        3 => Duration::minutes(5),
        4 => Duration::minutes(15),
        5 => Duration::hours(1),
        6 => Duration::hours(4),
        _ => return None,
    })
}

/// How an attempt ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttemptResult {
    /// The receiver answered this status.
    Status(u16),
    /// No answer within ten seconds.
    Timeout,
    /// No connection (refused, reset, DNS failure, a destination no longer public).
    NoConnection,
}

/// What happens next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    Delivered,
    RetryAt(DateTime<Utc>),
    Failed,
}

/// The next step after attempt `attempt` (1-based) ended with `result` at `at`.
pub fn next(attempt: u32, result: AttemptResult, at: DateTime<Utc>) -> Next {
    match result {
        AttemptResult::Status(s) if (200..300).contains(&s) => return Next::Delivered,
        AttemptResult::Status(s) if (400..500).contains(&s) && s != 408 && s != 429 => {
            return Next::Failed
        }
        _ => {}
    }
    match delay_before(attempt + 1) {
        Some(d) if attempt < MAX_ATTEMPTS => Next::RetryAt(at + d),
        _ => Next::Failed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn the_schedule_of_the_spec() {
        let t = Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap();
        let mut at = t;
        let mut offsets = Vec::new();
        for attempt in 1..=6 {
            match next(attempt, AttemptResult::Status(503), at) {
                Next::RetryAt(n) => {
                    offsets.push((n - at).num_minutes());
                    at = n;
                }
                Next::Failed => offsets.push(-1),
                Next::Delivered => unreachable!(),
            }
        }
        assert_eq!(offsets, [1, 5, 15, 60, 240, -1]);
        assert_eq!(next(1, AttemptResult::Status(204), t), Next::Delivered);
        assert_eq!(next(1, AttemptResult::Status(404), t), Next::Failed);
        assert_eq!(next(1, AttemptResult::Status(410), t), Next::Failed);
        assert!(matches!(
            next(1, AttemptResult::Status(408), t),
            Next::RetryAt(_)
        ));
        assert!(matches!(
            next(1, AttemptResult::Status(429), t),
            Next::RetryAt(_)
        ));
        assert!(matches!(
            next(2, AttemptResult::Timeout, t),
            Next::RetryAt(_)
        ));
        assert!(matches!(
            next(3, AttemptResult::Status(301), t),
            Next::RetryAt(_)
        ));
        assert!(matches!(
            next(5, AttemptResult::NoConnection, t),
            Next::RetryAt(_)
        ));
        assert_eq!(next(6, AttemptResult::Timeout, t), Next::Failed);
    }
}
