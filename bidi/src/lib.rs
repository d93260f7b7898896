//! Right-to-left / left-to-right text for lashon: direction analysis, display runs,
//! render-ready wrapping and language detection for mixed Hebrew, English, Russian and
//! Arabic text.
//!
//! - [`analyze`] resolves a string with the Unicode Bidirectional Algorithm (UAX #9) and
//!   reports the paragraph direction, whether the text mixes directions, the dominant
//!   language and script, the UBA's runs, and the *display runs*: every left-to-right unit
//!   inside right-to-left text (a Latin term, a price, a dose, a range, a date, a URL...) as
//!   one run that a renderer must never split or mirror. A paragraph without explicit
//!   embeddings, overrides or isolates (nearly every real string) is resolved by this crate's
//!   fast path in one decoding pass ([`uba`]); any other goes through the `unicode-bidi`
//!   crate. Both are held to the Unicode conformance files.
//! - [`wrap`] writes those display runs as HTML (`<span dir>`), Unicode isolates, or LRM/RLM
//!   marks, with the paragraph direction made explicit.
//! - [`detect`] tells the dominant language of mixed text, with same-script segments and the
//!   share of each language.
//!
//! Offsets are UTF-16 code units, `end` exclusive. Every function takes any string and never
//! panics; limits on input size belong to the service layer.
//!
//! ```
//! use lashon_bidi::{analyze, detect, wrap, Format};
//! use lashon_vocab::BaseDir;
//!
//! let line = "התור נקבע ל-10:00–12:00 ב-Google Meet";
//! let a = analyze(line, BaseDir::Auto);
//! assert_eq!(a.dir.as_str(), "rtl");
//! assert!(a.mixed);
//! let units: Vec<&str> = a
//!     .display_runs
//!     .iter()
//!     .filter(|r| r.dir.as_str() == "ltr")
//!     .map(|r| r.text.as_str())
//!     .collect();
//! assert_eq!(units, ["10:00–12:00", "Google Meet"]);
//!
//! let w = wrap(line, Format::Isolate, BaseDir::Auto);
//! assert_eq!(
//!     w.output,
//!     "התור נקבע ל-\u{2066}10:00–12:00\u{2069} ב-\u{2066}Google Meet\u{2069}"
//! );
//! assert_eq!(detect(line).lang.as_str(), "he");
//! ```

mod analysis;
mod chars;
mod class;
mod detect;
mod display;
mod implicit;
mod letters;
mod paragraph;
mod run;
pub mod uba;
mod units;
mod wrap;

pub use analysis::{analyze, DirectionAnalysis};
pub use detect::{detect, Detection, LanguageShare, Segment};
pub use run::Run;
pub use wrap::{wrap, Format, ParseFormatError, Wrapped};
