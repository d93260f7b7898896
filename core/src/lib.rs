//! The lashon service layer: typed requests and responses with the spec's exact field names,
//! validation to the spec's limits, the error model, and the operations behind every endpoint.
//!
//! Adapters (the HTTP server, the CLI, the Python and wasm bindings) translate between a
//! transport and this crate; the rules live here. What the service needs from the world —
//! storage and the translation model — it reaches through the traits of [`ports`], which
//! `lashon-store`, `lashon-model-client` and the in-memory types of this crate implement. News
//! ingest and the incremental clustering refresh ([`news::ingest`]), account administration
//! ([`account::admin`]) and webhook endpoints ([`news::endpoints`]) run over those ports, so
//! a Rust program can do all of it without HTTP. The crate opens no sockets and no files.
//!
//! The shared vocabulary of `lashon-vocab` is re-exported at the root: [`Dir`], [`BaseDir`],
//! [`Script`], [`LangTag`], [`utf16`], [`ServiceError`] with [`ErrorType`] and [`ErrorCode`].
//!
//! ```
//! use lashon_core::direction::{wrap, WrapRequest};
//!
//! let req: WrapRequest = serde_json::from_str(
//!     r#"{"text": "Google הודיעה היום", "format": "isolate", "base": "rtl"}"#,
//! ).unwrap();
//! let res = wrap(req).unwrap();
//! assert_eq!(res.output, "\u{2066}Google\u{2069} הודיעה היום");
//!
//! let bad: WrapRequest = serde_json::from_str(r#"{"text": ""}"#).unwrap();
//! let err = wrap(bad).unwrap_err();
//! assert_eq!(err.http_status(), 400);
//! ```

pub mod account;
pub mod clinical;
pub mod direction;
pub mod hebrew;
pub mod languages;
pub mod limits;
pub mod news;
pub mod ports;
pub mod strict_json;
pub mod terms;
pub mod time;
pub mod translate;
pub mod usage;

/// The protection crate (spans, masks, checks), for adapters that hand its types over.
pub use lashon_protect as protect;

pub use lashon_vocab::{
    utf16, BaseDir, Dir, Envelope, ErrorCode, ErrorType, InvalidLangTag, LangTag,
    ParseBaseDirError, Script, ServiceError,
};

/// The API version reported by the health check.
pub const API_VERSION: &str = "v1";
