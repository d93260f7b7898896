//! The news model of lashon: the pure part of the news service.
//!
//! This crate will hold the news types with the spec's JSON fields, parameter rules, keyset
//! cursors, story clustering, story states, trending metrics, export records and webhook
//! signing, all deterministic and free of I/O so they can be tested on scripted timelines.
//!
//! The crate is filled by the news issues; until then it exports nothing.
