//! The `lashon` command line.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "lashon",
    version,
    about = "Hebrew language and Israeli news services"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the HTTP API.
    Serve(ServeArgs),
}

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "LASHON_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// SQLite file (created if missing).
    #[arg(long, env = "LASHON_DB", default_value = "lashon.db")]
    pub db: PathBuf,
    /// Print a quick tour of the endpoints to try once the server is up.
    #[arg(long)]
    pub demo: bool,
}
