//! CLDR plural categories and the rules of one locale, from `icu_plurals`.
//!
//! CLDR (UTS #35, Part 3 "Language Plural Rules") names six categories: zero, one, two, few,
//! many, other. A locale uses a subset for cardinals (`plural`) and another for ordinals
//! (`selectordinal`): Hebrew one/two/other (CLDR 42 dropped `many`), Russian
//! one/few/many/other, English one/other (ordinals one/two/few/other).

use fixed_decimal::Decimal;
use icu_locale_core::Locale;
use icu_plurals::{PluralCategory, PluralOperands, PluralRules, PluralRulesPreferences};

use crate::ast::PluralKind;
use crate::error::IcuError;

/// A CLDR plural category.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    Zero,
    One,
    Two,
    Few,
    Many,
    Other,
}

impl Category {
    /// All six, in CLDR order.
    pub const ALL: [Category; 6] = [
        Category::Zero,
        Category::One,
        Category::Two,
        Category::Few,
        Category::Many,
        Category::Other,
    ];

    /// The CLDR keyword.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Zero => "zero",
            Category::One => "one",
            Category::Two => "two",
            Category::Few => "few",
            Category::Many => "many",
            Category::Other => "other",
        }
    }

    /// The category of a CLDR keyword (`one`), or `None` for anything else.
    pub fn from_keyword(word: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.as_str() == word)
    }

    fn from_icu(c: PluralCategory) -> Category {
        match c {
            PluralCategory::Zero => Category::Zero,
            PluralCategory::One => Category::One,
            PluralCategory::Two => Category::Two,
            PluralCategory::Few => Category::Few,
            PluralCategory::Many => Category::Many,
            PluralCategory::Other => Category::Other,
        }
    }
}

/// How many sample numbers [`Plurals::samples`] keeps per category.
const SAMPLES_PER_CATEGORY: usize = 4;

/// The cardinal and ordinal plural rules of one locale, with each category's sample numbers.
///
/// Build it once per locale and pass it around; it holds no I/O, the CLDR data is compiled in.
///
/// ```
/// use lashon_icu::{Category, PluralKind, Plurals};
///
/// let he = Plurals::new("he").unwrap();
/// assert_eq!(he.categories(PluralKind::Cardinal), &[Category::One, Category::Two, Category::Other]);
/// assert_eq!(he.category_for(PluralKind::Cardinal, "2"), Some(Category::Two));
/// ```
#[derive(Debug)]
pub struct Plurals {
    locale: String,
    cardinal: PluralRules,
    ordinal: PluralRules,
    cardinal_samples: Vec<(Category, Vec<String>)>,
    ordinal_samples: Vec<(Category, Vec<String>)>,
    cardinal_categories: Vec<Category>,
    ordinal_categories: Vec<Category>,
}

impl Plurals {
    /// The rules of a BCP 47 locale (`he`, `en-US`, `ru`). A language CLDR does not know gets
    /// the root rules (only `other`).
    pub fn new(locale: &str) -> Result<Plurals, IcuError> {
        let parsed = Locale::try_from_str(locale)
            .map_err(|_| IcuError::InvalidLocale(locale.to_string()))?;
        let prefs = PluralRulesPreferences::from(&parsed);
        let cardinal = PluralRules::try_new_cardinal(prefs)
            .map_err(|_| IcuError::InvalidLocale(locale.to_string()))?;
        let ordinal = PluralRules::try_new_ordinal(prefs)
            .map_err(|_| IcuError::InvalidLocale(locale.to_string()))?;
        let cardinal_samples = compute_samples(&cardinal, true);
        let ordinal_samples = compute_samples(&ordinal, false);
        let cardinal_categories = sorted_categories(&cardinal);
        let ordinal_categories = sorted_categories(&ordinal);
        Ok(Plurals {
            locale: parsed.to_string(),
            cardinal,
            ordinal,
            cardinal_samples,
            ordinal_samples,
            cardinal_categories,
            ordinal_categories,
        })
    }

    /// The locale these rules are for, canonicalized.
    pub fn locale(&self) -> &str {
        &self.locale
    }

    /// The categories the locale uses, in CLDR order (zero, one, two, few, many, other).
    pub fn categories(&self, kind: PluralKind) -> &[Category] {
        match kind {
            PluralKind::Cardinal => &self.cardinal_categories,
            PluralKind::Ordinal => &self.ordinal_categories,
        }
    }

    /// True when the locale uses `category` for `kind`.
    pub fn uses(&self, kind: PluralKind, category: Category) -> bool {
        self.categories(kind).contains(&category)
    }

    /// The category of a number written in ASCII decimal (`2`, `1.5`), or `None` when it is
    /// not a number.
    pub fn category_for(&self, kind: PluralKind, number: &str) -> Option<Category> {
        let operands = operands(number)?;
        Some(Category::from_icu(self.rules(kind).category_for(operands)))
    }

    /// A few numbers (smallest first) that select `category`: integers when there are any,
    /// else decimals (`1.5` for Russian cardinal `other`). Empty when the locale does not use
    /// the category.
    pub fn samples(&self, kind: PluralKind, category: Category) -> &[String] {
        let table = match kind {
            PluralKind::Cardinal => &self.cardinal_samples,
            PluralKind::Ordinal => &self.ordinal_samples,
        };
        table
            .iter()
            .find(|(c, _)| *c == category)
            .map(|(_, s)| s.as_slice())
            .unwrap_or(&[])
    }

    fn rules(&self, kind: PluralKind) -> &PluralRules {
        match kind {
            PluralKind::Cardinal => &self.cardinal,
            PluralKind::Ordinal => &self.ordinal,
        }
    }
}

fn sorted_categories(rules: &PluralRules) -> Vec<Category> {
    let mut cats: Vec<Category> = rules.categories().map(Category::from_icu).collect();
    cats.sort();
    cats
}

/// Integers 0..=1000 first; decimals (x.5, then x.1) only for categories no integer reaches.
/// Ordinals apply to integers only (UTS #35: ordinal rules have no fraction operands).
fn compute_samples(rules: &PluralRules, decimals: bool) -> Vec<(Category, Vec<String>)> {
    let mut table: Vec<(Category, Vec<String>)> = sorted_categories(rules)
        .into_iter()
        .map(|c| (c, Vec::new()))
        .collect();
    let push = |number: String, table: &mut Vec<(Category, Vec<String>)>| {
        if let Some(operands) = operands(&number) {
            let category = Category::from_icu(rules.category_for(operands));
            if let Some((_, list)) = table.iter_mut().find(|(c, _)| *c == category) {
                if list.len() < SAMPLES_PER_CATEGORY {
                    list.push(number);
                }
            }
        }
    };
    for n in 0..=1000u32 {
        push(n.to_string(), &mut table);
    }
    if decimals {
        for fraction in ["5", "1"] {
            for n in 0..=100u32 {
                if table.iter().all(|(_, list)| !list.is_empty()) {
                    break;
                }
                let number = format!("{n}.{fraction}");
                if let Some(operands) = operands(&number) {
                    let category = Category::from_icu(rules.category_for(operands));
                    if let Some((_, list)) = table.iter_mut().find(|(c, _)| *c == category) {
                        if list.is_empty() {
                            list.push(number);
                        }
                    }
                }
            }
        }
    }
    table
}

/// CLDR plural operands of an ASCII decimal number (`2`, `1.5`, `-3`).
fn operands(number: &str) -> Option<PluralOperands> {
    let decimal = Decimal::try_from_str(number).ok()?;
    Some(PluralOperands::from(&decimal))
}
