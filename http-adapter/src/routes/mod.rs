//! Route handlers, one module per service.

pub mod clinical;
pub mod hebrew;
pub mod language;
pub mod news;
pub mod translate;
