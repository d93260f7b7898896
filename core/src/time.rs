//! Timestamps as the API writes them.

use chrono::{DateTime, Datelike};

/// RFC 3339 in UTC with seconds (`2026-11-22T03:05:40Z`).
pub fn rfc3339(secs: i64) -> String {
    DateTime::from_timestamp(secs, 0)
        .unwrap_or_default()
        .format("%Y-%m-%dT%H:%M:%SZ")
        .to_string()
}

/// The usage month of a Unix time, `YYYY-MM` (UTC).
pub fn month(secs: i64) -> String {
    let t = DateTime::from_timestamp(secs, 0).unwrap_or_default();
    format!("{:04}-{:02}", t.year(), t.month())
}

#[cfg(test)]
mod tests {
    #[test]
    fn formats() {
        assert_eq!(super::rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(super::rfc3339(1_795_000_000), "2026-11-18T11:06:40Z");
        assert_eq!(super::month(1_795_000_000), "2026-11");
    }
}
