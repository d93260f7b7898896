//! Clinical operations (spec "Clinical resources"): verified English → Hebrew translation
//! of clinical documents, with streaming; a Hebrew question turned into an English
//! record-search query; and verification of a given translation.
//!
//! All three count three times their characters against the quota. The HTTP adapter gates
//! them (the account's clinical feature, the key's `medical` scope, no browser `Origin`).

pub mod lexicon;
pub mod query;
pub mod translate;
pub mod verify;

pub use lexicon::ClinicalLexicon;
pub use query::{query, KnownTerm, QueryRequest, QueryResponse, QueryTerm, TermSource};
pub use translate::{
    translate_clinical, ClinicalSegment, ClinicalStats, ClinicalStreamDone,
    ClinicalTranslateRequest, ClinicalTranslateResponse, STREAM_CHUNK,
};
pub use verify::{verify_clinical, Verification, VerifyRequest, VerifyResponse};
