//! The audience expansion table (spec, `audience`): a clinician keeps shorthand such as BID and
//! PO; a patient gets plain words. The pipeline tells the model which plain words to use and
//! checks the result with [`expansion_present`].

use crate::model::{Audience, Lang};

/// One shorthand with its plain words in each language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expansion {
    /// The shorthand forms as written (`BID`, `b.i.d.`, `bid`).
    pub forms: &'static [&'static str],
    pub en: &'static str,
    pub he: &'static str,
    pub ru: &'static str,
}

impl Expansion {
    /// The plain words in `lang`.
    pub fn plain(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::He => self.he,
            Lang::Ru => self.ru,
        }
    }
}

macro_rules! row {
    ([$($f:expr),+], $en:expr, $he:expr, $ru:expr) => {
        Expansion { forms: &[$($f),+], en: $en, he: $he, ru: $ru }
    };
}

/// Dosing and route shorthand with plain wording (senses as in the Meta-Inventory, CC BY 4.0).
pub const EXPANSIONS: &[Expansion] = &[
    row!(
        ["QD", "qd", "q.d.", "OD", "daily"],
        "once a day",
        "פעם ביום",
        "один раз в день"
    ),
    row!(
        ["BID", "bid", "b.i.d."],
        "twice a day",
        "פעמיים ביום",
        "два раза в день"
    ),
    row!(
        ["TID", "tid", "t.i.d."],
        "three times a day",
        "שלוש פעמים ביום",
        "три раза в день"
    ),
    row!(
        ["QID", "qid", "q.i.d."],
        "four times a day",
        "ארבע פעמים ביום",
        "четыре раза в день"
    ),
    row!(
        ["QOD", "qod", "q.o.d."],
        "every other day",
        "כל יומיים",
        "через день"
    ),
    row!(
        ["QHS", "qhs", "q.h.s.", "HS", "h.s."],
        "at bedtime",
        "לפני השינה",
        "перед сном"
    ),
    row!(["QAM", "qam"], "every morning", "כל בוקר", "каждое утро"),
    row!(["QPM", "qpm"], "every evening", "כל ערב", "каждый вечер"),
    row!(
        ["PRN", "prn", "p.r.n."],
        "as needed",
        "לפי הצורך",
        "по необходимости"
    ),
    row!(["PO", "po", "p.o."], "by mouth", "דרך הפה", "внутрь"),
    row!(
        ["NPO", "npo", "n.p.o."],
        "nothing by mouth",
        "לא לאכול ולא לשתות",
        "ничего не есть и не пить"
    ),
    row!(["SL", "s.l."], "under the tongue", "מתחת ללשון", "под язык"),
    row!(["IV", "i.v."], "into a vein", "לתוך הווריד", "внутривенно"),
    row!(
        ["IM", "i.m."],
        "into a muscle",
        "לתוך השריר",
        "внутримышечно"
    ),
    row!(
        ["SC", "SQ", "subcut", "s.c."],
        "under the skin",
        "מתחת לעור",
        "подкожно"
    ),
    row!(["PR", "p.r."], "rectally", "דרך פי הטבעת", "ректально"),
    row!(["AC", "a.c."], "before meals", "לפני הארוחות", "перед едой"),
    row!(["PC", "p.c."], "after meals", "אחרי הארוחות", "после еды"),
    row!(["STAT", "stat"], "immediately", "מיד", "немедленно"),
    row!(
        ["q4h", "Q4H"],
        "every 4 hours",
        "כל 4 שעות",
        "каждые 4 часа"
    ),
    row!(
        ["q6h", "Q6H"],
        "every 6 hours",
        "כל 6 שעות",
        "каждые 6 часов"
    ),
    row!(
        ["q8h", "Q8H"],
        "every 8 hours",
        "כל 8 שעות",
        "каждые 8 часов"
    ),
    row!(
        ["q12h", "Q12H"],
        "every 12 hours",
        "כל 12 שעות",
        "каждые 12 часов"
    ),
    row!(["tab", "tabs"], "tablet", "טבלייה", "таблетка"),
    row!(["cap", "caps"], "capsule", "כמוסה", "капсула"),
    row!(["gtt", "gtts"], "drops", "טיפות", "капли"),
    row!(
        ["HTN"],
        "high blood pressure",
        "לחץ דם גבוה",
        "высокое давление"
    ),
    row!(["DM"], "diabetes", "סוכרת", "диабет"),
    row!(["SOB"], "shortness of breath", "קוצר נשימה", "одышка"),
    row!(["MI"], "heart attack", "התקף לב", "инфаркт"),
    row!(["s/p"], "after", "לאחר", "после"),
    row!(["h/o"], "history of", "היסטוריה של", "в анамнезе"),
    row!(
        ["NKDA"],
        "no known drug allergies",
        "אין רגישות ידועה לתרופות",
        "нет известной аллергии на лекарства"
    ),
];

/// The expansion of a shorthand form, if the table has it.
pub fn expansion_of(form: &str) -> Option<&'static Expansion> {
    EXPANSIONS.iter().find(|e| e.forms.contains(&form))
}

/// What the translation must contain for `form`: the form itself for a clinician, the plain
/// words in `lang` for a patient. `None` when the table does not know the form.
pub fn required_rendering(form: &str, audience: Audience, lang: Lang) -> Option<&'static str> {
    let e = expansion_of(form)?;
    Some(match audience {
        Audience::Clinician => e
            .forms
            .iter()
            .copied()
            .find(|f| *f == form)
            .unwrap_or(e.forms[0]),
        Audience::Patient => e.plain(lang),
    })
}

/// True when the translation honours the audience for `form` (kept shorthand or plain words).
pub fn expansion_present(form: &str, audience: Audience, lang: Lang, translation: &str) -> bool {
    match required_rendering(form, audience, lang) {
        Some(required) => translation.contains(required),
        None => true,
    }
}
