//! Hebrew text tools: strip points, transliteration both ways, and vowel points (nikud) with a
//! native port of the Nakdimon model (issue 12; spec "Hebrew text tools").
//!
//! - [`strip`]: remove vowel points, dagesh, shin/sin dots, rafe and cantillation, keep Hebrew
//!   punctuation, output NFC.
//! - [`nikud`]: load the converted Nakdimon weights and vocalize text.
//! - [`translit`]: Hebrew → Latin (modern Academy scheme, SBL) and Latin → Hebrew letters.
//!
//! The request and response types of `POST /v1/transliterate`, `POST /v1/nikud` and
//! `POST /v1/strip-nikud`, with their validation, are in [`api`].
//!
//! ```
//! use lashon_core::hebrew::strip_points;
//!
//! assert_eq!(strip_points("עִבְרִית"), "עברית");
//! ```

pub mod api;
pub mod nikud;
pub mod strip;
pub mod translit;

pub use strip::strip_points;
