//! ICU MessageFormat for lashon: parse, print, validate, hoist and rewrite plural branches for
//! Hebrew, English and Russian.
//!
//! The crate is filled by the ICU issue; until then it exports nothing.
