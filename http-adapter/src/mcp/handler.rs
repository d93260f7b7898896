//! The MCP server: `initialize`, `tools/list` and `tools/call` over the [`Catalog`].
//!
//! `tools/list` authenticates the caller's key and lists the tools its scopes admit;
//! `tools/call` runs the tool as a request to the API router ([`super::call`]), where the route
//! decides everything else. The caller is the `Authorization` of the HTTP request that carried
//! the message (rmcp puts its `http::request::Parts` in the request's extensions), or the one
//! key a stdio server was started with.

use std::borrow::Cow;
use std::sync::Arc;

use axum::http::HeaderValue;
use axum::Router;
use lashon_core::account::{authenticate, AuthContext};
use lashon_core::ports::ServiceStore;
use rmcp::model::{
    CacheScope, CallToolRequestParams, CallToolResponse, Implementation, ListToolsResult,
    PaginatedRequestParams, ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::json;

use super::call::{call, Caller};
use super::catalog::Catalog;

/// The oldest protocol revision served: the first with structured tool output
/// (`outputSchema`, `structuredContent`), which every lashon tool answers with.
pub const OLDEST_PROTOCOL: &str = "2025-06-18";

/// Where the caller's key comes from.
#[derive(Clone)]
enum Credential {
    /// Each HTTP request's own headers.
    PerRequest,
    /// One key for the whole connection (stdio).
    Fixed(HeaderValue),
}

/// The lashon MCP server. Cheap to clone: one per session.
#[derive(Clone)]
pub struct LashonMcp {
    api: Router,
    store: Arc<dyn ServiceStore>,
    catalog: Arc<Catalog>,
    credential: Credential,
}

impl LashonMcp {
    /// A server for `/mcp`: each message's key is its HTTP request's.
    pub fn per_request(api: Router, store: Arc<dyn ServiceStore>, catalog: Arc<Catalog>) -> Self {
        LashonMcp {
            api,
            store,
            catalog,
            credential: Credential::PerRequest,
        }
    }

    /// A server whose every call is made with `authorization` (`Bearer <key>`).
    pub fn with_key(
        api: Router,
        store: Arc<dyn ServiceStore>,
        catalog: Arc<Catalog>,
        authorization: HeaderValue,
    ) -> Self {
        LashonMcp {
            api,
            store,
            catalog,
            credential: Credential::Fixed(authorization),
        }
    }

    fn caller(&self, context: &RequestContext<RoleServer>) -> Caller {
        match &self.credential {
            Credential::Fixed(authorization) => Caller {
                authorization: Some(authorization.clone()),
                origin: None,
            },
            Credential::PerRequest => context
                .extensions
                .get::<axum::http::request::Parts>()
                .map(|parts| Caller::from_headers(&parts.headers))
                .unwrap_or_default(),
        }
    }

    /// The caller's account and key; a JSON-RPC error carrying the API's envelope when the
    /// key is missing, malformed, unknown or revoked (over HTTP the `/mcp` layer has already
    /// answered 401 for those, so this is the stdio key revoked since start).
    fn authenticate(&self, caller: &Caller) -> Result<AuthContext, ErrorData> {
        let header = caller
            .authorization
            .as_ref()
            .map(|v| v.to_str().unwrap_or("\u{0}invalid"));
        authenticate(&*self.store, header).map_err(|e| {
            ErrorData::invalid_request(
                format!("{}: {}", e.code.as_str(), e.message),
                serde_json::to_value(e.envelope()).ok(),
            )
        })
    }
}

impl ServerHandler for LashonMcp {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(
                Implementation::new("lashon", env!("CARGO_PKG_VERSION"))
                    .with_title("lashon: Hebrew language and Israeli news"),
            )
            .with_instructions(
                "Hebrew language tools (protected translation he/en/ru with every sentence verified, \
                 clinical translation, account terms, bidi direction and display wrapping, language \
                 detection, transliteration, vowel points) and the Israeli press clustered into stories \
                 (coverage per press camp, blindspots, trending, threads, newsrooms, people, a daily \
                 brief). Tools listed are those this API key may call; calls share the key's rate \
                 limit and quota with the HTTP API. A failed call is a tool error whose text is the \
                 API's envelope: branch on error.code; wait retry_after seconds on rate_limited.",
            )
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Owned(
            ProtocolVersion::KNOWN_VERSIONS
                .iter()
                .filter(|v| v.as_str() >= OLDEST_PROTOCOL)
                .cloned()
                .collect(),
        )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let ctx = self.authenticate(&self.caller(&context))?;
        // The list depends on the key: no one else's cache may serve it.
        Ok(
            ListToolsResult::with_all_items(self.catalog.tools_for(&ctx))
                .with_ttl_ms(0)
                .with_cache_scope(CacheScope::Private),
        )
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let Some(entry) = self.catalog.entry(&request.name) else {
            return Err(ErrorData::invalid_params(
                format!("no tool named {:?}", request.name),
                Some(json!({ "tool": request.name })),
            ));
        };
        let caller = self.caller(&context);
        // A cancelled call drops the route's work: its model call stops, its charge is
        // refunded, as when an HTTP client goes away.
        tokio::select! {
            result = call(self.api.clone(), entry, request.arguments, &caller) => Ok(result.into()),
            () = context.ct.cancelled() => Err(ErrorData::internal_error("the call was cancelled", None)),
        }
    }
}
