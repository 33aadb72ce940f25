//! The command line: `serve`, `migrate`, `init` and the rest, all reading the same
//! [`Settings`], from flags, `TESSERA_*` variables and the configuration file
//! ([`crate::config_file`]), in that order of precedence.

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use serde_json::json;
use tracing_subscriber::EnvFilter;

use crate::config::Settings;
use crate::config_file::{self, FileValues};
use crate::error::{Error, Result};
use crate::startup::{create_org, Application};
use tessera_store::{SchemaStatus, Store};

/// Tessera admission server.
#[derive(Debug, Parser)]
#[command(name = "tessera-server", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// A TOML file of settings (keys: the flags' names in snake case); flags and
    /// `TESSERA_*` variables win over it.
    #[arg(long, env = "TESSERA_CONFIG", global = true, value_name = "FILE")]
    config: Option<std::path::PathBuf>,
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
    /// List, revoke or rotate an organisation's API keys (host keys included), straight on
    /// the database: for the operator, e.g. when the only admin key leaked or was lost.
    Keys {
        #[command(subcommand)]
        action: KeysAction,
    },
    /// Set, show or remove the SMTP relay every replica sends mail through (stored in the
    /// database, its password sealed under a server key of `--key-dir`).
    Mail {
        #[command(subcommand)]
        action: MailAction,
    },
    /// Assign a sign-in domain to an organisation (or release one), straight on the
    /// database: sign-in by email at that domain goes to its identity provider
    /// (`docs/sign-in.md`, "Domains").
    Sso {
        #[command(subcommand)]
        action: crate::sso_domains::SsoAction,
    },
    /// On the central server: list, revoke, give a new token to, or resume an
    /// organisation's on-site nodes, straight on the database.
    Nodes {
        #[command(subcommand)]
        action: crate::nodes_cli::NodesAction,
    },
    /// On an on-site node (run with its own `--database-url`): show its lease and sync,
    /// extend a lapsed lease on site, or hand the lease back (`docs/operations.md`).
    Node {
        #[command(subcommand)]
        action: NodeAction,
    },
    /// The configuration.
    Config {
        #[command(subcommand)]
        action: ConfigAction,
    },
}

#[derive(Debug, Subcommand)]
enum NodeAction {
    /// Print the node's lease and sync state as JSON.
    Status,
    /// Keep admitting on site for this many minutes past the lease's end, when the uplink
    /// is down and the central server cannot renew it (audited `high`; the trade-off is in
    /// `docs/operations.md`, "On-site node").
    Extend {
        /// Minutes from now.
        #[arg(long)]
        minutes: u64,
    },
    /// Ask the running node to ship everything it decided and hand its lease back; it then
    /// holds none (the central server decides for the site) until `node resume`.
    Return,
    /// Let a node that returned its lease take the site's lease again.
    Resume,
    /// Print the node's public key (from `--key-dir`, made if missing) as JSON: give it to
    /// `POST /v1/nodes` as `public_key` so that the node's key is fixed at enrolment.
    Key,
}

#[derive(Debug, Subcommand)]
enum ConfigAction {
    /// Print the effective configuration as TOML, each setting with where it came from
    /// (flag, environment, file or default), the database password redacted; a wrong key
    /// or value in the file fails with its line.
    Check,
}

#[derive(Debug, Subcommand)]
enum MailAction {
    /// Set the relay; prints the settings as JSON (never the password).
    Set {
        /// Relay host name.
        #[arg(long)]
        host: String,
        /// Relay port (default: 587 for starttls, 465 for implicit, 25 for none).
        #[arg(long)]
        port: Option<u16>,
        /// `starttls` (required to succeed), `implicit` (TLS from the first byte) or `none`
        /// (a relay on this host or network only).
        #[arg(long, default_value = "starttls")]
        tls: String,
        /// User name, when the relay wants one.
        #[arg(long)]
        user: Option<String>,
        /// A file holding the password (its first line), when the relay wants one.
        #[arg(long)]
        password_file: Option<std::path::PathBuf>,
        /// The From (and envelope sender) address.
        #[arg(long)]
        from: String,
    },
    /// Print the relay's settings as JSON (never the password), or `null`.
    Show,
    /// Remove the relay: messages stay queued until one is set (or their moment passes).
    Off,
}

#[derive(Debug, Subcommand)]
enum KeysAction {
    /// Print the organisation's keys as JSON lines, oldest first (never a secret).
    List {
        /// The organisation's id (`tessera-server init` printed it).
        #[arg(long)]
        org: uuid::Uuid,
    },
    /// Revoke a key: it stops working at once and its sessions end. Refuses the
    /// organisation's last working admin key.
    Revoke {
        /// The organisation's id.
        #[arg(long)]
        org: uuid::Uuid,
        /// The key's id.
        key_id: uuid::Uuid,
    },
    /// Give a key a new secret, printed once as JSON; the old one works on for `--overlap-s`
    /// seconds (default 0, at most a week).
    Rotate {
        /// The organisation's id.
        #[arg(long)]
        org: uuid::Uuid,
        /// The key's id.
        key_id: uuid::Uuid,
        /// Seconds the old secret keeps working.
        #[arg(long, default_value_t = 0)]
        overlap_s: u64,
    },
}

/// Parses the command line, runs the command and maps failures to an exit code.
pub async fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let mut command = Cli::command();
    let file = match config_file::named_file(&args) {
        Some(path) => match config_file::load(&path, &command) {
            Ok(file) => file,
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(2);
            }
        },
        None => FileValues::default(),
    };
    command = config_file::apply(command, &file);
    let matches = command.get_matches_from(args);
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    };
    if let Command::Config {
        action: ConfigAction::Check,
    } = cli.command
    {
        return match print_line(&effective(&matches, &file)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("error: {error}");
                ExitCode::FAILURE
            }
        };
    }
    let filter = EnvFilter::try_new(&cli.settings.log).unwrap_or_else(|_| EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(|| crate::logging::RedactingWriter::new(std::io::stderr()))
        .init();
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "tessera-server failed");
            eprintln!("error: {error}");
            if error.is_configuration() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// The effective settings as TOML lines, each with its source; the database URL's
/// password redacted.
fn effective(matches: &clap::ArgMatches, file: &FileValues) -> String {
    let command = Cli::command();
    let mut lines = vec![match &file.path {
        Some(path) => format!("# tessera-server settings (file: {})", path.display()),
        None => "# tessera-server settings (no configuration file)".to_owned(),
    }];
    for arg in command.get_arguments() {
        let id = arg.get_id().as_str();
        let Some(env) = arg.get_env().and_then(|env| env.to_str()) else {
            continue;
        };
        if env == config_file::CONFIG_ENV {
            continue;
        }
        let values: Vec<String> = matches
            .get_raw(id)
            .map(|raw| {
                raw.map(|value| {
                    let value = value.to_string_lossy();
                    if id == "database_url" {
                        crate::config::redacted_url(&value)
                    } else {
                        value.into_owned()
                    }
                })
                .collect()
            })
            .unwrap_or_default();
        let source = match matches.value_source(id) {
            Some(clap::parser::ValueSource::CommandLine) => "flag".to_owned(),
            Some(clap::parser::ValueSource::EnvVariable) => format!("environment {env}"),
            Some(_) if file.values.contains_key(id) => "file".to_owned(),
            _ => "default".to_owned(),
        };
        let value = |text: &String| match text.parse::<i64>() {
            Ok(number) => number.to_string(),
            Err(_) => toml_edit::Value::from(text.as_str()).to_string(),
        };
        let shown = match values.as_slice() {
            [] => {
                lines.push(format!("# {id} is not set"));
                continue;
            }
            [one] if arg.get_value_delimiter().is_none() => format!("{id} = {}", value(one)),
            many => format!(
                "{id} = [{}]",
                many.iter().map(value).collect::<Vec<_>>().join(", ")
            ),
        };
        lines.push(format!("{shown}  # {source}"));
    }
    lines.join("\n")
}

fn print_line(line: &str) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{line}")?;
    stdout.flush()?;
    Ok(())
}

/// The database for an operator's subcommand: SQLite is migrated (as `serve` does); a
/// PostgreSQL schema behind this server is refused (run `migrate` first).
async fn open_store(settings: &Settings) -> Result<Store> {
    let store = Store::connect(&settings.store_options()).await?;
    if store.is_sqlite() {
        store.schema().migrate().await?;
    } else if store.schema_status().await? == SchemaStatus::Behind {
        return Err(Error::SchemaBehind);
    }
    Ok(store)
}

async fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Serve => serve(cli.settings).await,
        Command::Migrate => {
            let store = Store::connect(&cli.settings.store_options()).await?;
            store.schema().migrate().await?;
            tracing::info!(
                backend = store.backend().backend_name(),
                "migrations applied"
            );
            store.backend().close().await;
            Ok(())
        }
        Command::Init { org } => {
            tessera_domain::Label::parse("org", &org)
                .map_err(|invalid| Error::Config(invalid.to_string()))?;
            let store = open_store(&cli.settings).await?;
            let (org_id, admin_key) = create_org(&store, &org).await?;
            print_line(&json!({ "org_id": org_id, "admin_key": admin_key.as_str() }).to_string())?;
            store.backend().close().await;
            Ok(())
        }
        Command::Keys { action } => {
            let store = open_store(&cli.settings).await?;
            let done = keys(&store, action).await;
            store.backend().close().await;
            done
        }
        Command::Mail { action } => {
            let store = open_store(&cli.settings).await?;
            let done = mail(&store, &cli.settings, action).await;
            store.backend().close().await;
            done
        }
        Command::Sso { action } => {
            let store = open_store(&cli.settings).await?;
            let done = crate::sso_domains::run(&store, action).await;
            store.backend().close().await;
            done
        }
        Command::Nodes { action } => {
            let store = open_store(&cli.settings).await?;
            let done = crate::nodes_cli::run(&store, action).await;
            store.backend().close().await;
            done
        }
        Command::Node { action } => {
            let store = open_store(&cli.settings).await?;
            let done = node(&store, &cli.settings, action).await;
            store.backend().close().await;
            done
        }
        // Answered in `main`, before logging starts.
        Command::Config { .. } => Ok(()),
    }
}

async fn node(store: &Store, settings: &Settings, action: NodeAction) -> Result<()> {
    let no_lease =
        || Error::Config("this database is not an on-site node's, or it holds no lease".into());
    match action {
        NodeAction::Status => {
            let state = store.site_up().node_state().await?.ok_or_else(no_lease)?;
            let lease = state.lease();
            let authority = tessera_domain::sites::node_authority(
                lease.as_ref(),
                state.extended_until_ms,
                state.down_as_of_ms,
                state.return_requested_ms.is_some(),
                tessera_domain::now_ms(),
            );
            print_line(
                &json!({
                    "node_id": state.node_id,
                    "site": state.site,
                    "authority": authority,
                    "lease": lease,
                    "extended_until_ms": state.extended_until_ms,
                    "synced_down_as_of_ms": state.down_as_of_ms,
                    "shipped_through_event": state.up_cursor,
                    "return_requested": state.return_requested_ms.is_some(),
                })
                .to_string(),
            )
        }
        NodeAction::Extend { minutes } => {
            let minutes = i64::try_from(minutes.min(7 * 24 * 60)).unwrap_or(0);
            let until = tessera_domain::now_ms().saturating_add(minutes * 60_000);
            let lease = tessera_flows::sites::extend(store, until)
                .await
                .map_err(|_| no_lease())?;
            print_line(&json!({ "lease_id": lease.id, "extended_until_ms": until }).to_string())
        }
        NodeAction::Return => {
            let lease = tessera_flows::sites::request_return(store)
                .await
                .map_err(|_| no_lease())?;
            print_line(&json!({ "lease_id": lease.id, "return_requested": true }).to_string())
        }
        NodeAction::Key => {
            // The key the node's pass keys are sealed to: the one to enrol it with.
            let keys = tessera_flows::keyring::Keyring::load_or_create(&settings.key_dir)?;
            let (_, secret) = keys
                .active()
                .ok_or_else(|| Error::Config("no server key in --key-dir".into()))?;
            print_line(&json!({ "public_key": secret.public_key().to_base64url() }).to_string())
        }
        NodeAction::Resume => {
            tessera_flows::sites::resume(store)
                .await
                .map_err(|_| Error::Config("this database is not an on-site node's".into()))?;
            print_line(&json!({ "return_requested": false }).to_string())
        }
    }
}

fn smtp_json(settings: Option<&tessera_store::SmtpSettingsRow>) -> serde_json::Value {
    match settings {
        None => serde_json::Value::Null,
        Some(settings) => json!({
            "host": settings.host,
            "port": settings.port,
            "tls": settings.tls.as_str(),
            "user": settings.username,
            "password_set": settings.password.is_some(),
            "from": settings.from_address,
        }),
    }
}

async fn mail(store: &Store, settings: &Settings, action: MailAction) -> Result<()> {
    use tessera_domain::mail::{EmailAddress, SmtpTls};
    match action {
        MailAction::Show => {
            print_line(&smtp_json(store.messages().smtp_settings().await?.as_ref()).to_string())
        }
        MailAction::Off => {
            store.messages().put_smtp_settings(None).await?;
            print_line("null")
        }
        MailAction::Set {
            host,
            port,
            tls,
            user,
            password_file,
            from,
        } => {
            let tls = SmtpTls::try_from(tls)
                .map_err(|_| Error::Config("--tls must be starttls, implicit or none".into()))?;
            if !tessera_domain::label::is_dns_name(&host)
                && host.parse::<std::net::IpAddr>().is_err()
            {
                return Err(Error::Config(format!(
                    "--host {host:?} is not a host name or address"
                )));
            }
            let from = EmailAddress::parse("--from", &from)
                .map_err(|invalid| Error::Config(invalid.to_string()))?;
            let password = match password_file {
                None => None,
                Some(path) => {
                    let text = std::fs::read_to_string(&path).map_err(|error| {
                        Error::Config(format!(
                            "cannot read --password-file {}: {error}",
                            path.display()
                        ))
                    })?;
                    let password =
                        zeroize::Zeroizing::new(text.lines().next().unwrap_or_default().to_owned());
                    let keys = tessera_flows::keyring::Keyring::load_or_create(&settings.key_dir)?;
                    Some(
                        tessera_flows::mail::seal_password(&keys, &password)
                            .map_err(|error| Error::Config(error.to_string()))?,
                    )
                }
            };
            if password.is_some() && user.is_none() {
                return Err(Error::Config("--password-file needs --user".into()));
            }
            let row = tessera_store::SmtpSettingsRow {
                host,
                port: i32::from(port.unwrap_or(match tls {
                    SmtpTls::Starttls => 587,
                    SmtpTls::Implicit => 465,
                    SmtpTls::None => 25,
                })),
                tls,
                username: user,
                password,
                from_address: from.to_string(),
                updated_at_ms: tessera_domain::now_ms(),
            };
            store.messages().put_smtp_settings(Some(&row)).await?;
            print_line(&smtp_json(Some(&row)).to_string())
        }
    }
}

/// A key as the command prints it (the same fields as `GET /v1/api-keys`).
fn key_json(key: &tessera_store::ApiKeyListing) -> serde_json::Value {
    let time = |ms: Option<i64>| ms.map(tessera_domain::rfc3339);
    json!({
        "key_id": key.id,
        "role": key.role,
        "label": key.label,
        "unit": key.unit,
        "state": if key.revoked_at_ms.is_some() { "revoked" } else { "active" },
        "created_at": tessera_domain::rfc3339(key.created_at_ms),
        "last_used_at": time(key.last_used_ms),
        "rotated_at": time(key.rotated_at_ms),
        "previous_valid_until": time(key.previous_valid_until_ms),
        "revoked_at": time(key.revoked_at_ms),
    })
}

fn no_such_key(error: tessera_flows::Error, org: uuid::Uuid, key_id: uuid::Uuid) -> Error {
    match error {
        tessera_flows::Error::NotFound => {
            Error::Config(format!("organisation {org} has no key {key_id}"))
        }
        other => other.into(),
    }
}

async fn keys(store: &Store, action: KeysAction) -> Result<()> {
    match action {
        KeysAction::List { org } => {
            for key in store.orgs().list_api_keys(org).await? {
                print_line(&key_json(&key).to_string())?;
            }
        }
        KeysAction::Revoke { org, key_id } => {
            let key = tessera_flows::keys::revoke(store, org, key_id, None)
                .await
                .map_err(|error| no_such_key(error, org, key_id))?;
            print_line(&key_json(&key).to_string())?;
        }
        KeysAction::Rotate {
            org,
            key_id,
            overlap_s,
        } => {
            let overlap = std::time::Duration::from_secs(overlap_s);
            if overlap > tessera_flows::keys::MAX_OVERLAP {
                return Err(Error::Config(
                    "--overlap-s must be at most 604800 (a week)".into(),
                ));
            }
            let (key, secret) = tessera_flows::keys::rotate(store, org, key_id, overlap, None)
                .await
                .map_err(|error| no_such_key(error, org, key_id))?;
            let mut shown = key_json(&key);
            shown["api_key"] = json!(secret.text.as_str());
            print_line(&shown.to_string())?;
        }
    }
    Ok(())
}

async fn serve(settings: Settings) -> Result<()> {
    let backend = if settings.is_postgres() {
        "postgres"
    } else {
        "sqlite"
    };
    let (app, bootstrap) = Application::build(settings).await?;
    if let Some(first) = bootstrap {
        show_first_key(&first)?;
    }
    let addr = app.local_addr()?;
    if let Some(metrics) = app.metrics_addr()? {
        print_line(&format!("metrics listening on {metrics}"))?;
    }
    tracing::info!(%addr, backend, "tessera-server listening");
    print_line(&format!("listening on {addr}"))?;
    app.run_until_stopped(shutdown_signal()).await
}

/// Hands the first organisation's admin key to the operator without putting it in a log:
/// it goes to a 0600 file in the state directory, and to stdout only when that is a
/// terminal. Stdout (the journal, under the unit) gets the file's path, never the key.
///
/// # Errors
/// When the file cannot be written and there is no terminal to show the key on.
fn show_first_key(first: &crate::startup::Bootstrap) -> Result<()> {
    use std::io::IsTerminal;
    let on_terminal = std::io::stdout().is_terminal();
    if on_terminal {
        print_line(&first.json())?;
    }
    match first.write_key_file() {
        Ok(path) => {
            print_line(&format!("first admin key in {}", path.display()))?;
            eprintln!(
                "Created the first organisation. Its admin key is in {} (mode 0600, this \
                 server's user only), written once: keep it elsewhere, then delete the file.\n\
                 More organisations: `tessera-server init --org NAME`; more keys: POST /v1/api-keys.",
                path.display()
            );
            Ok(())
        }
        Err(error) if on_terminal => {
            eprintln!(
                "Created the first organisation; its admin key above is shown only this once \
                 (it could not be written to a file: {error})."
            );
            Ok(())
        }
        Err(error) => Err(Error::Config(format!(
            "could not write the first admin key to {}: {error}; \
             make an admin key with `tessera-server init --org NAME`",
            first
                .state_dir
                .join(crate::startup::FIRST_ADMIN_KEY_FILE)
                .display()
        ))),
    }
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
