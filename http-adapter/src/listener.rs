//! The server loop: connections accepted under limits that neither a hostile nor a merely busy
//! client can exhaust.
//!
//! - **Header read and idle timeout**: a connection must deliver a whole request head within
//!   [`ServerLimits::header_read_timeout`] of being accepted or of its previous response, or it
//!   is closed (a client sending half a request line, or keeping an idle connection, cannot
//!   hold a descriptor and its memory for ever).
//! - **Request deadline**: a request that has not answered within
//!   [`ServerLimits::request_timeout`] (its body read, its work, its model call) is answered
//!   503 and its work dropped; see [`crate::layers::deadline`].
//! - **Connection cap**: at most [`ServerLimits::max_connections`] open at once, kept below
//!   the process's descriptor limit; one over it is answered 503 with the error envelope and
//!   `Connection: close` at once, so `/v1/health` and everyone else keep being served.
//! - **Graceful shutdown with a deadline**: on the signal, no new connection is accepted, the
//!   requests in flight may finish within [`ServerLimits::shutdown_timeout`], and then the
//!   process stops regardless.
//!
//! axum's own `serve` sets none of these (its connections have no timer, so hyper's header
//! timeout never fires); this loop drives hyper's HTTP/1 connection directly.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// Limits of the server loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServerLimits {
    /// Longest wait for a request head, from the connection's start or its last response.
    pub header_read_timeout: Duration,
    /// Longest time a request may take to answer.
    pub request_timeout: Duration,
    /// Most connections open at once.
    pub max_connections: usize,
    /// Longest wait for the requests in flight at shutdown.
    pub shutdown_timeout: Duration,
}

impl Default for ServerLimits {
    fn default() -> Self {
        ServerLimits {
            header_read_timeout: Duration::from_secs(10),
            // Clinical documents of 20,000 characters go to the model in chunks, with one
            // retry on the stronger tier: minutes, not hours.
            request_timeout: Duration::from_secs(300),
            max_connections: 4_096,
            shutdown_timeout: Duration::from_secs(30),
        }
    }
}

/// Descriptors kept free of connections: the database, the log, outbound calls (model,
/// feeds, webhooks) and the refusals themselves.
const SPARE_DESCRIPTORS: u64 = 128;

/// Most request headers; more is 431 (`crate::layers::request_bounds` answers with the
/// envelope well before hyper's own limits).
const HYPER_MAX_HEADERS: usize = 512;

/// Largest request head hyper buffers.
const HYPER_MAX_BUF: usize = 1024 * 1024;

/// Raises the soft descriptor limit to the hard one and returns how many connections fit
/// under it, at most `wanted`.
pub fn connections_that_fit(wanted: usize) -> usize {
    #[cfg(unix)]
    {
        let limit = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(1024);
        let fit = limit.saturating_sub(SPARE_DESCRIPTORS).max(16);
        wanted.min(usize::try_from(fit).unwrap_or(usize::MAX))
    }
    #[cfg(not(unix))]
    {
        wanted
    }
}

/// The answer to a connection over the cap, written before it is closed.
fn refusal() -> Vec<u8> {
    let body = r#"{"error":{"type":"service_unavailable","message":"the server has too many open connections; retry shortly","code":"service_unavailable"}}"#;
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\nx-content-stored: false\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

async fn refuse(mut stream: TcpStream) {
    let write = async {
        stream.write_all(&refusal()).await?;
        stream.shutdown().await
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), write).await;
}

/// Serves `app` on `listener` until `shutdown` completes, then lets the requests in flight
/// finish within the shutdown deadline.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ServerLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .keep_alive(true)
        .max_headers(HYPER_MAX_HEADERS)
        .max_buf_size(HYPER_MAX_BUF);
    tokio::pin!(shutdown);
    loop {
        let (stream, _peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(conn) => conn,
                Err(e) => {
                    // Out of descriptors or memory for a moment: wait, do not spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            // Errors here are the client's (a timeout, a reset, a malformed head): hyper has
            // answered what could be answered.
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, "connection ended");
            }
            drop(slot);
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(limits.shutdown_timeout) => {
            tracing::warn!(
                seconds = limits.shutdown_timeout.as_secs(),
                "requests still in flight at the shutdown deadline; stopping anyway"
            );
        }
    }
    Ok(())
}
