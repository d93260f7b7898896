//! Negation as each language carries it (issue 21, scope 3): particles, negative-concord words,
//! and the words a negation can move into (carriers).
//!
//! - A *particle* negates a clause on its own: `not`, `לא`, `не`. The source's particles are what
//!   a translation must keep.
//! - A *concord* word (`שום`, `אף`, `никогда`, `ничего`) negates only together with a particle in
//!   Hebrew and Russian (`никто не пришёл` is one negation, like English `nobody came`); without
//!   one, in a full clause, the negation is gone (`Никогда такого видел`).
//! - A *carrier* is a word a negation moved into: a negative prefix or suffix (`недорогой`,
//!   `бесполезно`, `unable`, `useless`, `חסר תועלת`, `אי־ודאות`), a word of negative quantity
//!   (`мало`, `few`, `מעט`) or a word whose meaning holds a negation (`wrong` for `לא נכון`,
//!   `failed` for `לא הצליח`, `seldom`, `refused`). A translation may carry the source's
//!   negation in one instead of a particle.
//!
//! Hebrew words are listed without prefix letters (the matcher strips them). Entries ending in
//! `*` match any word starting with the stem.

/// English particles: each occurrence counts once (`n't` is split off its verb).
pub const PARTICLES_EN: &[&str] = &[
    "not",
    "no",
    "never",
    "nobody",
    "nothing",
    "none",
    "neither",
    "nor",
    "nowhere",
    "cannot",
    "without",
    "n't",
    "nope",
    "noone",
    "non",
    "impossible",
];
/// Hebrew particles (`אל` only before a verb of the future, the negated imperative; see
/// [`crate::verify::negation_count`]).
pub const PARTICLES_HE: &[&str] = &[
    "לא",
    "אל",
    "אין",
    "אינו",
    "אינה",
    "אינם",
    "אינן",
    "אינני",
    "איני",
    "אינך",
    "אינכם",
    "אינכן",
    "איננו",
    "איננה",
    "בלי",
    "ללא",
    "מבלי",
    "אסור",
];
/// Russian particles, with the negative existentials that negate without `не` (`мне некуда
/// идти`, "I have nowhere to go"; `некогда` is left out, as it also means "once").
pub const PARTICLES_RU: &[&str] = &[
    "не",
    "нет",
    "без",
    "нельзя",
    "нету",
    "нечего",
    "некого",
    "нечему",
    "некому",
    "нечем",
    "некем",
    "негде",
    "некуда",
    "неоткуда",
    "незачем",
];
/// Negative-concord words: one negation with a particle, none in a full clause without one.
pub const CONCORD_HE: &[&str] = &["שום", "כלום", "מעולם", "אף", "לעולם"];
pub const CONCORD_RU: &[&str] = &[
    "ни",
    "ничего",
    "ничто",
    "ничем",
    "ничему",
    "никогда",
    "никто",
    "никого",
    "никому",
    "никем",
    "нигде",
    "никуда",
    "ниоткуда",
    "никак",
    "никакой",
    "никакая",
    "никакое",
    "никакие",
    "никакого",
    "никакому",
    "никаким",
    "никаких",
    "никакую",
    "никакими",
    "ничей",
    "ничья",
    "ничьё",
    "ничьи",
    "ничуть",
    "нисколько",
];

/// English carriers: words whose meaning holds a negation. `few` and `little` count only
/// without `a` before them (`a few` is not negative).
pub const CARRIERS_EN: &[&str] = &[
    "wrong",
    "wrongly",
    "fail",
    "fails",
    "failed",
    "failing",
    "lack",
    "lacks",
    "lacked",
    "lacking",
    "refuse",
    "refuses",
    "refused",
    "refusing",
    "absent",
    "seldom",
    "rarely",
    "hardly",
    "barely",
    "scarcely",
    "lest",
    "forbid",
    "forbids",
    "forbade",
    "forbidden",
    "prohibit*",
    "deny",
    "denies",
    "denied",
    "few",
    "fewer",
    "little",
    "illegal",
    "illegally",
    "illogical",
    "irregular*",
    "irrelevant",
    "irresponsible",
    "immoral",
    "immature",
    "impatient*",
    "impolite",
    "imperfect",
    "improper*",
    "impractical",
    "inaccurate",
    "inadequate",
    "inappropriate*",
    "incapable",
    "incomplete",
    "incorrect*",
    "incredibl*",
    "incurable",
    "indecisive",
    "inedible",
    "ineffective",
    "inefficient",
    "inexpensive",
    "informal",
    "insane",
    "insecure",
    "insensitive",
    "insignificant",
    "insufficient*",
    "intolerable",
    "intolerant",
    "invalid",
    "invisible",
    "involuntar*",
    "dislike*",
    "disagree*",
    "dishonest*",
    "disloyal",
    "disobey*",
    "dissatisfied",
    "disapprove*",
];
/// English words starting with `un` that are not negations (`un` + word elsewhere is).
pub const UN_WORDS_EN: &[&str] = &[
    "under*", "uni*", "unit*", "until", "uncle*", "unto", "unanim*", "unless", "unc", "un",
];
/// English words ending in `less` that are not negations (word + `less` elsewhere is).
pub const LESS_WORDS_EN: &[&str] = &[
    "less",
    "unless",
    "bless",
    "blessed",
    "nevertheless",
    "nonetheless",
];

/// Hebrew carriers (`בלתי` and `אי` joined by a hyphen or maqaf to their word are found on the
/// text, see [`crate::verify::negation_count`]).
pub const CARRIERS_HE: &[&str] = &[
    "בלתי",
    "חסר",
    "חסרת",
    "חסרה",
    "חסרי",
    "חסרות",
    "בלעדי",
    "בלעדיי",
    "בלעדיך",
    "בלעדייך",
    "בלעדיו",
    "בלעדיה",
    "בלעדינו",
    "בלעדיכם",
    "בלעדיהם",
    "שמא",
    "פן",
    "סירב",
    "סרב",
    "סירבה",
    "סרבה",
    "סירבו",
    "סרבו",
    "מסרב",
    "מסרבת",
    "נכשל",
    "נכשלה",
    "נכשלו",
    "מעט",
    "מעטים",
    "מעטות",
    "בקושי",
    "רחוקות",
    "שגוי",
    "שגויה",
    "שגויים",
    "טעות",
    "נעדר",
    "חוסר",
];

/// Hebrew words that read as a carrier with a prefix letter stripped but are not one: `כמעט`
/// "almost", `למעט` "except".
pub const NOT_CARRIERS_HE: &[&str] = &["כמעט", "למעט"];

/// Russian carriers besides the prefixed words: negative quantity and meaning.
pub const CARRIERS_RU: &[&str] = &[
    "мало",
    "едва",
    "редко",
    "отказ*",
    "ошиб*",
    "вряд",
    "провал*",
    "запрещ*",
];
/// Russian words starting with `не` that are not negated words: `не` + word elsewhere (five or
/// more letters in all) is a carrier (`недорогой`, `невозможно`, `незаконно`, `непросто`).
/// Medical roots (`невр-`, `нейр-`, `нефр-`, `некр-`, `нео-`) are listed so a clinical sentence
/// does not carry a negation it has not got.
pub const NE_WORDS_RU: &[&str] = &[
    "неб*",
    "недел*",
    "некотор*",
    "несколь*",
    "немн*",
    "немец*",
    "немец",
    "немецк*",
    "немк*",
    "немц*",
    "нефт*",
    "нерв*",
    "нес*",
    "невест*",
    "нежн*",
    "неж*",
    "неон*",
    "нектар*",
    "необходим*",
    "непремен*",
    "неужел*",
    "нечто",
    "некто",
    "неки*",
    "некогда",
    "недавн*",
    "невр*",
    "нейр*",
    "нефр*",
    "некр*",
    "нео*",
    "нейтрал*",
    "негатив*",
];
/// Russian words starting with `без`/`бес` that are not negated words (`бесед-` "talk", `бес`
/// "demon").
pub const BEZ_WORDS_RU: &[&str] = &["бесед*", "бес", "беса", "бесы", "беси*", "бесят*", "безе"];
