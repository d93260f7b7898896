//! Check digits of finance identifiers (finance domain rule: "check digits verified").
//!
//! Hand-written because each is a few lines of arithmetic over the standard; no well-kept crate
//! covers IBAN, Luhn and the Israeli ID together without pulling a large dependency tree.

/// BBAN structure per country from the SWIFT IBAN Registry (release 101): `n` digits, `a`
/// upper-case letters, `c` letters or digits; each element is `<len>!<kind>`.
const IBAN_BBAN: &[(&str, &str)] = &[
    ("AD", "4!n4!n12!c"),
    ("AE", "3!n16!n"),
    ("AL", "8!n16!c"),
    ("AT", "5!n11!n"),
    ("AZ", "4!a20!c"),
    ("BA", "3!n3!n8!n2!n"),
    ("BE", "3!n7!n2!n"),
    ("BG", "4!a4!n2!n8!c"),
    ("BH", "4!a14!c"),
    ("BI", "5!n5!n11!n2!n"),
    ("BR", "8!n5!n10!n1!a1!c"),
    ("BY", "4!c4!n16!c"),
    ("CH", "5!n12!c"),
    ("CR", "4!n14!n"),
    ("CY", "3!n5!n16!c"),
    ("CZ", "4!n16!n"),
    ("DE", "8!n10!n"),
    ("DJ", "5!n5!n11!n2!n"),
    ("DK", "4!n9!n1!n"),
    ("DO", "4!c20!n"),
    ("EE", "2!n14!n"),
    ("EG", "4!n4!n17!n"),
    ("ES", "4!n4!n1!n1!n10!n"),
    ("FI", "3!n11!n"),
    ("FK", "2!a12!n"),
    ("FO", "4!n9!n1!n"),
    ("FR", "5!n5!n11!c2!n"),
    ("GB", "4!a6!n8!n"),
    ("GE", "2!a16!n"),
    ("GI", "4!a15!c"),
    ("GL", "4!n9!n1!n"),
    ("GR", "3!n4!n16!c"),
    ("GT", "4!c20!c"),
    ("HN", "4!a20!n"),
    ("HR", "7!n10!n"),
    ("HU", "3!n4!n1!n15!n1!n"),
    ("IE", "4!a6!n8!n"),
    ("IL", "3!n3!n13!n"),
    ("IQ", "4!a3!n12!n"),
    ("IS", "4!n2!n6!n10!n"),
    ("IT", "1!a5!n5!n12!c"),
    ("JO", "4!a4!n18!c"),
    ("KW", "4!a22!c"),
    ("KZ", "3!n13!c"),
    ("LB", "4!n20!c"),
    ("LC", "4!a24!c"),
    ("LI", "5!n12!c"),
    ("LT", "5!n11!n"),
    ("LU", "3!n13!c"),
    ("LV", "4!a13!c"),
    ("LY", "3!n3!n15!n"),
    ("MC", "5!n5!n11!c2!n"),
    ("MD", "2!c18!c"),
    ("ME", "3!n13!n2!n"),
    ("MK", "3!n10!c2!n"),
    ("MN", "4!n12!n"),
    ("MR", "5!n5!n11!n2!n"),
    ("MT", "4!a5!n18!c"),
    ("MU", "4!a2!n2!n12!n3!n3!a"),
    ("NI", "4!a20!n"),
    ("NL", "4!a10!n"),
    ("NO", "4!n6!n1!n"),
    ("OM", "3!n16!c"),
    ("PK", "4!a16!c"),
    ("PL", "8!n16!n"),
    ("PS", "4!a21!c"),
    ("PT", "4!n4!n11!n2!n"),
    ("QA", "4!a21!c"),
    ("RO", "4!a16!c"),
    ("RS", "3!n13!n2!n"),
    ("RU", "9!n5!n15!c"),
    ("SA", "2!n18!c"),
    ("SC", "4!a2!n2!n16!n3!a"),
    ("SD", "2!n12!n"),
    ("SE", "3!n16!n1!n"),
    ("SI", "5!n8!n2!n"),
    ("SK", "4!n6!n10!n"),
    ("SM", "1!a5!n5!n12!c"),
    ("SO", "4!n3!n12!n"),
    ("ST", "4!n4!n11!n2!n"),
    ("SV", "4!a20!n"),
    ("TL", "3!n14!n2!n"),
    ("TN", "2!n3!n13!n2!n"),
    ("TR", "5!n1!n16!c"),
    ("UA", "6!n19!c"),
    ("VA", "3!n15!n"),
    ("VG", "4!a16!n"),
    ("XK", "4!n10!n2!n"),
    ("YE", "4!a4!n18!c"),
];

/// True when `bban` follows the registry structure `spec` (`3!n3!n13!n`).
fn bban_matches(spec: &str, bban: &[u8]) -> bool {
    let mut pos = 0;
    for element in spec.split_inclusive(|c: char| c.is_ascii_alphabetic()) {
        let (len, kind) = element.split_at(element.len().saturating_sub(1));
        let Ok(len) = len.trim_end_matches('!').parse::<usize>() else {
            return false;
        };
        let Some(part) = bban.get(pos..pos + len) else {
            return false;
        };
        let ok = part.iter().all(|b| match kind {
            "n" => b.is_ascii_digit(),
            "a" => b.is_ascii_uppercase(),
            _ => b.is_ascii_digit() || b.is_ascii_uppercase(),
        });
        if !ok {
            return false;
        }
        pos += len;
    }
    pos == bban.len()
}

/// ISO 13616 IBAN: known country, registry length and structure, and ISO 7064 mod 97-10 = 1.
/// Spaces, dashes or dots are allowed between groups (as python-stdnum compacts them); letters are read case-insensitively.
pub fn iban_valid(raw: &str) -> bool {
    let compact: Vec<u8> = raw
        .bytes()
        .filter(|b| !matches!(b, b' ' | b'-' | b'.'))
        .map(|b| b.to_ascii_uppercase())
        .collect();
    if compact.len() < 5 || compact.len() > 34 {
        return false;
    }
    let (country, rest) = compact.split_at(2);
    let Some((_, spec)) = IBAN_BBAN.iter().find(|(c, _)| c.as_bytes() == country) else {
        return false;
    };
    if !rest[..2].iter().all(u8::is_ascii_digit) || !bban_matches(spec, &rest[2..]) {
        return false;
    }
    // Move the first four characters to the end, letters become 10..35, remainder mod 97.
    let rearranged = compact[4..].iter().chain(compact[..4].iter());
    let mut rem: u32 = 0;
    for &b in rearranged {
        let value = match b {
            b'0'..=b'9' => u32::from(b - b'0'),
            b'A'..=b'Z' => u32::from(b - b'A') + 10,
            _ => return false,
        };
        rem = if value >= 10 {
            (rem * 100 + value) % 97
        } else {
            (rem * 10 + value) % 97
        };
    }
    rem == 1 && national_check(&compact)
}

/// National check digits some registries add inside the BBAN. Belgium: the last two digits are
/// the first ten mod 97 (97 when the remainder is 0).
fn national_check(compact: &[u8]) -> bool {
    if compact.starts_with(b"BE") && compact.len() == 16 {
        let digits = std::str::from_utf8(&compact[4..]).unwrap_or("");
        let (Ok(body), Ok(check)) = (digits[..10].parse::<u64>(), digits[10..].parse::<u64>())
        else {
            return false;
        };
        let expected = match body % 97 {
            0 => 97,
            r => r,
        };
        return expected == check;
    }
    true
}

/// ISO 3166-1 alpha-2 codes in use, for the BIC country field (ISO 9362). Stored as one string
/// of pairs; `XK` (Kosovo) is included as SWIFT uses it.
const COUNTRIES: &str = "ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHUIDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSXKYEYTZAZMZW";

fn country_known(code: &[u8]) -> bool {
    COUNTRIES.as_bytes().chunks(2).any(|pair| pair == code)
}

/// ISO 9362 BIC: 4 letters (institution), a known country, 2 letters or digits (location), and
/// an optional 3-character branch.
pub fn bic_valid(raw: &str) -> bool {
    let b = raw.as_bytes();
    if b.len() != 8 && b.len() != 11 {
        return false;
    }
    let alnum = |x: &u8| x.is_ascii_uppercase() || x.is_ascii_digit();
    b[..4].iter().all(u8::is_ascii_uppercase) && country_known(&b[4..6]) && b[6..].iter().all(alnum)
}

/// Luhn (ISO/IEC 7812-1) over the digits of `raw`; other characters are ignored.
pub fn luhn_valid(raw: &str) -> bool {
    let digits: Vec<u32> = raw.chars().filter_map(|c| c.to_digit(10)).collect();
    if digits.is_empty() {
        return false;
    }
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &d)| {
            if i % 2 == 1 {
                let x = d * 2;
                if x > 9 {
                    x - 9
                } else {
                    x
                }
            } else {
                d
            }
        })
        .sum();
    sum % 10 == 0
}

/// Israeli ID (Teudat Zehut): up to 9 digits, left-padded with zeros, weights 1,2,1,2,… with
/// the digits of each product summed; valid when the total is a multiple of 10. `3933742-3`
/// style with a dash before the check digit is accepted.
pub fn israeli_id_valid(raw: &str) -> bool {
    let digits: Vec<u32> = raw
        .chars()
        .filter(|c| *c != '-')
        .map(|c| c.to_digit(10))
        .collect::<Option<Vec<_>>>()
        .unwrap_or_default();
    if digits.is_empty() || digits.len() > 9 || digits.iter().all(|d| *d == 0) {
        return false;
    }
    let padded = std::iter::repeat_n(0, 9 - digits.len()).chain(digits);
    let sum: u32 = padded
        .enumerate()
        .map(|(i, d)| {
            let x = d * (1 + (i as u32 % 2));
            x / 10 + x % 10
        })
        .sum();
    sum % 10 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert!(iban_valid("IL62 0108 0000 0009 9999 999"));
        assert!(!iban_valid("IL62 0108 0000 0009 9999 998"));
        assert!(bic_valid("LUMIILIT"));
        assert!(!bic_valid("MULTIPLE"));
        assert!(luhn_valid("49927398716"));
        assert!(!luhn_valid("4992739871"));
        assert!(israeli_id_valid("3933742-3"));
        assert!(israeli_id_valid("039337423"));
        assert!(!israeli_id_valid("3933742-2"));
        assert!(!israeli_id_valid("490154203237518"));
    }
}
