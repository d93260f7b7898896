//! Shared vocabulary of lashon: the small types every other crate speaks.
//!
//! - [`Dir`]: a resolved text direction (`ltr`/`rtl`), and [`BaseDir`], the requested
//!   paragraph base (`auto`/`ltr`/`rtl`).
//! - [`Script`]: an ISO 15924 script code (`Hebr`, `Latn`, `Cyrl`, `Arab`, `Zyyy`, ...).
//! - [`LangTag`]: a BCP 47 language tag, with the best-effort mapping from a script.
//! - [`utf16`]: conversions between UTF-8 byte offsets and the UTF-16 code-unit offsets the
//!   API reports.
//! - [`ServiceError`]: the language service's error model (`type`, `code`, `message`) and its
//!   HTTP status mapping.
//!
//! The crate is pure: no I/O, no allocation beyond what a value needs. `lashon-core`
//! re-exports everything here, so users of the service layer rarely name this crate.
//!
//! ```
//! use lashon_vocab::{Dir, LangTag, Script};
//!
//! let script = Script::of_char('ש');
//! assert_eq!(script, Script::HEBR);
//! assert_eq!(script.dir(), Some(Dir::Rtl));
//! assert_eq!(LangTag::from_script(script).as_str(), "he");
//! assert_eq!(lashon_vocab::utf16::len("שלום 🙂"), 7);
//! ```

mod dir;
mod error;
mod lang;
#[cfg(feature = "openapi")]
mod openapi;
mod script;
pub mod utf16;

pub use dir::{BaseDir, Dir, ParseBaseDirError};
pub use error::{Envelope, ErrorCode, ErrorType, ServiceError};
pub use lang::{InvalidLangTag, LangTag};
pub use script::Script;
