//! Numbers written with digits, as values: `4,5` and `4.5` are one number, `1,200` is
//! `1200`, `150m` is `150`; a digit inside a word (`F35`) is no number.

/// Numbers written with digits, normalized (`4,5` and `4.5` → `4.5`; `1,200` → `1200`).
pub fn numbers(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() || (i > 0 && crate::search::is_alphanumeric(chars[i - 1])) {
            i += 1;
            continue;
        }
        let mut raw = String::new();
        while i < chars.len() {
            let c = chars[i];
            let sep = matches!(c, '.' | ',')
                && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit())
                && !raw.is_empty();
            if c.is_ascii_digit() || sep {
                raw.push(c);
                i += 1;
            } else {
                break;
            }
        }
        // A comma before exactly three digits groups thousands; else it is a decimal mark.
        let mut value = String::new();
        let parts: Vec<&str> = raw.split([',', '.']).collect();
        let seps: Vec<char> = raw.chars().filter(|c| matches!(c, ',' | '.')).collect();
        for (k, part) in parts.iter().enumerate() {
            if k > 0 {
                let grouping = seps[k - 1] == ',' && part.len() == 3;
                if !grouping {
                    value.push('.');
                }
            }
            value.push_str(part);
        }
        let value = value.trim_start_matches('0').to_string();
        if !value.is_empty() && value != "." {
            out.push(value);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_values() {
        assert_eq!(
            numbers("61 MKs, 4.5% and 4,5 and 1,200 or 150m"),
            ["61", "4.5", "4.5", "1200", "150"]
        );
        assert_eq!(numbers("COVID19 route 6"), ["6"]);
    }
}
