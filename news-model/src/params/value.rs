//! Integer values and range rules shared by the params types.

use crate::error::NewsError;

/// Why a value is not an acceptable unsigned integer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UintError {
    /// Not written as an integer.
    NotInteger,
    /// Written with a minus sign.
    Negative,
}

/// Reads a non-negative integer written as plain ASCII digits. Digits beyond `u64` saturate,
/// so a huge value is "above the maximum" and gets clamped like any other.
pub fn parse_uint(value: &str) -> Result<u64, UintError> {
    if let Some(rest) = value.strip_prefix('-') {
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(UintError::Negative);
        }
        return Err(UintError::NotInteger);
    }
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(UintError::NotInteger);
    }
    Ok(value.bytes().fold(0u64, |acc, b| {
        acc.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    }))
}

/// Reads an integer parameter or answers the 400 the spec gives for non-integer and negative
/// values.
pub(crate) fn uint_param(name: &str, value: &str) -> Result<u64, NewsError> {
    parse_uint(value).map_err(|e| match e {
        UintError::NotInteger => {
            NewsError::bad_request(format!("{name} must be an integer, got {value:?}"))
        }
        UintError::Negative => {
            NewsError::bad_request(format!("{name} must not be negative, got {value}"))
        }
    })
}

/// What to do with a value outside `min..=max`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Range {
    pub min: u64,
    pub max: u64,
    /// Below `min`: raise to `min` (true) or 400 (false).
    pub raise_low: bool,
    /// Above `max`: clamp to `max` (true) or 400 (false).
    pub clamp_high: bool,
}

impl Range {
    /// Applies the range to an optional parameter with a default.
    pub fn read(self, name: &str, value: Option<&str>, default: u64) -> Result<u32, NewsError> {
        let Some(value) = value else {
            return Ok(to_u32(default));
        };
        let n = uint_param(name, value)?;
        let n = if n < self.min {
            if !self.raise_low {
                return Err(NewsError::bad_request(format!(
                    "{name} must be between {} and {}, got {n}",
                    self.min, self.max
                )));
            }
            self.min
        } else if n > self.max {
            if !self.clamp_high {
                return Err(NewsError::bad_request(format!(
                    "{name} must be between {} and {}, got {value}",
                    self.min, self.max
                )));
            }
            self.max
        } else {
            n
        };
        Ok(to_u32(n))
    }
}

fn to_u32(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
