//! Route handlers, one module per service.

pub mod language;
