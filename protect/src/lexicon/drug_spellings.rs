//! Russian and Hebrew spellings of drug names, written by the rules both languages transliterate
//! international non-proprietary names with (issue 21, scope 1: "Hebrew and Russian spellings
//! of the few hundred most used drugs").
//!
//! Russian: `ph` → ф, `th` → т, `ch` → х, `x` → кс, `y` → и, `h` → г, `c` → ц before e/i/y and
//! к elsewhere, a word-initial `e` → э, a silent final `e` dropped (`-ine` → -ин, `-one` →
//! -он, `-ide` → -ид), `-ase` → -аза, `-ium` → -ий (`amoxicillin` → амоксициллин, `heparin`
//! → гепарин, `enalapril` → эналаприл). Hebrew: consonants letter for letter, `o`/`u` → ו,
//! `i`/`y` → י, `a` and `e` unwritten inside a word, a word-initial vowel carried by א, final
//! letter forms (`metformin` → מטפורמין, `amoxicillin` → אמוקסיצילין).
//!
//! Where the registers differ between names the rule gives each spelling: an `s` between
//! vowels is с or з in Russian (фуросемид, преднизолон) and ס or ז in Hebrew (פרדניזון); a `v`
//! is ב or ו and `th` ת or ט in Hebrew. A spelling no one writes costs nothing: it is never
//! matched.

/// At most this many spellings of one name (the variants multiply).
const MAX_VARIANTS: usize = 8;

fn vowel(c: u8) -> bool {
    matches!(c, b'a' | b'e' | b'i' | b'o' | b'u' | b'y')
}

/// Adds each of `choices` to every spelling so far.
fn extend(spellings: &mut Vec<String>, choices: &[&str]) {
    if choices.len() == 1 || spellings.len() * choices.len() > MAX_VARIANTS {
        for s in spellings.iter_mut() {
            s.push_str(choices[0]);
        }
        return;
    }
    *spellings = spellings
        .iter()
        .flat_map(|s| choices.iter().map(move |c| format!("{s}{c}")))
        .collect();
}

/// The Latin name as bytes, when it is one lower-case ASCII word.
fn latin(name: &str) -> Option<&[u8]> {
    (name.len() >= 4 && name.bytes().all(|b| b.is_ascii_lowercase())).then_some(name.as_bytes())
}

/// Russian spellings of a one-word Latin drug name (none for other names).
pub fn russian(name: &str) -> Vec<String> {
    let Some(b) = latin(name) else {
        return Vec::new();
    };
    let mut out = vec![String::new()];
    let mut i = 0;
    let at = |j: usize| b.get(j).copied().unwrap_or(0);
    while i < b.len() {
        let (c, next) = (b[i], at(i + 1));
        let rest = &name[i..];
        // Endings first.
        if rest == "ase" {
            extend(&mut out, &["аза"]);
            break;
        }
        if rest == "ium" {
            extend(&mut out, &["ий"]);
            break;
        }
        if rest == "e" && i > 0 && !vowel(at(i - 1)) {
            break;
        }
        let (spelled, used): (&[&str], usize) = match (c, next) {
            (b'p', b'h') => (&["ф"], 2),
            (b't', b'h') => (&["т"], 2),
            (b'c', b'h') => (&["х"], 2),
            (b'r', b'h') => (&["р"], 2),
            (b'c', b'k') => (&["к"], 2),
            (b'q', b'u') => (&["кв"], 2),
            (b'a' | b'o', b'e') => (&["е"], 2),
            (b'o', b'u') => (&["у"], 2),
            (b'c', b'e' | b'i' | b'y') => (&["ц"], 1),
            (b'c', _) => (&["к"], 1),
            (b'e', _) if i == 0 => (&["э"], 1),
            (b's', _) if i > 0 && vowel(at(i - 1)) && vowel(next) => (&["з", "с"], 1),
            _ => (
                match c {
                    b'a' => &["а"],
                    b'b' => &["б"],
                    b'd' => &["д"],
                    b'e' => &["е"],
                    b'f' => &["ф"],
                    b'g' => &["г"],
                    b'h' => &["г"],
                    b'i' | b'y' => &["и"],
                    b'j' => &["й"],
                    b'k' | b'q' => &["к"],
                    b'l' => &["л"],
                    b'm' => &["м"],
                    b'n' => &["н"],
                    b'o' => &["о"],
                    b'p' => &["п"],
                    b'r' => &["р"],
                    b's' => &["с"],
                    b't' => &["т"],
                    b'u' => &["у"],
                    b'v' | b'w' => &["в"],
                    b'x' => &["кс"],
                    b'z' => &["з"],
                    _ => return Vec::new(),
                },
                1,
            ),
        };
        extend(&mut out, spelled);
        i += used;
    }
    out
}

/// The final form of a Hebrew letter at the end of a word.
fn final_form(c: char) -> char {
    match c {
        'כ' => 'ך',
        'מ' => 'ם',
        'נ' => 'ן',
        'פ' => 'ף',
        'צ' => 'ץ',
        other => other,
    }
}

/// Hebrew spellings of a one-word Latin drug name (none for other names).
pub fn hebrew(name: &str) -> Vec<String> {
    let Some(b) = latin(name) else {
        return Vec::new();
    };
    let mut out = vec![String::new()];
    let mut i = 0;
    let at = |j: usize| b.get(j).copied().unwrap_or(0);
    while i < b.len() {
        let (c, next) = (b[i], at(i + 1));
        let last = i + 1 == b.len();
        if c == b'e' && last {
            break;
        }
        let (spelled, used): (&[&str], usize) = match (c, next) {
            (b'p', b'h') => (&["פ"], 2),
            (b't', b'h') => (&["ת", "ט"], 2),
            (b'c', b'h') => (&["כ"], 2),
            (b's', b'h') => (&["ש"], 2),
            (b'r', b'h') => (&["ר"], 2),
            (b'c', b'k') => (&["ק"], 2),
            (b'o', b'u') => (&["ו"], 2),
            (b'a' | b'o', b'e') if i > 0 => (&[""], 2),
            // A vowel at the start of the word is carried by alef.
            (b'a' | b'e', _) if i == 0 => (&["א"], 1),
            (b'i' | b'y', _) if i == 0 => (&["אי"], 1),
            (b'o' | b'u', _) if i == 0 => (&["או"], 1),
            (b'c', b'e' | b'i' | b'y') => (&["צ"], 1),
            (b's', _) if i > 0 && vowel(at(i - 1)) && vowel(next) => (&["ז", "ס"], 1),
            // Double consonants are written once.
            (x, y) if x == y && !vowel(x) => (&[""], 1),
            _ => (
                match c {
                    b'a' if last => &["ה"],
                    b'a' | b'e' => &[""],
                    b'b' => &["ב"],
                    b'c' | b'k' | b'q' => &["ק"],
                    b'd' => &["ד"],
                    b'f' | b'p' => &["פ"],
                    b'g' => &["ג"],
                    b'h' => &["ה"],
                    b'i' | b'y' => &["י"],
                    b'j' => &["ג'"],
                    b'l' => &["ל"],
                    b'm' => &["מ"],
                    b'n' => &["נ"],
                    b'o' | b'u' => &["ו"],
                    b'r' => &["ר"],
                    b's' => &["ס"],
                    b't' => &["ט"],
                    b'v' => &["ב", "ו"],
                    b'w' => &["ו"],
                    b'x' => &["קס"],
                    b'z' => &["ז"],
                    _ => return Vec::new(),
                },
                1,
            ),
        };
        extend(&mut out, spelled);
        i += used;
    }
    out.into_iter()
        .filter(|s| s.chars().count() >= 3)
        .map(|s| {
            let mut chars: Vec<char> = s.chars().collect();
            if let Some(c) = chars.last_mut() {
                *c = final_form(*c);
            }
            chars.into_iter().collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_rules() {
        assert!(russian("amoxicillin").contains(&"амоксициллин".to_string()));
        assert!(russian("enalapril").contains(&"эналаприл".to_string()));
        assert!(russian("furosemide").contains(&"фуросемид".to_string()));
        assert!(russian("prednisolone").contains(&"преднизолон".to_string()));
        assert!(russian("alteplase").contains(&"алтеплаза".to_string()));
        assert!(russian("vitamin D").is_empty());
    }

    #[test]
    fn hebrew_rules() {
        assert!(hebrew("metformin").contains(&"מטפורמין".to_string()));
        assert!(hebrew("amoxicillin").contains(&"אמוקסיצילין".to_string()));
        assert!(hebrew("prednisone").contains(&"פרדניזון".to_string()));
        assert!(hebrew("atorvastatin").contains(&"אטורבסטטין".to_string()));
    }
}
