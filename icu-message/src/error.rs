//! Errors: what went wrong, where (byte and UTF-16 offsets), and what to do about it.

use std::fmt;

use lashon_vocab::{ErrorCode, ServiceError};

/// Why a message does not parse. Each kind has a stable [`code`](ParseErrorKind::code) used
/// by the test vectors and bindings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A `{` (argument or branch) that is never closed.
    UnclosedBrace,
    /// `{}` or `{ }`.
    EmptyArgument,
    /// A character that cannot start or continue an argument name.
    InvalidArgumentName,
    /// After the argument name something other than `,` or `}`.
    ExpectedCommaOrBrace,
    /// `{n, }`: nothing where the argument type belongs.
    ExpectedArgumentType,
    /// `{n, money}`.
    UnknownArgumentType(String),
    /// `{n, number, }`: a comma with no style after it.
    EmptyStyle,
    /// A style with an apostrophe that never closes.
    UnclosedQuoteInStyle,
    /// `{n, plural}`: a complex argument without its branches.
    ExpectedBranches,
    /// Where a branch key belongs, something else.
    ExpectedKey,
    /// A plural key that is neither a CLDR category nor `=N`.
    UnknownPluralKeyword(String),
    /// `=` not followed by a number.
    InvalidExactKey,
    /// A key not followed by `{`.
    ExpectedBranch(String),
    /// The same key twice in one plural or select.
    DuplicateKey(String),
    /// A plural, selectordinal or select without `other`.
    MissingOther,
    /// `offset:` not followed by a whole number.
    BadOffset,
    /// `offset:N` after the first key.
    OffsetNotFirst,
    /// `offset:N` in a select.
    OffsetInSelect,
    /// `<b>` with no `</b>`.
    UnclosedTag(String),
    /// `<b>…</i>`.
    MismatchedClosingTag { open: String, close: String },
    /// `</b>` with no `<b>` before it (in the same branch).
    UnexpectedClosingTag(String),
    /// Arguments and tags nested deeper than [`MAX_DEPTH`](crate::parser::MAX_DEPTH).
    TooDeep,
}

impl ParseErrorKind {
    /// A stable snake_case name for the kind.
    pub fn code(&self) -> &'static str {
        match self {
            ParseErrorKind::UnclosedBrace => "unclosed_brace",
            ParseErrorKind::EmptyArgument => "empty_argument",
            ParseErrorKind::InvalidArgumentName => "invalid_argument_name",
            ParseErrorKind::ExpectedCommaOrBrace => "expected_comma_or_brace",
            ParseErrorKind::ExpectedArgumentType => "expected_argument_type",
            ParseErrorKind::UnknownArgumentType(_) => "unknown_argument_type",
            ParseErrorKind::EmptyStyle => "empty_style",
            ParseErrorKind::UnclosedQuoteInStyle => "unclosed_quote_in_style",
            ParseErrorKind::ExpectedBranches => "expected_branches",
            ParseErrorKind::ExpectedKey => "expected_key",
            ParseErrorKind::UnknownPluralKeyword(_) => "unknown_plural_keyword",
            ParseErrorKind::InvalidExactKey => "invalid_exact_key",
            ParseErrorKind::ExpectedBranch(_) => "expected_branch",
            ParseErrorKind::DuplicateKey(_) => "duplicate_key",
            ParseErrorKind::MissingOther => "missing_other",
            ParseErrorKind::BadOffset => "bad_offset",
            ParseErrorKind::OffsetNotFirst => "offset_not_first",
            ParseErrorKind::OffsetInSelect => "offset_in_select",
            ParseErrorKind::UnclosedTag(_) => "unclosed_tag",
            ParseErrorKind::MismatchedClosingTag { .. } => "mismatched_closing_tag",
            ParseErrorKind::UnexpectedClosingTag(_) => "unexpected_closing_tag",
            ParseErrorKind::TooDeep => "too_deep",
        }
    }

    fn advice(&self) -> String {
        match self {
            ParseErrorKind::UnclosedBrace => {
                "this '{' is never closed: add the matching '}' (write '{' in quotes, as '{', for a literal brace)".into()
            }
            ParseErrorKind::EmptyArgument => "empty argument '{}': put an argument name inside the braces".into(),
            ParseErrorKind::InvalidArgumentName => {
                "invalid argument name: use letters, digits and '_' (no spaces or punctuation)".into()
            }
            ParseErrorKind::ExpectedCommaOrBrace => {
                "expected ',' or '}' after the argument name (names cannot contain spaces)".into()
            }
            ParseErrorKind::ExpectedArgumentType => {
                "expected an argument type after ',': number, date, time, plural, selectordinal or select".into()
            }
            ParseErrorKind::UnknownArgumentType(t) => format!(
                "unknown argument type '{t}': use number, date, time, spellout, ordinal, duration, plural, selectordinal or select"
            ),
            ParseErrorKind::EmptyStyle => "empty style after ',': write a style (short, percent, ::currency/ILS) or drop the comma".into(),
            ParseErrorKind::UnclosedQuoteInStyle => "the apostrophe in this style is never closed: add the closing '".into(),
            ParseErrorKind::ExpectedBranches => {
                "expected ',' and branches such as 'one {…} other {…}' after the argument type".into()
            }
            ParseErrorKind::ExpectedKey => "expected a branch key such as 'other' or '=0' here".into(),
            ParseErrorKind::UnknownPluralKeyword(k) => format!(
                "unknown plural keyword '{k}': use zero, one, two, few, many, other or an exact match like =0"
            ),
            ParseErrorKind::InvalidExactKey => "expected a number after '=' (as in =0 or =1)".into(),
            ParseErrorKind::ExpectedBranch(k) => format!("expected '{{' to open the branch of key '{k}'"),
            ParseErrorKind::DuplicateKey(k) => format!("key '{k}' appears twice: keep one branch per key"),
            ParseErrorKind::MissingOther => "missing the 'other' branch, which plural, selectordinal and select require".into(),
            ParseErrorKind::BadOffset => "offset must be a whole number, as in offset:1".into(),
            ParseErrorKind::OffsetNotFirst => "offset:N must come before the first branch key".into(),
            ParseErrorKind::OffsetInSelect => "select has no offset: offset:N belongs to plural and selectordinal".into(),
            ParseErrorKind::UnclosedTag(t) => format!("tag <{t}> is never closed: add </{t}> in the same branch, or write <{t}/>"),
            ParseErrorKind::MismatchedClosingTag { open, close } => {
                format!("</{close}> closes <{open}>: close tags in the reverse order they open")
            }
            ParseErrorKind::UnexpectedClosingTag(t) => {
                format!("</{t}> has no matching <{t}> in the same branch")
            }
            ParseErrorKind::TooDeep => format!(
                "arguments and tags nest more than {} levels deep: flatten the message or split it",
                crate::parser::MAX_DEPTH
            ),
        }
    }
}

/// A message that does not parse: the kind and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub kind: ParseErrorKind,
    /// Offset in UTF-8 bytes from the start of the message.
    pub byte: usize,
    /// The same offset in UTF-16 code units, as the API reports offsets.
    pub utf16: usize,
}

impl ParseError {
    pub(crate) fn at(kind: ParseErrorKind, source: &str, byte: usize) -> ParseError {
        let utf16 = lashon_vocab::utf16::from_byte_offset(source, byte).unwrap_or(0);
        ParseError { kind, byte, utf16 }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at offset {})", self.kind.advice(), self.utf16)
    }
}

impl std::error::Error for ParseError {}

/// Every error of this crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IcuError {
    /// The message is not valid ICU MessageFormat.
    Parse(ParseError),
    /// Hoisting would produce more branch sentences than the limit.
    TooComplex { branches: usize, limit: usize },
    /// The locale tag does not parse.
    InvalidLocale(String),
    /// Rebuilding got a different number of translated segments than there are branches.
    SegmentCount { expected: usize, found: usize },
    /// A translated segment lost, added or changed a placeholder.
    Placeholder {
        segment: usize,
        placeholder: String,
        expected: usize,
        found: usize,
    },
    /// A translated segment's tags do not nest.
    SegmentTags { segment: usize, detail: String },
}

impl IcuError {
    /// The language service's error code for this error.
    pub fn code(&self) -> ErrorCode {
        match self {
            IcuError::TooComplex { .. } => ErrorCode::MessageTooComplex,
            IcuError::InvalidLocale(_) => ErrorCode::UnsupportedLanguage,
            _ => ErrorCode::InvalidMessageFormat,
        }
    }
}

impl fmt::Display for IcuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IcuError::Parse(e) => write!(f, "invalid ICU message: {e}"),
            IcuError::TooComplex { branches, limit } => write!(
                f,
                "the message has {branches} branch sentences once its plurals and selects are combined (limit {limit}): split it into smaller messages"
            ),
            IcuError::InvalidLocale(tag) => write!(f, "'{tag}' is not a BCP 47 locale tag"),
            IcuError::SegmentCount { expected, found } => write!(
                f,
                "expected {expected} translated segments, got {found}: send one per branch sentence, in order"
            ),
            IcuError::Placeholder { segment, placeholder, expected, found } => write!(
                f,
                "segment {segment}: placeholder {placeholder} appears {found} times, expected {expected}: keep every placeholder exactly"
            ),
            IcuError::SegmentTags { segment, detail } => {
                write!(f, "segment {segment}: tags do not nest ({detail})")
            }
        }
    }
}

impl std::error::Error for IcuError {}

impl From<ParseError> for IcuError {
    fn from(e: ParseError) -> IcuError {
        IcuError::Parse(e)
    }
}

impl From<IcuError> for ServiceError {
    fn from(e: IcuError) -> ServiceError {
        ServiceError::new(e.code(), e.to_string())
    }
}

impl From<ParseError> for ServiceError {
    fn from(e: ParseError) -> ServiceError {
        IcuError::Parse(e).into()
    }
}
