//! `gender_mismatch`: Hebrew (and Russian) forms against `listener_gender` (you),
//! `speaker_gender` (I) and `patient_gender` (he/she in the clinical domain).
//!
//! Hebrew marks gender on the second-person pronoun (`אתה`/`את`), imperatives (`לחץ`/`לחצי`)
//! and present-tense forms after a pronoun (`אני יכול`/`אני יכולה`). Russian marks it on the
//! past tense and short adjectives after a pronoun (`я сделал`/`я сделала`, `ты готов`/`ты
//! готова`). Only marked forms count; neutral forms never raise an issue.

use super::tokens::{words, Word};
use crate::model::{Gender, Issue, IssueCode, Lang};

/// Masculine/feminine pairs of present-tense forms and adjectives (after a pronoun).
const HE_PAIRS: &[(&str, &str)] = &[
    ("יכול", "יכולה"),
    ("צריך", "צריכה"),
    ("מוזמן", "מוזמנת"),
    ("בטוח", "בטוחה"),
    ("מחובר", "מחוברת"),
    ("רשום", "רשומה"),
    ("מוכן", "מוכנה"),
    ("שמח", "שמחה"),
    ("אוהב", "אוהבת"),
    ("יודע", "יודעת"),
    ("חושב", "חושבת"),
    ("מרגיש", "מרגישה"),
    ("לומד", "לומדת"),
    ("עובד", "עובדת"),
    ("גר", "גרה"),
    ("הולך", "הולכת"),
    ("מבין", "מבינה"),
    ("מסכים", "מסכימה"),
    ("זכאי", "זכאית"),
    ("חייב", "חייבת"),
    ("רשאי", "רשאית"),
    ("עייף", "עייפה"),
    ("חולה", "חולה"),
    ("מתלונן", "מתלוננת"),
    ("סובל", "סובלת"),
    ("נוטל", "נוטלת"),
    ("מטופל", "מטופלת"),
    ("מקבל", "מקבלת"),
    ("כותב", "כותבת"),
    ("מחפש", "מחפשת"),
    ("משתמש", "משתמשת"),
    ("מעוניין", "מעוניינת"),
    ("נמצא", "נמצאת"),
    ("אמור", "אמורה"),
    ("מודאג", "מודאגת"),
    ("רגיש", "רגישה"),
    ("נשוי", "נשואה"),
];
/// Imperatives: masculine/feminine (always second person).
const HE_IMPERATIVES: &[(&str, &str)] = &[
    ("לחץ", "לחצי"),
    ("בחר", "בחרי"),
    ("הזן", "הזיני"),
    ("הקלד", "הקלידי"),
    ("שים", "שימי"),
    ("נסה", "נסי"),
    ("הוסף", "הוסיפי"),
    ("מחק", "מחקי"),
    ("שמור", "שמרי"),
    ("היכנס", "היכנסי"),
    ("צור", "צרי"),
    ("קח", "קחי"),
    ("קרא", "קראי"),
    ("פנה", "פני"),
    ("בדוק", "בדקי"),
    ("אשר", "אשרי"),
    ("שלח", "שלחי"),
    ("עדכן", "עדכני"),
    ("התחבר", "התחברי"),
    ("הירשם", "הירשמי"),
];

/// Genders a Hebrew text marks for a person: pronouns introducing present-tense forms.
fn hebrew_marks(
    ws: &[Word],
    pronouns_m: &[&str],
    pronouns_f: &[&str],
    pronoun_only: bool,
) -> Vec<Gender> {
    let mut out = Vec::new();
    for (i, w) in ws.iter().enumerate() {
        let t = w.text.as_str();
        let is_m = pronouns_m.contains(&t);
        let is_f = pronouns_f.contains(&t);
        if !is_m && !is_f {
            continue;
        }
        if pronoun_only {
            // `אתה`/`את` themselves mark the listener, but `את` is also the object marker:
            // it counts only before a marked form.
            if is_m && t != "את" {
                out.push(Gender::Male);
                continue;
            }
        }
        if let Some(next) = ws.get(i + 1) {
            let n = next.text.as_str();
            if HE_PAIRS.iter().any(|(m, f)| *m == n && m != f) {
                out.push(Gender::Male);
            } else if HE_PAIRS.iter().any(|(m, f)| *f == n && m != f) {
                out.push(Gender::Female);
            }
        }
    }
    out
}

fn russian_marks(ws: &[Word], pronouns: &[&str]) -> Vec<Gender> {
    let mut out = Vec::new();
    for (i, w) in ws.iter().enumerate() {
        if !pronouns.contains(&w.text.as_str()) {
            continue;
        }
        // The next word, or the one after a particle (`я не сделала`, `я уже готов`).
        for next in ws.iter().skip(i + 1).take(2) {
            let n = next.text.as_str();
            let short_adj_f = [
                "готова",
                "уверена",
                "рада",
                "должна",
                "согласна",
                "больна",
                "обязана",
            ];
            let short_adj_m = [
                "готов",
                "уверен",
                "рад",
                "должен",
                "согласен",
                "болен",
                "обязан",
            ];
            if n.ends_with("ла") || n.ends_with("лась") || short_adj_f.contains(&n) {
                out.push(Gender::Female);
                break;
            }
            if (n.ends_with('л') && n.chars().count() > 2)
                || n.ends_with("лся")
                || short_adj_m.contains(&n)
            {
                out.push(Gender::Male);
                break;
            }
        }
    }
    out
}

/// Gender requirements of a request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Genders {
    pub listener: Option<Gender>,
    pub speaker: Option<Gender>,
    pub patient: Option<Gender>,
}

fn report(who: &str, want: Gender, found: &[Gender], out: &mut Vec<Issue>) {
    if found.iter().any(|g| *g != want) {
        let w = match want {
            Gender::Male => "male",
            Gender::Female => "female",
        };
        out.push(Issue::error(
            IssueCode::GenderMismatch,
            format!(
                "the translation addresses the {who} with forms of the other gender (expected {w})"
            ),
        ));
    }
}

/// `gender_mismatch` on a Hebrew or Russian translation.
pub fn check_gender(target: &str, lang: Lang, g: Genders, out: &mut Vec<Issue>) {
    if g == Genders::default() {
        return;
    }
    let ws = words(target);
    match lang {
        Lang::He => {
            if let Some(want) = g.listener {
                let mut found = hebrew_marks(&ws, &["אתה"], &["את"], true);
                for w in &ws {
                    let t = w.text.as_str();
                    if HE_IMPERATIVES.iter().any(|(m, _)| *m == t) {
                        found.push(Gender::Male);
                    } else if HE_IMPERATIVES.iter().any(|(_, f)| *f == t) {
                        found.push(Gender::Female);
                    }
                }
                report("reader", want, &found, out);
            }
            if let Some(want) = g.speaker {
                report(
                    "speaker",
                    want,
                    &hebrew_marks(&ws, &["אני"], &[], false),
                    out,
                );
            }
            if let Some(want) = g.patient {
                let mut found =
                    hebrew_marks(&ws, &["הוא", "המטופל", "החולה"], &["היא", "המטופלת"], false);
                for w in &ws {
                    match w.text.as_str() {
                        "המטופל" | "למטופל" | "שהמטופל" => {
                            found.push(Gender::Male)
                        }
                        "המטופלת" | "למטופלת" | "שהמטופלת" => {
                            found.push(Gender::Female)
                        }
                        _ => {}
                    }
                }
                report("patient", want, &found, out);
            }
        }
        Lang::Ru => {
            if let Some(want) = g.listener {
                report("reader", want, &russian_marks(&ws, &["ты"]), out);
            }
            if let Some(want) = g.speaker {
                report("speaker", want, &russian_marks(&ws, &["я"]), out);
            }
            if let Some(want) = g.patient {
                let mut found = russian_marks(&ws, &["он", "она", "пациент", "пациентка"]);
                for w in &ws {
                    if w.text.starts_with("пациентк") {
                        found.push(Gender::Female);
                    }
                }
                report("patient", want, &found, out);
            }
        }
        Lang::En => {}
    }
}
