//! UTF-16 offsets.
//!
//! The API reports offsets in UTF-16 code units (what JavaScript's `String.prototype.slice`
//! and Java's `String.substring` take), while Rust strings are indexed by UTF-8 bytes. These
//! functions convert between the two.

/// Length of `s` in UTF-16 code units.
pub fn len(s: &str) -> usize {
    // Every char is one unit except those of four UTF-8 bytes (outside the BMP), which are
    // two: count the bytes that start a char, plus the four-byte lead bytes. Two simple
    // counting loops the compiler vectorizes, with no UTF-8 decoding.
    if s.is_ascii() {
        return s.len();
    }
    let continuation = s.bytes().filter(|&b| b & 0xC0 == 0x80).count();
    let four_byte = s.bytes().filter(|&b| b >= 0xF0).count();
    s.len() - continuation + four_byte
}

/// The UTF-16 offset of the UTF-8 byte offset `byte` in `s`, or `None` when `byte` is past the
/// end or not on a char boundary.
pub fn from_byte_offset(s: &str, byte: usize) -> Option<usize> {
    if !s.is_char_boundary(byte) {
        return None;
    }
    Some(len(&s[..byte]))
}

/// The UTF-8 byte offset of the UTF-16 offset `unit` in `s`, or `None` when `unit` is past the
/// end or falls inside a surrogate pair.
pub fn to_byte_offset(s: &str, unit: usize) -> Option<usize> {
    let mut units = 0;
    for (byte, c) in s.char_indices() {
        if units == unit {
            return Some(byte);
        }
        if units > unit {
            return None;
        }
        units += c.len_utf16();
    }
    (units == unit).then_some(s.len())
}

/// Walks a string once and converts increasing byte offsets to UTF-16 offsets in amortized
/// constant time each. Used where many offsets are reported for one input (runs, segments).
#[derive(Debug, Clone)]
pub struct OffsetCursor<'a> {
    text: &'a str,
    byte: usize,
    unit: usize,
}

impl<'a> OffsetCursor<'a> {
    /// A cursor at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        OffsetCursor {
            text,
            byte: 0,
            unit: 0,
        }
    }

    /// The UTF-16 offset of `byte`. Offsets must not decrease between calls; a smaller one
    /// restarts from the beginning (correct, just slower).
    pub fn advance_to(&mut self, byte: usize) -> usize {
        if byte < self.byte {
            self.byte = 0;
            self.unit = 0;
        }
        let byte = byte.min(self.text.len());
        self.unit += len(&self.text[self.byte..byte]);
        self.byte = byte;
        self.unit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_units() {
        assert_eq!(len(""), 0);
        assert_eq!(len("abc"), 3);
        assert_eq!(len("שלום"), 4);
        assert_eq!(len("a🙂b"), 4);
    }

    #[test]
    fn converts_both_ways() {
        let s = "א🙂b";
        assert_eq!(from_byte_offset(s, 0), Some(0));
        assert_eq!(from_byte_offset(s, 2), Some(1));
        assert_eq!(from_byte_offset(s, 6), Some(3));
        assert_eq!(from_byte_offset(s, 7), Some(4));
        assert_eq!(from_byte_offset(s, 3), None);
        assert_eq!(to_byte_offset(s, 1), Some(2));
        assert_eq!(to_byte_offset(s, 2), None);
        assert_eq!(to_byte_offset(s, 3), Some(6));
        assert_eq!(to_byte_offset(s, 4), Some(7));
        assert_eq!(to_byte_offset(s, 5), None);
    }

    #[test]
    fn cursor_matches_direct_conversion() {
        let s = "שלום Google 🙂 100₪";
        let mut cursor = OffsetCursor::new(s);
        for (byte, _) in s.char_indices().chain([(s.len(), ' ')]) {
            assert_eq!(cursor.advance_to(byte), from_byte_offset(s, byte).unwrap());
        }
        assert_eq!(cursor.advance_to(0), 0);
    }
}
