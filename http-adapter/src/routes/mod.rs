//! Route handlers, one module per service.

pub mod hebrew;
pub mod language;
pub mod news;
