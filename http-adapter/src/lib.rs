//! The HTTP adapter of lashon: the `lashon` binary's server, storage and command line.
//!
//! Handlers only translate between HTTP and `lashon-core`: they extract typed input, call the
//! service, and return its typed output or its error in the spec's envelope. Every failure —
//! malformed JSON, a wrong content type, an oversize body, an unknown path or method — answers
//! with `{ "error": { "type", "message", "code" } }`.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! use lashon_http::{server, store::Store};
//!
//! let store = Store::open("lashon.db").expect("database");
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! server::serve(listener, server::AppState::new(store), std::future::pending()).await
//! # }
//! ```

pub mod admin;
pub mod billing;
pub mod cli;
pub mod cli_news;
pub mod cli_webhooks;
pub mod crawler;
pub mod error;
pub mod extract;
pub mod layers;
pub mod model_client;
pub mod news_ingest;
pub mod news_layers;
pub mod news_openapi;
pub mod openapi;
pub mod routes;
pub mod server;
pub mod store;
pub mod usage_cache;
pub mod webhooks;
