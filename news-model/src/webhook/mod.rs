//! Webhooks (spec, "Events"): the pure parts — who may receive ([`destination`]), what is sent
//! ([`event`]), how it is signed and verified ([`signature`]), and when it is retried
//! ([`schedule`]).
//!
//! A receiver verifies a delivery with [`verify`] over the raw body, before parsing it:
//!
//! ```
//! use lashon_news::webhook::{sign, verify, TOLERANCE_SECONDS};
//!
//! let body = br#"{"id":"6f1c","type":"story.breaking"}"#;
//! let header = sign(b"whsec_example", 1_780_000_000, body);
//! assert!(verify(b"whsec_example", &header, body, 1_780_000_030, TOLERANCE_SECONDS).is_ok());
//! assert!(verify(b"whsec_example", &header, b"{}", 1_780_000_030, TOLERANCE_SECONDS).is_err());
//! ```

pub mod destination;
pub mod event;
pub mod schedule;
pub mod signature;

pub use destination::{check_destination, is_public, Destination, DestinationError};
pub use event::{uuid_v4, EventType, WebhookEvent};
pub use schedule::{next, AttemptResult, Next, MAX_ATTEMPTS};
pub use signature::{sign, verify, VerifyError, TOLERANCE_SECONDS};
