//! The HTTP adapter of lashon: the routes of the language service (`/v1`) and the news service
//! (`/api/v1`), their extractors and layers (authentication, scopes, rate limit, quota, usage
//! and request-id headers), the server loop, the two OpenAPI documents, and the MCP server
//! ([`mcp`]: `/mcp`, whose tools are calls into the same routes).
//!
//! Handlers only translate between HTTP and `lashon-core`: they extract typed input, call the
//! service, and return its typed output or its error in the spec's envelope. Every failure —
//! malformed JSON, a wrong content type, an oversize body, an unknown path or method — answers
//! with `{ "error": { "type", "message", "code" } }` (`{ "error": { "code", "message" } }`
//! under `/api/v1`). The store and the translation model come in as `lashon-core` ports
//! ([`ServiceStore`](lashon_core::ports::ServiceStore),
//! [`Translator`](lashon_core::ports::Translator)); the `lashon` binary wires the real ones.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use std::sync::Arc;
//! use lashon_http::server::{self, AppState};
//! use lashon_store::SqliteStore;
//! use tokio::io::{AsyncReadExt, AsyncWriteExt};
//!
//! let dir = tempfile::tempdir()?;
//! let store = SqliteStore::open(dir.path().join("lashon.db"))?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let addr = listener.local_addr()?;
//! let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
//! let state = AppState::new(Arc::new(store));
//! let server = tokio::spawn(server::serve(listener, state, async {
//!     let _ = stopped.await;
//! }));
//!
//! let mut conn = tokio::net::TcpStream::connect(addr).await?;
//! conn.write_all(b"GET /v1/health HTTP/1.1\r\nHost: lashon\r\nConnection: close\r\n\r\n")
//!     .await?;
//! let mut answer = String::new();
//! conn.read_to_string(&mut answer).await?;
//! assert!(answer.starts_with("HTTP/1.1 200 OK"));
//! assert!(answer.ends_with(r#"{"status":"ok","db":"ok","version":"v1"}"#));
//!
//! stop.send(()).ok();
//! server.await??;
//! # Ok(())
//! # }
//! ```

pub mod billing;
pub mod error;
pub mod extract;
pub mod ids;
pub mod layers;
pub mod listener;
pub mod mcp;
pub mod news_layers;
pub mod news_openapi;
pub mod openapi;
pub mod routes;
pub mod server;
pub mod usage_cache;
