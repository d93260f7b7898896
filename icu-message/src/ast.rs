//! The message tree: what ICU's `MessagePattern` and FormatJS's parser produce, as Rust values.
//!
//! A [`Message`] is a sequence of [`Element`]s. The parser keeps it in a normal form: adjacent
//! literal text is one [`Element::Literal`], and no literal is empty. Functions that build
//! messages (hoisting, rewriting, rebuilding) call [`Message::normalize`] so two equal meanings
//! compare equal.

use crate::plurals::Category;

/// A parsed ICU message (MessageFormat 1).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Message {
    /// The elements in order.
    pub elements: Vec<Element>,
}

/// One piece of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Element {
    /// Text, with ICU quoting already resolved (`''` is one `'` here).
    Literal(String),
    /// `{name}`: a value inserted as is.
    Argument(String),
    /// `{name, number}`, `{d, date, short}`, `{n, number, ::currency/ILS}`…
    Formatted(Formatted),
    /// `#` in a plural or selectordinal branch: the number minus the offset.
    Pound,
    /// `{n, plural, …}` or `{n, selectordinal, …}`.
    Plural(Plural),
    /// `{g, select, …}`.
    Select(Select),
    /// A rich-text tag: `<b>…</b>`, `<0>…</0>`, or self-closing `<br/>`.
    Tag(Tag),
}

/// The format of a simple argument (ICU `argType` other than the complex ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    Number,
    Date,
    Time,
    Spellout,
    Ordinal,
    Duration,
}

impl Format {
    /// The keyword as written in a message.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Number => "number",
            Format::Date => "date",
            Format::Time => "time",
            Format::Spellout => "spellout",
            Format::Ordinal => "ordinal",
            Format::Duration => "duration",
        }
    }

    /// The format named by an ICU `argType` keyword.
    pub fn from_keyword(word: &str) -> Option<Format> {
        Some(match word {
            "number" => Format::Number,
            "date" => Format::Date,
            "time" => Format::Time,
            "spellout" => Format::Spellout,
            "ordinal" => Format::Ordinal,
            "duration" => Format::Duration,
            _ => return None,
        })
    }
}

/// `{name, format}` or `{name, format, style}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formatted {
    pub name: String,
    pub format: Format,
    /// The style as written (ICU `argStyleText`), trimmed: `short`, `percent`,
    /// `::currency/ILS`, `yyyy.MM.dd 'at' HH:mm`. Quotes inside it are kept verbatim.
    pub style: Option<String>,
}

impl Formatted {
    /// True when the style is an ICU skeleton (`::` prefix), as FormatJS reads it.
    pub fn is_skeleton(&self) -> bool {
        self.style.as_deref().is_some_and(|s| s.starts_with("::"))
    }
}

/// Cardinal (`plural`) or ordinal (`selectordinal`) plural rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PluralKind {
    Cardinal,
    Ordinal,
}

impl PluralKind {
    /// The ICU `argType` keyword: `plural` or `selectordinal`.
    pub fn keyword(self) -> &'static str {
        match self {
            PluralKind::Cardinal => "plural",
            PluralKind::Ordinal => "selectordinal",
        }
    }
}

/// `{n, plural, offset:1 =0 {…} one {…} other {…}}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plural {
    pub name: String,
    pub kind: PluralKind,
    /// ICU `offset:N`; `#` and category selection use `n - offset`, `=N` keys use `n`.
    pub offset: u32,
    pub branches: Vec<PluralBranch>,
}

impl Plural {
    /// True for `{n, plural, offset:N other {#}}`: every number selects `other`, so it only
    /// shows `n - offset` (ICU `PluralFormat` formats `#` as the number minus the offset).
    /// Hoisting writes it for a `#` that cannot stay next to its offset plural; it has no
    /// forms to translate or rewrite.
    pub fn is_number_only(&self) -> bool {
        matches!(
            self.branches.as_slice(),
            [PluralBranch { key: PluralKey::Category(Category::Other), message }]
                if matches!(message.as_slice(), [Element::Pound])
        )
    }
}

/// A key of a plural branch.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PluralKey {
    /// `=N` (the number as written, without `=`).
    Exact(String),
    /// A CLDR category keyword.
    Category(Category),
}

impl PluralKey {
    /// The key as written in a message (`=0`, `one`).
    pub fn to_key_string(&self) -> String {
        match self {
            PluralKey::Exact(n) => format!("={n}"),
            PluralKey::Category(c) => c.as_str().to_string(),
        }
    }
}

/// One `key {message}` of a plural.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluralBranch {
    pub key: PluralKey,
    pub message: Vec<Element>,
}

/// `{g, select, male {…} other {…}}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Select {
    pub name: String,
    pub branches: Vec<SelectBranch>,
}

/// One `key {message}` of a select.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectBranch {
    pub key: String,
    pub message: Vec<Element>,
}

/// A rich-text tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    /// `None` for a self-closing tag (`<br/>`).
    pub children: Option<Vec<Element>>,
}

impl Element {
    /// True for plural, selectordinal and select: the elements hoisting moves to the top.
    pub fn is_selector(&self) -> bool {
        matches!(self, Element::Plural(_) | Element::Select(_))
    }

    /// True when this element is or contains a selector.
    pub fn contains_selector(&self) -> bool {
        match self {
            Element::Plural(_) | Element::Select(_) => true,
            Element::Tag(Tag {
                children: Some(children),
                ..
            }) => children.iter().any(Element::contains_selector),
            _ => false,
        }
    }
}

impl Message {
    /// A message of these elements, normalized.
    pub fn new(elements: Vec<Element>) -> Message {
        let mut message = Message { elements };
        message.normalize();
        message
    }

    /// Merges adjacent literals and drops empty ones, at every depth.
    pub fn normalize(&mut self) {
        normalize_elements(&mut self.elements);
    }
}

/// Merges adjacent literals and drops empty ones in `elements` and everything inside them.
pub(crate) fn normalize_elements(elements: &mut Vec<Element>) {
    let mut out: Vec<Element> = Vec::with_capacity(elements.len());
    for mut element in elements.drain(..) {
        match &mut element {
            Element::Literal(text) if text.is_empty() => continue,
            Element::Literal(text) => {
                if let Some(Element::Literal(prev)) = out.last_mut() {
                    prev.push_str(text);
                    continue;
                }
            }
            Element::Plural(p) => p
                .branches
                .iter_mut()
                .for_each(|b| normalize_elements(&mut b.message)),
            Element::Select(s) => s
                .branches
                .iter_mut()
                .for_each(|b| normalize_elements(&mut b.message)),
            Element::Tag(Tag {
                children: Some(children),
                ..
            }) => normalize_elements(children),
            _ => {}
        }
        out.push(element);
    }
    *elements = out;
}
