//! ISO 15924 script codes, with the Unicode Script property of a character.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use unicode_script::UnicodeScript;

/// An ISO 15924 script code such as `Hebr` or `Latn`.
///
/// Stored as its four ASCII letters, so it is `Copy` and compares in one instruction. The
/// API uses `Zyyy` ("Common") for stretches that hold only digits, punctuation and spaces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Script(pub(crate) [u8; 4]);

impl Script {
    pub const HEBR: Script = Script(*b"Hebr");
    pub const LATN: Script = Script(*b"Latn");
    pub const CYRL: Script = Script(*b"Cyrl");
    pub const ARAB: Script = Script(*b"Arab");
    pub const GREK: Script = Script(*b"Grek");
    /// Common: digits, punctuation, symbols, spaces.
    pub const ZYYY: Script = Script(*b"Zyyy");
    /// Inherited: combining marks that take the script of their base.
    pub const ZINH: Script = Script(*b"Zinh");
    /// Unknown (unassigned code points).
    pub const ZZZZ: Script = Script(*b"Zzzz");

    /// Parses a four-letter code, normalizing case (`hebr` → `Hebr`). `None` unless the input
    /// is exactly four ASCII letters.
    pub fn from_code(code: &str) -> Option<Script> {
        let b = code.as_bytes();
        if b.len() != 4 || !b.iter().all(u8::is_ascii_alphabetic) {
            return None;
        }
        Some(Script([
            b[0].to_ascii_uppercase(),
            b[1].to_ascii_lowercase(),
            b[2].to_ascii_lowercase(),
            b[3].to_ascii_lowercase(),
        ]))
    }

    /// The code as a string, e.g. `"Hebr"`.
    pub fn as_str(&self) -> &str {
        // Constructed only from ASCII letters (constants, `from_code`, Unicode data).
        std::str::from_utf8(&self.0).unwrap_or("Zzzz")
    }

    /// The Unicode Script property of `c` (UAX #24), with fast paths for the blocks that make
    /// up almost all of the service's traffic.
    pub fn of_char(c: char) -> Script {
        match c {
            'a'..='z' | 'A'..='Z' => Script::LATN,
            '\0'..='\u{7f}' => Script::ZYYY,
            '\u{0591}'..='\u{05C7}' | '\u{05D0}'..='\u{05EA}' | '\u{05EF}'..='\u{05F4}' => {
                Script::HEBR
            }
            '\u{0410}'..='\u{044F}' => Script::CYRL,
            // The Arabic block, with its Common and Inherited exceptions.
            '\u{0605}' | '\u{060C}' | '\u{061B}' | '\u{061F}' | '\u{0640}' | '\u{06DD}' => {
                Script::ZYYY
            }
            '\u{064B}'..='\u{0655}' | '\u{0670}' => Script::ZINH,
            '\u{0600}'..='\u{06FF}' => Script::ARAB,
            // General Punctuation and Currency Symbols, less ZWNJ/ZWJ (Inherited) and the
            // unassigned U+2065.
            '\u{2000}'..='\u{200B}' | '\u{200E}'..='\u{2064}' | '\u{2066}'..='\u{2070}' => {
                Script::ZYYY
            }
            '\u{20A0}'..='\u{20C0}' => Script::ZYYY,
            _ => Script::from_unicode(c.script()),
        }
    }

    /// Converts the `unicode-script` crate's value.
    pub fn from_unicode(s: unicode_script::Script) -> Script {
        Script::from_code(s.short_name()).unwrap_or(Script::ZZZZ)
    }

    /// True for Common, Inherited and Unknown: no letters of their own.
    pub fn is_neutral(self) -> bool {
        self == Script::ZYYY || self == Script::ZINH || self == Script::ZZZZ
    }

    /// The writing direction of the script, `None` for neutral scripts.
    pub fn dir(self) -> Option<crate::Dir> {
        if self.is_neutral() {
            return None;
        }
        // ISO 15924 codes of the scripts Unicode writes right to left.
        const RTL: [&[u8; 4]; 24] = [
            b"Hebr", b"Arab", b"Syrc", b"Thaa", b"Nkoo", b"Samr", b"Mand", b"Adlm", b"Rohg",
            b"Yezi", b"Sogd", b"Sogo", b"Ougr", b"Phnx", b"Armi", b"Avst", b"Khar", b"Lydi",
            b"Mani", b"Nbat", b"Narb", b"Palm", b"Phli", b"Sarb",
        ];
        if RTL.iter().any(|code| **code == self.0) {
            Some(crate::Dir::Rtl)
        } else {
            Some(crate::Dir::Ltr)
        }
    }
}

impl fmt::Debug for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Script({})", self.as_str())
    }
}

impl fmt::Display for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Script {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Script {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Script::from_code(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("not an ISO 15924 code: {s:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dir;

    #[test]
    fn fast_paths_agree_with_unicode_data() {
        let ranges = [
            ('\0', '\u{0700}'),
            ('\u{2000}', '\u{20CF}'),
            ('\u{FB1D}', '\u{FB4F}'),
        ];
        for c in ranges.iter().flat_map(|&(a, b)| a..=b) {
            assert_eq!(
                Script::of_char(c),
                Script::from_unicode(c.script()),
                "U+{:04X}",
                c as u32
            );
        }
    }

    #[test]
    fn directions() {
        assert_eq!(Script::HEBR.dir(), Some(Dir::Rtl));
        assert_eq!(Script::ARAB.dir(), Some(Dir::Rtl));
        assert_eq!(Script::CYRL.dir(), Some(Dir::Ltr));
        assert_eq!(Script::ZYYY.dir(), None);
        assert_eq!(Script::of_char('7'), Script::ZYYY);
        assert_eq!(Script::of_char('\u{05B8}'), Script::HEBR);
    }

    #[test]
    fn codes_normalize_and_round_trip() {
        assert_eq!(Script::from_code("hEBR"), Some(Script::HEBR));
        assert_eq!(Script::from_code("Heb"), None);
        assert_eq!(Script::from_code("He1r"), None);
        let json = serde_json::to_string(&Script::CYRL).unwrap();
        assert_eq!(json, "\"Cyrl\"");
        assert_eq!(serde_json::from_str::<Script>(&json).unwrap(), Script::CYRL);
    }
}
