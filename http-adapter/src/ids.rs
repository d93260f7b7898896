//! Random identifiers the adapter makes: request ids (`req_…`) and account-term ids.

/// A random identifier such as `req_3f9c…` (80 bits from the OS generator).
pub fn random_id(prefix: &str) -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 10];
    getrandom::fill(&mut bytes)?;
    Ok(format!("{prefix}_{}", hex::encode(bytes)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_are_prefixed_hex_and_differ() {
        let a = super::random_id("req").unwrap();
        let b = super::random_id("req").unwrap();
        assert!(a.starts_with("req_") && a.len() == 24, "{a}");
        assert!(a[4..].bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
