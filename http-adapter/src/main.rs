//! `lashon`: the command-line entry point. See `lashon --help`.

use std::process::ExitCode;

use clap::Parser;
use lashon_http::cli::{Cli, Command, ServeArgs};
use lashon_http::server::{self, AppState};
use lashon_http::store::Store;
use tokio::net::TcpListener;
use tracing_subscriber::EnvFilter;

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("LASHON_LOG").unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("lashon: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = match cli.command {
        Command::Serve(args) => runtime.block_on(serve(args)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lashon: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(args: ServeArgs) -> Result<(), Box<dyn std::error::Error>> {
    let store = Store::open(&args.db)?;
    let listener = TcpListener::bind(args.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.addr))?;
    let addr = listener.local_addr()?;
    tracing::info!(%addr, db = %args.db.display(), "lashon serving");
    if args.demo {
        print_tour(addr);
    }
    server::serve(listener, AppState::new(store), server::shutdown_signal()).await?;
    tracing::info!("lashon stopped");
    Ok(())
}

fn print_tour(addr: std::net::SocketAddr) {
    println!("lashon is listening on http://{addr}. Try:");
    println!("  curl -s http://{addr}/v1/health");
    println!(
        "  curl -s http://{addr}/v1/wrap -H 'Content-Type: application/json' \\\n    -d '{{\"text\": \"Google הודיעה על מבצע של ₪1,200.50 עד 12/05/2026\", \"base\": \"rtl\"}}'"
    );
    println!(
        "  curl -s http://{addr}/v1/detect -H 'Content-Type: application/json' -d '{{\"text\": \"שילמתי ב-PayPal\"}}'"
    );
    println!(
        "  curl -s http://{addr}/v1/analyze -H 'Content-Type: application/json' -d '{{\"text\": \"מינון: 5 mg\"}}'"
    );
}
