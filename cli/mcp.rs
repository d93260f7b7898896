//! `lashon mcp --stdio`: the MCP tools over stdin and stdout, for desktop agents that start
//! their tool servers as child processes. Every call is made with the key in
//! `LASHON_API_KEY` against the database of `--db`, through the same routes as
//! `lashon serve` (see `lashon_http::mcp`), so the key's scopes, rate limit and quota apply.
//! Over HTTP the same tools are `/mcp` on `lashon serve`.
//!
//! Stdout carries only JSON-RPC; logs go to stderr (`LASHON_LOG`). No crawler or webhook
//! worker runs here: a `lashon serve` on the same database does that.

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use lashon_core::account::authenticate;
use lashon_core::hebrew::nikud::Nakdimon;
use lashon_core::ports::Translator;
use lashon_http::server::AppState;
use lashon_model_client::ChatClient;

use crate::args::{DbArg, ModelArgs};
use crate::database::open_for_serving;

type CmdResult = Result<(), Box<dyn std::error::Error>>;

/// The variable the key comes from (not a flag: a flag shows in the process list).
const KEY_VAR: &str = "LASHON_API_KEY";

#[derive(Debug, Args)]
pub struct McpArgs {
    /// Speak MCP over stdin and stdout (newline-delimited JSON-RPC). The only transport of
    /// this command; over HTTP, MCP is `/mcp` on `lashon serve`.
    #[arg(long, required = true)]
    pub stdio: bool,
    #[command(flatten)]
    pub db: DbArg,
    /// Requests per minute per account, replacing every plan's figure.
    #[arg(long, env = "LASHON_RATE_LIMIT")]
    pub rate_limit: Option<u32>,
    /// Nakdimon weights converted to safetensors; without it, `add_nikud` answers
    /// not_configured.
    #[arg(long, env = "LASHON_NIKUD_MODEL")]
    pub nikud_model: Option<PathBuf>,
    #[command(flatten)]
    pub model: ModelArgs,
}

/// `lashon mcp --stdio`.
pub fn mcp(args: McpArgs) -> CmdResult {
    let key = std::env::var(KEY_VAR)
        .ok()
        .map(|k| k.trim().to_string())
        .filter(|k| !k.is_empty())
        .ok_or_else(|| format!("set {KEY_VAR} to the API key the tools are called with"))?;
    let authorization = format!("Bearer {key}")
        .parse()
        .map_err(|_| format!("{KEY_VAR} is not a valid API key"))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let opened = open_for_serving(&args.db.db)?;
        let store = opened.store;
        // A wrong key is said once, here, rather than as a refusal of every call.
        let caller = authenticate(&*store, Some(&format!("Bearer {key}")))
            .map_err(|e| format!("{KEY_VAR}: {}", e.message))?;
        let nikud = match &args.nikud_model {
            Some(path) => Some(Arc::new(Nakdimon::from_path(path).map_err(|e| {
                format!("cannot load the nikud model {}: {e}", path.display())
            })?)),
            None => None,
        };
        let model = match args.model.config() {
            Some(config) => Some(Arc::new(ChatClient::new(config)?) as Arc<dyn Translator>),
            None => None,
        };
        tracing::info!(
            account = %caller.account.name,
            key = %caller.key.id.0,
            db = %args.db.db,
            "lashon MCP on stdio"
        );
        let state = AppState {
            rate_limit: args.rate_limit,
            nikud,
            model,
            limiter: opened.windows,
            ..AppState::new(store)
        };
        lashon_http::mcp::serve_io(
            state,
            authorization,
            tokio::io::stdin(),
            tokio::io::stdout(),
        )
        .await
        .map_err(|e| e.to_string())?;
        tracing::info!("lashon MCP stopped: stdin closed");
        Ok(())
    })
}
