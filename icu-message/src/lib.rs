//! ICU MessageFormat for lashon: parse, print, validate, hoist and rewrite plural branches for
//! Hebrew, English and Russian.
//!
//! This is the part of the translation pipeline that handles `message_format: "icu"`: a
//! message is parsed ([`parse`]), checked against a locale's CLDR plural categories
//! ([`validate`]), its plurals and selects are moved to the top so every branch is a whole
//! sentence ([`hoist`]), its plural branches are rewritten to the target language's
//! categories ([`rewrite`]), the branch sentences are listed for translation ([`segments`]) and
//! the translated message is rebuilt and re-validated ([`rebuild`]).
//!
//! The crate is pure: no I/O; CLDR plural data is compiled in (via `icu_plurals`).
//!
//! ```
//! use lashon_icu::{hoist, parse, print, rewrite, segments, Plurals, DEFAULT_BRANCH_LIMIT};
//!
//! let en = Plurals::new("en").unwrap();
//! let he = Plurals::new("he").unwrap();
//! let message = parse("You have {n, plural, one {# new message} other {# new messages}}.").unwrap();
//!
//! // Each branch becomes a whole sentence.
//! let hoisted = hoist(&message, DEFAULT_BRANCH_LIMIT).unwrap();
//! assert_eq!(
//!     print(&hoisted),
//!     "{n, plural, one {You have # new message.} other {You have # new messages.}}"
//! );
//!
//! // Hebrew needs one, two and other; `two` comes from English `other` (n = 2).
//! let rewritten = rewrite(&hoisted, &en, &he);
//! let two = &rewritten.plurals[0].branches[1];
//! assert_eq!(two.key.to_key_string(), "two");
//! assert_eq!(two.from.to_key_string(), "other");
//! assert_eq!(two.samples, ["2"]);
//!
//! // The number is the placeholder `{#}` in segments; a bare `#` there is text.
//! let sentences: Vec<String> = segments(&rewritten.message).into_iter().map(|s| s.text).collect();
//! assert_eq!(sentences, ["You have {#} new message.", "You have {#} new messages.", "You have {#} new messages."]);
//! ```
//!
//! Errors convert into the service's [`lashon_vocab::ServiceError`]: a message that does not
//! parse is `invalid_message_format`, one with too many branch sentences is
//! `message_too_complex`.

mod ast;
mod error;
mod hoist;
pub mod json;
mod parser;
mod plurals;
mod printer;
mod rewrite;
mod segments;
mod syntax;
mod validate;

pub use ast::{
    Element, Format, Formatted, Message, Plural, PluralBranch, PluralKey, PluralKind, Select,
    SelectBranch, Tag,
};
pub use error::{IcuError, ParseError, ParseErrorKind};
pub use hoist::{hoist, DEFAULT_BRANCH_LIMIT};
pub use parser::{parse, MAX_DEPTH};
pub use plurals::{Category, Plurals};
pub use printer::print;
pub use rewrite::{rewrite, BranchOrigin, PluralRewrite, Rewrite};
pub use segments::{rebuild, segments, Placeholder, Rebuilt, Segment, Step, NUMBER};
pub use validate::{check, validate, Warning};
