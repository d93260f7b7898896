//! Protected translation for lashon: the values that must survive a translation exactly.
//!
//! This crate will hold, as pure functions over their inputs, the pieces of the protected
//! translation pipeline described in the language-service spec: sentence splitting that keeps
//! Markdown structure, span finding (numbers, dates, identifiers, templates, terms, domain
//! packs), masking and unmasking, and the verification checks run on every sentence.
//! It does no I/O; lexicons and tables are arguments with built-in defaults.
//!
//! The crate is filled by the protection issue; until then it exports nothing.
