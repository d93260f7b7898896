//! Input limits of the language service, as the spec's Limits table gives them.
//!
//! Lengths are counted in Unicode scalar values (what the spec calls characters); a client
//! that counts UTF-16 units sees the same numbers except for characters outside the BMP.

use lashon_vocab::ServiceError;

/// Detect, wrap, strip-points and analysis text.
pub const TEXT_TOOL_CHARS: usize = 20_000;
/// Fields of one analysis request.
pub const ANALYZE_FIELDS: usize = 100;

/// Checks that `value` (the request field `name`) holds 1 to `max` characters.
pub fn check_text(name: &str, value: &str, max: usize) -> Result<(), ServiceError> {
    if value.is_empty() {
        return Err(ServiceError::invalid(format!("{name} must not be empty")));
    }
    let n = char_count(value, max);
    if n > max {
        return Err(ServiceError::invalid(format!(
            "{name} is longer than {max} characters"
        )));
    }
    Ok(())
}

/// Characters in `s`, counting no further than `cap + 1` (enough to tell "too long").
pub fn char_count(s: &str, cap: usize) -> usize {
    if s.len() <= cap {
        // At most `s.len()` characters: no need to count.
        return s.chars().count();
    }
    s.chars().take(cap + 1).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_limits() {
        assert!(check_text("text", "", 5).is_err());
        assert!(check_text("text", "שלום!", 5).is_ok());
        assert!(check_text("text", "שלום!!", 5).is_err());
        assert_eq!(char_count(&"א".repeat(30), 10), 11);
    }
}
