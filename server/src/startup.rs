//! Building and running the server: bind first, report the port, serve until shutdown.
//!
//! [`Application::build`] binds the listener before anything runs, so tests and scripts can
//! start it on port 0 and read the port back; [`Application::run_until_stopped`] serves until
//! the given future resolves, then closes gate sockets and drains HTTP gracefully.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use uuid::Uuid;

use crate::config::Settings;
use crate::error::{Error, Result};
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{ApiKeyCreatedDetails, ChallengeUnanswered, Details, ZoneCheckout};
use tessera_edges::state::{AppState, EdgeSettings, GateRateLimiter, SocketCaps};
use tessera_flows::keyring::Keyring;
use tessera_flows::shutdown::Shutdown;
use tessera_store::{SchemaStatus, Store};

/// The most audit streams (open consoles) one replica serves at once.
const MAX_AUDIT_STREAMS: usize = 256;
/// Longest wait at shutdown for gate sockets to finish their message and close.
const GATE_DRAIN_LIMIT: Duration = Duration::from_secs(10);
/// Longest wait at shutdown for the background tasks to finish what they are doing.
const TASK_DRAIN_LIMIT: Duration = Duration::from_secs(10);

/// How often expired, unanswered challenges are looked for.
const SWEEP_EVERY: Duration = Duration::from_secs(2);

/// Expired challenges settled in one sweep transaction.
const SWEEP_BATCH: usize = 5_000;

/// Sweep transactions one tick may run, back to back, while each finds a full batch.
const SWEEP_BATCHES_PER_TICK: usize = 20;

/// A bound, ready-to-run server.
pub struct Application {
    listener: TcpListener,
    metrics_listener: Option<TcpListener>,
    tls: Option<tokio_rustls::TlsAcceptor>,
    settings: Settings,
    state: AppState,
    shutdown_tx: watch::Sender<bool>,
    /// The background tasks started so far, awaited at shutdown.
    tasks: tokio::task::JoinSet<()>,
    /// On an on-site node: its link to the central server, run with the other tasks.
    node_link: Option<tessera_flows::sites::NodeLink>,
}

impl std::fmt::Debug for Application {
    /// The TLS acceptor holds the private key: only whether there is one is shown.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Application")
            .field("listener", &self.listener)
            .field("metrics_listener", &self.metrics_listener)
            .field("tls", &self.tls.is_some())
            .field("settings", &self.settings)
            .field("state", &self.state)
            .finish()
    }
}

/// A first organisation created on an empty embedded database.
pub struct Bootstrap {
    /// Its id.
    pub org_id: uuid::Uuid,
    /// Its admin key (shown once).
    pub admin_key: zeroize::Zeroizing<String>,
    /// Where [`Bootstrap::write_key_file`] puts it: the database's directory (the unit's
    /// state directory, `/var/lib/tessera`), or the key directory for an in-memory database.
    pub state_dir: std::path::PathBuf,
}

/// The name of the file the first admin key is written to, in [`Bootstrap::state_dir`].
pub const FIRST_ADMIN_KEY_FILE: &str = "first-admin-key.json";

impl std::fmt::Debug for Bootstrap {
    /// The admin key is never shown.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bootstrap")
            .field("org_id", &self.org_id)
            .field("state_dir", &self.state_dir)
            .finish_non_exhaustive()
    }
}

impl Bootstrap {
    /// The organisation and its key as JSON, as `init` prints them.
    pub fn json(&self) -> zeroize::Zeroizing<String> {
        zeroize::Zeroizing::new(
            serde_json::json!({ "org_id": self.org_id, "admin_key": self.admin_key.as_str() })
                .to_string(),
        )
    }

    /// Writes [`Bootstrap::json`] to a new file of mode 0600 in the state directory, never to
    /// stdout: under the packaged unit stdout is the journal, which the `adm` group reads.
    /// A file of that name left by an earlier database is replaced (its key opened nothing
    /// that still exists).
    ///
    /// # Errors
    /// [`Error::Io`] when the file cannot be written.
    pub fn write_key_file(&self) -> Result<std::path::PathBuf> {
        use std::io::Write;
        let path = self.state_dir.join(FIRST_ADMIN_KEY_FILE);
        match std::fs::remove_file(&path) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => return Err(error.into()),
            _ => {}
        }
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut file = options.open(&path)?;
        file.write_all(self.json().as_bytes())?;
        file.write_all(b"\n")?;
        file.sync_all()?;
        Ok(path)
    }
}

impl Application {
    /// Opens storage, loads keys and binds the listener. On SQLite the database is created
    /// and migrated; on PostgreSQL the schema is only checked (run `migrate` to change it).
    ///
    /// # Errors
    /// Configuration, key, storage or bind failures.
    pub async fn build(settings: Settings) -> Result<(Self, Option<Bootstrap>)> {
        let store = Store::connect(&settings.store_options()).await?;
        let node = node_settings(&settings)?;
        let mut bootstrap = None;
        match store.is_sqlite() {
            true => {
                store.schema().migrate().await?;
                // A node's organisation comes from the central server.
                if node.is_none() && store.orgs().count_orgs().await? == 0 {
                    let (org_id, admin_key) = create_org(&store, "default").await?;
                    let state_dir = match store.sqlite_file().and_then(std::path::Path::parent) {
                        Some(dir) if dir.as_os_str().is_empty() => std::path::PathBuf::from("."),
                        Some(dir) => dir.to_path_buf(),
                        None => settings.key_dir.clone(),
                    };
                    bootstrap = Some(Bootstrap {
                        org_id,
                        admin_key,
                        state_dir,
                    });
                }
            }
            false => match store.schema_status().await {
                Ok(SchemaStatus::Current) => {
                    if store.orgs().count_orgs().await.unwrap_or(1) == 0 {
                        tracing::warn!(
                            "no organisation yet: create one with `tessera-server init --org NAME` \
                             (same TESSERA_DATABASE_URL); it prints the admin key once"
                        );
                    }
                }
                Ok(SchemaStatus::Behind) => tracing::warn!(
                    "the database schema is behind this server: /readyz answers 503 until \
                     `tessera-server migrate` has run"
                ),
                Err(error) => {
                    tracing::warn!(%error, "database unavailable at start-up; /readyz answers 503 until it is back")
                }
            },
        }
        let keys = Arc::new(Keyring::load_or_create(&settings.key_dir)?);
        let tls = match (&settings.tls_cert, &settings.tls_key) {
            (Some(cert), Some(key)) => Some(crate::tls::acceptor(cert, key)?),
            _ => None,
        };
        let listener = TcpListener::bind(settings.listen).await?;
        let metrics_listener = match settings.metrics_listen {
            Some(addr) => Some(TcpListener::bind(addr).await?),
            None => None,
        };
        let bound = listener.local_addr()?;
        let (shutdown_tx, shutdown_rx) = watch::channel(false);
        // The tasks run from here on; `run_until_stopped` adds the rest and awaits them all.
        let mut tasks = tokio::task::JoinSet::new();
        let feed = tessera_flows::hub::Hub::spawn(store.clone(), shutdown_rx.clone(), &mut tasks);
        let sso = Arc::new(
            tessera_flows::sso::Sso::new(
                store.clone(),
                Arc::clone(&keys),
                settings.idp_allow.clone(),
                &settings.public_url(bound),
                settings.console_session_ttl_s,
                settings.dns_server,
                settings.sso_live_logins,
            )
            .map_err(|error| Error::Config(error.to_string()))?,
        );
        let vapid = tessera_flows::push::Vapid::load_or_create(&settings.key_dir)
            .map_err(|error| Error::Config(error.to_string()))?;
        let mailer = tessera_flows::mail::Mailer::new(
            store.clone(),
            Arc::clone(&keys),
            settings.public_url(bound),
            vapid,
            settings.push_allow.clone(),
        )
        .map_err(|error| Error::Config(error.to_string()))?;
        let (authority, node_link, node_metrics) = match node {
            Some((upstream, token, http)) => {
                let view = Arc::new(tessera_flows::sites::NodeView::default());
                let metrics = Arc::new(tessera_flows::sites::NodeMetrics::default());
                let link = tessera_flows::sites::NodeLink {
                    store: store.clone(),
                    keys: Arc::clone(&keys),
                    upstream,
                    token,
                    http,
                    view: Arc::clone(&view),
                    hub: Arc::clone(&feed),
                    every: Duration::from_millis(settings.node_sync_ms.max(50)),
                    metrics: Arc::clone(&metrics),
                };
                (
                    tessera_flows::sites::Authority::Node(view),
                    Some(link),
                    Some(metrics),
                )
            }
            None => (tessera_flows::sites::Authority::Central, None, None),
        };
        let state = AppState {
            sites: Arc::new(tessera_flows::sites::Central::new(
                Duration::from_secs(settings.lease_term_s.max(1)),
                settings.challenge_lifetime(),
            )),
            node_metrics,
            mailer,
            redemption: tessera_flows::redemption::Redemption {
                store: store.clone(),
                keys: Arc::clone(&keys),
                code_step_s: settings.code_step_s,
                challenge_lifetime: settings.challenge_lifetime(),
                watchlist: Arc::default(),
                authority,
            },
            store,
            keys,
            public_url: settings.public_url(bound).into(),
            own_origin: Arc::new(tessera_edges::http::OwnOrigin::new(
                settings.public_url.as_deref(),
                settings.tls_cert.is_some(),
            )),
            gate_limits: Arc::new(GateRateLimiter::new(settings.gate_rate_per_s)),
            gate_connections: Arc::new(Semaphore::new(settings.max_gate_connections)),
            gate_connects: Arc::new(tessera_edges::reconnects::ConnectBudget::new(
                settings.gate_connects_per_s,
            )),
            gate_sockets: Arc::new(SocketCaps::new(
                settings.max_sockets_per_gate,
                settings.max_sockets_per_tenant,
            )),
            sources: Arc::new(
                tessera_edges::abuse::SourceGuard::new(
                    settings.auth_failures_per_min,
                    settings.claims_per_min,
                    settings.claims_in_flight,
                    Duration::from_millis(settings.refusal_hold_ms),
                    settings.trusted_proxies.clone(),
                )
                .with_sign_in_starts(settings.sso_starts_per_min),
            ),
            feed,
            feed_streams: Arc::new(Semaphore::new(MAX_AUDIT_STREAMS)),
            replica_id: Uuid::new_v4(),
            settings: EdgeSettings {
                code_step_s: settings.code_step_s,
                console_session_ttl_s: settings.console_session_ttl_s,
                request_timeout: Duration::from_secs(settings.request_timeout_s),
                operation_timeout: settings.operation_timeout(),
                approval_timeout: Duration::from_secs(settings.approval_timeout_s),
                hsts: settings.tls_cert.is_some()
                    || settings
                        .public_url
                        .as_deref()
                        .is_some_and(|url| url.starts_with("https://")),
            },
            shutdown: shutdown_rx,
            gate_revocations: tokio::sync::broadcast::channel(256).0,
            last_used: Arc::default(),
            webhook_egress: Arc::new(settings.webhook_allow.clone()),
            sso,
        };
        Ok((
            Self {
                listener,
                metrics_listener,
                tls,
                settings,
                state,
                shutdown_tx,
                tasks,
                node_link,
            },
            bootstrap,
        ))
    }

    /// The bound address.
    ///
    /// # Errors
    /// IO failure reading the socket address.
    pub fn local_addr(&self) -> Result<SocketAddr> {
        Ok(self.listener.local_addr()?)
    }

    /// The bound address of the metrics listener, when there is one.
    ///
    /// # Errors
    /// IO failure reading the socket address.
    pub fn metrics_addr(&self) -> Result<Option<SocketAddr>> {
        match &self.metrics_listener {
            Some(listener) => Ok(Some(listener.local_addr()?)),
            None => Ok(None),
        }
    }

    /// Serves until `shutdown` resolves.
    ///
    /// # Errors
    /// IO failure of the listener.
    pub async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<()> {
        let Self {
            listener,
            metrics_listener,
            tls,
            settings,
            state,
            shutdown_tx,
            mut tasks,
            node_link,
        } = self;
        let shutdown_signal = Shutdown::new(state.shutdown.clone());
        tasks.spawn(sweep_unanswered(state.clone(), shutdown_signal.clone()));
        tasks.spawn(tessera_flows::retention::run(
            state.store.clone(),
            settings.retention_policy(),
            Duration::from_secs(settings.retention_interval_s),
            shutdown_signal.clone(),
        ));
        tasks.spawn(tessera_edges::ws::refresh_presence(state.clone()));
        tasks.spawn(tessera_edges::abuse::learn_known_good(
            state.store.clone(),
            Arc::clone(&state.sources),
            state.shutdown.clone(),
        ));
        tasks.spawn(tessera_flows::walk_ins::sweep(
            state.store.clone(),
            shutdown_signal.clone(),
        ));
        // Secrets written by a server from before sealing are sealed once (a database
        // still behind, or away, leaves them for the next start: they still work meanwhile).
        let (sealing_store, sealing_keys) = (state.store.clone(), Arc::clone(&state.keys));
        tasks.spawn(async move {
            match tessera_flows::webhooks::seal_stored_secrets(&sealing_store, &sealing_keys).await
            {
                Ok(0) => {}
                Ok(sealed) => tracing::info!(sealed, "sealed webhook secrets stored in the clear"),
                Err(error) => tracing::warn!(%error, "could not seal stored webhook secrets yet"),
            }
        });
        tasks.spawn(tessera_flows::webhooks::run(
            tessera_flows::webhooks::Dispatcher {
                store: state.store.clone(),
                egress: settings.webhook_allow.clone(),
                keys: Arc::clone(&state.keys),
                hub: Arc::clone(&state.feed),
                retry_for: Duration::from_secs(settings.webhook_retry_for_s),
            },
            shutdown_signal.clone(),
        ));
        tasks.spawn(tessera_flows::mail::run(
            state.mailer.clone(),
            shutdown_signal.clone(),
        ));
        tasks.spawn(zone_checkouts(state.clone()));
        if let Some(link) = node_link {
            tracing::info!(upstream = %crate::config::redacted_url(link.upstream.as_str()), "on-site node: syncing with the central server");
            tasks.spawn(tessera_flows::sites::run(link, shutdown_signal.clone()));
        }
        // The failure aggregator has a signal of its own, sent once the requests and gate
        // sockets that could still add failures are gone; it then writes its last window.
        let (aggregator_tx, aggregator_rx) = watch::channel(false);
        let aggregator = tokio::spawn(write_aggregated_failures(
            state.store.clone(),
            Arc::clone(&state.sources),
            Duration::from_secs(settings.audit_aggregate_s),
            Shutdown::new(aggregator_rx),
        ));
        let store = state.store.clone();
        let gate_connections = Arc::clone(&state.gate_connections);
        let max_gate_connections = settings.max_gate_connections;
        let bounds = crate::serve::HttpBounds {
            header_timeout: Duration::from_secs(settings.header_timeout_s),
            max_connections: settings.max_http_connections,
        };
        let metrics = metrics_listener.map(|listener| {
            tokio::spawn(crate::serve::serve(
                listener,
                tessera_edges::http::metrics::router(state.clone()),
                bounds,
                None,
                shutdown_tx.subscribe(),
            ))
        });
        let app = tessera_edges::http::router(state, tessera_edges::ws::router()).layer(
            tower_http::trace::TraceLayer::new_for_http()
                .make_span_with(crate::logging::request_span::<axum::body::Body>),
        );
        let stop = shutdown_tx.subscribe();
        tokio::spawn(async move {
            shutdown.await;
            tracing::info!("shutting down: closing gate connections, draining requests");
            let _ = shutdown_tx.send(true);
        });
        let served = crate::serve::serve(listener, app, bounds, tls, stop).await;
        // axum does not wait for upgraded connections: wait until every gate socket has
        // finished the message it was handling and returned its permit, so none of them
        // meets a closed store.
        let all = u32::try_from(max_gate_connections).unwrap_or(u32::MAX);
        match tokio::time::timeout(GATE_DRAIN_LIMIT, gate_connections.acquire_many(all)).await {
            Ok(_) => tracing::info!("every gate connection closed"),
            Err(_) => tracing::warn!(
                "gate connections still open after {GATE_DRAIN_LIMIT:?}; closing the store anyway"
            ),
        }
        let _ = aggregator_tx.send(true);
        // Every background loop saw the same signal; wait for each to finish its pass.
        let drained = tokio::time::timeout(TASK_DRAIN_LIMIT, async {
            while tasks.join_next().await.is_some() {}
            if let Some(metrics) = metrics {
                let _ = metrics.await;
            }
            // The last window's failures are written before the store closes.
            let _ = aggregator.await;
        })
        .await;
        match drained {
            Ok(()) => tracing::info!("every background task stopped"),
            Err(_) => tracing::warn!(
                "background tasks still running after {TASK_DRAIN_LIMIT:?}; closing the store anyway"
            ),
        }
        store.backend().close().await;
        served.map_err(Error::Io)
    }
}

/// An on-site node's upstream, token and HTTP client, when `--site` is set.
type NodeSettings = (url::Url, zeroize::Zeroizing<String>, reqwest::Client);

fn node_settings(settings: &Settings) -> Result<Option<NodeSettings>> {
    let (Some(_site), Some(upstream)) = (&settings.site, &settings.upstream) else {
        return Ok(None);
    };
    let mut upstream = url::Url::parse(upstream)
        .map_err(|error| Error::Config(format!("--upstream is not a URL: {error}")))?;
    crate::guards::check_upstream(&upstream)?;
    if !upstream.path().ends_with('/') {
        let path = format!("{}/", upstream.path());
        upstream.set_path(&path);
    }
    let path = settings.node_token_file.as_ref().ok_or_else(|| {
        Error::Config(
            "--site needs --node-token-file: the node's token from `POST /v1/nodes`".into(),
        )
    })?;
    let credentials = std::env::var_os("CREDENTIALS_DIRECTORY").map(std::path::PathBuf::from);
    let token = crate::guards::read_token_file(path, credentials.as_deref())?;
    let ca = match &settings.upstream_ca {
        Some(path) => Some(std::fs::read(path).map_err(|error| {
            Error::Config(format!("--upstream-ca {}: {error}", path.display()))
        })?),
        None => None,
    };
    let http = tessera_flows::sites::http_client(ca.as_deref())
        .map_err(|error| Error::Config(format!("--upstream-ca: {error}")))?;
    Ok(Some((upstream, token, http)))
}

/// Creates an organisation with an admin key; returns the id and the key (shown once).
///
/// # Errors
/// Storage failures.
pub async fn create_org(
    store: &Store,
    name: &str,
) -> Result<(uuid::Uuid, zeroize::Zeroizing<String>)> {
    let admin = tessera_flows::credentials::mint();
    let org_id = uuid::Uuid::now_v7();
    let event = audit::event(
        Severity::Info,
        Subject {
            org_id: Some(org_id),
            ..Subject::default()
        },
        Details::ApiKeyCreated(ApiKeyCreatedDetails {
            key_id: None,
            role: "admin".to_owned(),
            by_key_id: None,
            bootstrap: true,
        }),
    );
    store
        .orgs()
        .create_org(
            &tessera_store::NewOrg {
                id: org_id,
                name,
                admin_key_id: uuid::Uuid::now_v7(),
                admin_key_hash: admin.hash,
                at_ms: tessera_domain::now_ms(),
            },
            &event,
        )
        .await?;
    Ok((org_id, admin.text))
}

/// Writes the aggregated failed authentications and rejected claims once per window, in one
/// relaxed transaction, off the admission write path.
async fn write_aggregated_failures(
    store: Store,
    sources: Arc<tessera_edges::abuse::SourceGuard>,
    every: Duration,
    mut shutdown: Shutdown,
) {
    let mut tick = tokio::time::interval(every);
    tick.tick().await;
    loop {
        tokio::select! {
            biased;
            () = shutdown.recv() => break,
            _ = tick.tick() => {}
        }
        flush_failures(&store, &sources).await;
    }
    flush_failures(&store, &sources).await;
}

async fn flush_failures(store: &Store, sources: &tessera_edges::abuse::SourceGuard) {
    let events = sources.drain();
    if events.is_empty() {
        return;
    }
    if let Err(error) = store.audit().insert_audits_relaxed(&events).await {
        tracing::warn!(%error, rows = events.len(), "could not write aggregated failures");
    }
}

/// Settles expired challenges and audits those that expired without a valid answer: a
/// live-relayed screenshot shows up exactly like this, since the relayer has no wallet to
/// answer with. Every challenge passes through here once (the admission does not settle
/// its own), so a tick takes batches until the due ones are done, up to
/// `SWEEP_BATCHES_PER_TICK` of them: 50,000 challenges a second at most, far above what
/// one database admits.
async fn sweep_unanswered(state: AppState, mut shutdown: Shutdown) {
    let mut tick = tokio::time::interval(SWEEP_EVERY);
    loop {
        tokio::select! {
            biased;
            () = shutdown.recv() => return,
            _ = tick.tick() => {}
        }
        for _ in 0..SWEEP_BATCHES_PER_TICK {
            match sweep_once(&state).await {
                Ok(settled) if settled < SWEEP_BATCH => break,
                Ok(_) => {}
                Err(error) => {
                    tracing::debug!(%error, "unanswered-challenge sweep skipped");
                    break;
                }
            }
        }
    }
}

/// One batch of [`sweep_unanswered`].
async fn sweep_once(state: &AppState) -> crate::error::Result<usize> {
    state
        .store
        .scans()
        .sweep_unanswered(tessera_domain::now_ms(), SWEEP_BATCH as i64, &|challenge| {
            audit::event(
                Severity::Warning,
                Subject {
                    org_id: Some(challenge.org_id),
                    gate_id: Some(challenge.gate_id),
                    pass_id: Some(challenge.pass_id),
                },
                Details::ChallengeUnanswered(ChallengeUnanswered {
                    scan_id: challenge.scan_id,
                    nonce_sha256: tessera_flows::credentials::fingerprint(&challenge.nonce),
                    wrong_answers: challenge.wrong_answers,
                }),
            )
        })
        .await
        .map_err(crate::Error::from)
}

/// Checks everyone out of each zone at its check-out time (`POST /v1/zones` `checkout_at`),
/// once per UTC day, each with its `zone_checkout` event; every replica looks each half
/// minute, and a zone already done today is skipped.
async fn zone_checkouts(state: AppState) {
    let mut shutdown = state.shutdown.clone();
    let mut every = tokio::time::interval(Duration::from_secs(30));
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = shutdown.changed() => return,
        }
        let now = tessera_domain::now_ms();
        let (today, minute) = (
            now.div_euclid(86_400_000),
            now.rem_euclid(86_400_000) / 60_000,
        );
        let done = state
            .store
            .zones()
            .auto_checkout(today, minute, now, &|zone, count| {
                tessera_domain::audit::event(
                    tessera_domain::audit::Severity::Info,
                    tessera_domain::audit::Subject {
                        org_id: Some(zone.org_id),
                        ..tessera_domain::audit::Subject::default()
                    },
                    Details::ZoneCheckout(ZoneCheckout {
                        zone_id: zone.id,
                        zone: zone.name.clone(),
                        checked_out: count,
                    }),
                )
            })
            .await;
        if let Err(error) = done {
            tracing::warn!(%error, "could not check zones out");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_key_goes_to_a_private_file_and_never_to_debug() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let first = Bootstrap {
            org_id: Uuid::nil(),
            admin_key: zeroize::Zeroizing::new("ADMINKEYSECRET".to_owned()),
            state_dir: dir.path().to_path_buf(),
        };
        assert!(!format!("{first:?}").contains("ADMINKEYSECRET"));
        // A stale file of an earlier database, readable by others, is replaced.
        std::fs::write(dir.path().join(FIRST_ADMIN_KEY_FILE), "old").unwrap();
        let path = first.write_key_file().unwrap();
        assert_eq!(path, dir.path().join(FIRST_ADMIN_KEY_FILE));
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        let stored: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(stored["admin_key"], "ADMINKEYSECRET");
    }
}
