//! Chunking of long input at word boundaries, as the reference does it
//! (`hebrew.split_by_length`, called by `Data.from_text` with `maxlen=10000` from `predict()`).

/// Reference value of `maxlen`: a chunk holds at most `maxlen - 1` characters.
pub const MAXLEN: usize = 10_000;

/// Splits `chars` into consecutive ranges. As in `split_by_length`: characters are collected
/// until `maxlen - 1` of them are pending; then the pending run is cut after its last space
/// (the space stays with the first part), or, without a space, emitted whole.
///
/// One deviation: the reference keeps the position of the last space across cuts (a stale
/// index relative to an earlier run), which can cut a later run in the middle of a word; here
/// the position is forgotten at each cut. For input below `maxlen - 1` characters (every text
/// of the service's 10,000-character limit but the longest) both give one chunk.
pub fn split_by_length(chars: &[char], maxlen: usize) -> Vec<core::ops::Range<usize>> {
    let maxlen = maxlen.max(2);
    let mut out = Vec::new();
    let mut start = 0; // first pending character
    let mut space: Option<usize> = None; // last space among the pending characters
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' {
            space = Some(i);
        }
        if i + 1 - start == maxlen - 1 {
            let end = space.map_or(i + 1, |s| s + 1);
            out.push(start..end);
            start = end;
            space = None;
            // Spaces already passed after `end` cannot exist: `space` was the last one.
        }
    }
    if start < chars.len() {
        out.push(start..chars.len());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(s: &str, maxlen: usize) -> Vec<String> {
        let chars: Vec<char> = s.chars().collect();
        split_by_length(&chars, maxlen)
            .into_iter()
            .map(|r| chars[r].iter().collect())
            .collect()
    }

    #[test]
    fn cuts_after_last_space() {
        assert_eq!(split("ab cd ef gh", 6), ["ab ", "cd ", "ef ", "gh"]);
        assert_eq!(split("abcdefgh", 4), ["abc", "def", "gh"]);
        assert_eq!(split("short", 10_000), ["short"]);
        assert!(split("", 10).is_empty());
    }

    #[test]
    fn chunks_tile_the_input() {
        let s = "שלום עולם ".repeat(50);
        let chars: Vec<char> = s.chars().collect();
        let ranges = split_by_length(&chars, 37);
        assert_eq!(ranges.first().map(|r| r.start), Some(0));
        assert_eq!(ranges.last().map(|r| r.end), Some(chars.len()));
        for w in ranges.windows(2) {
            assert_eq!(w[0].end, w[1].start);
        }
        assert!(ranges.iter().all(|r| r.len() <= 36 && !r.is_empty()));
    }
}
