//! The command line: `serve`, `migrate` and `init`, all reading the same [`Settings`].

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use serde_json::json;
use tracing_subscriber::EnvFilter;

use crate::config::Settings;
use crate::error::{Error, Result};
use crate::startup::{create_org, Application};
use tessera_store::{SchemaStatus, Store};

/// Tessera admission server.
#[derive(Debug, Parser)]
#[command(name = "tessera-server", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    settings: Settings,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve REST and the gate WebSocket (SQLite: creates and migrates the database).
    Serve,
    /// Apply database migrations and exit (run before rolling out a new version).
    Migrate,
    /// Create an organisation and print its admin key once, as JSON.
    Init {
        /// The organisation's name.
        #[arg(long)]
        org: String,
    },
}

/// Parses the command line, runs the command and maps failures to an exit code.
pub async fn main() -> ExitCode {
    let cli = Cli::parse();
    let filter = EnvFilter::try_new(&cli.settings.log).unwrap_or_else(|_| EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "tessera-server failed");
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn print_line(line: &str) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{line}")?;
    stdout.flush()?;
    Ok(())
}

async fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Serve => serve(cli.settings).await,
        Command::Migrate => {
            let store = Store::connect(&cli.settings.store_options()).await?;
            store.migrate().await?;
            tracing::info!(backend = store.backend_name(), "migrations applied");
            store.close().await;
            Ok(())
        }
        Command::Init { org } => {
            tessera_domain::Label::parse("org", &org)
                .map_err(|invalid| Error::Config(invalid.to_string()))?;
            let store = Store::connect(&cli.settings.store_options()).await?;
            if store.is_sqlite() {
                store.migrate().await?;
            } else if store.schema_status().await? == SchemaStatus::Behind {
                return Err(Error::SchemaBehind);
            }
            let (org_id, admin_key) = create_org(&store, &org).await?;
            print_line(&json!({ "org_id": org_id, "admin_key": admin_key.as_str() }).to_string())?;
            store.close().await;
            Ok(())
        }
    }
}

async fn serve(settings: Settings) -> Result<()> {
    let backend = if settings.is_postgres() {
        "postgres"
    } else {
        "sqlite"
    };
    let (app, bootstrap) = Application::build(settings).await?;
    if let Some(first) = bootstrap {
        print_line(
            &json!({ "org_id": first.org_id, "admin_key": first.admin_key.as_str() }).to_string(),
        )?;
        eprintln!(
            "Created the first organisation. Its admin key above is shown only this once: keep it.\n\
             More organisations: `tessera-server init --org NAME`; more keys: POST /v1/api-keys."
        );
    }
    let addr = app.local_addr()?;
    if let Some(metrics) = app.metrics_addr()? {
        print_line(&format!("metrics listening on {metrics}"))?;
    }
    tracing::info!(%addr, backend, "tessera-server listening");
    print_line(&format!("listening on {addr}"))?;
    app.run_until_stopped(shutdown_signal()).await
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}
