//! Finding the PostgreSQL primary among several hosts, and following it across a failover.
//!
//! sqlx takes one host per URL (its issue #179), but a database that survives the loss of its
//! primary has two or more: the primary and its standbys, any of which the failover tool may
//! promote. `TESSERA_DATABASE_URL` may therefore list several hosts in the libpq form,
//! `postgres://user@h1:5432,h2:5433/db?target_session_attrs=read-write`. Then the server
//! starts a *primary locator* here and gives sqlx a one-host URL pointing at it:
//!
//! - a **probe** asks every listed host `pg_is_in_recovery()` and `transaction_read_only` every
//!   `TESSERA_PRIMARY_PROBE_MS` (each probe bounded by the same time) and picks the one host
//!   that answers `false` to both (what libpq's `target_session_attrs=read-write` checks);
//! - a **loopback TCP forwarder** (127.0.0.1, a port of its own) is what every pool connects
//!   to: each new connection is forwarded to the primary of the moment, and every forwarded
//!   connection is cut when the primary changes or is lost, so the pools reconnect to the new
//!   one instead of writing to a demoted or fenced server. While no primary is known, a new
//!   connection waits for one up to the check-in timeout and is then refused: the request
//!   fails as a storage error, which gates are answered as the retryable
//!   `storage_unavailable`, and `/readyz` answers 503 `no_primary` ([`status`]).
//!
//! Why a forwarder rather than rebuilding the pools: the pools are cloned into the group-commit
//! batchers and the live feed when the store is built; swapping them would mean a lock on every
//! statement of the hot path. The forwarder changes nothing there: a pool whose connections
//! are cut reconnects by itself, and its next connection lands on the new primary.
//!
//! The choice is safe first. Two hosts answering as primary at once (a split brain: an old
//! primary restarted on its own without being rewound) are told apart by their timeline, the
//! promoted one's being newer; two primaries on the same timeline make the locator refuse both
//! until one is fenced, since writing to two diverging databases could admit one pass twice.
//! The current primary is given up after two failed probes in a row (a single slow probe on a
//! busy primary does not cut every connection), or at once when it answers as a standby; for
//! the same reason one of two primaries that misses a single probe is still counted, so a
//! slow answer does not end the refusal.
//!
//! Limitation: TLS to PostgreSQL still works end to end through the forwarder (it only copies
//! bytes), but sqlx would check the certificate's name against `127.0.0.1`, so
//! `sslmode=verify-full` is refused with several hosts; `verify-ca` checks the chain.

use std::fmt;
use std::str::FromStr;
use std::sync::Mutex;
use std::time::Duration;

use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use crate::error::{Error, Result};
use crate::StoreOptions;

/// Failed probes in a row after which the current primary is given up.
const MISSES_TO_DROP: u32 = 2;

/// One `host:port` of the database URL.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Endpoint {
    /// Host name or address (an IPv6 address without brackets).
    pub host: String,
    /// TCP port.
    pub port: u16,
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.host.contains(':') {
            write!(f, "[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{}:{}", self.host, self.port)
        }
    }
}

/// A database URL taken apart: its hosts, and the same URL with one placeholder host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostList {
    /// The hosts, in the URL's order.
    pub hosts: Vec<Endpoint>,
    /// The URL with the host list replaced by `127.0.0.1:5432` and `target_session_attrs`
    /// removed (sqlx does not know it): credentials, database and parameters stay.
    pub single_host_url: String,
}

/// What the locator knows about the primary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrimaryState {
    /// No host answers as the primary (at start-up, or during a failover).
    Searching,
    /// This host is the primary.
    Primary(Endpoint),
    /// Several hosts answer as primary on the same timeline: none is used.
    Ambiguous(Vec<Endpoint>),
}

/// What one probe of one host found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// It accepts writes, on this timeline.
    Primary {
        /// The timeline of its current WAL position.
        timeline: i64,
    },
    /// It does not accept writes: in recovery (a standby), or read-only (a promoted standby
    /// the failover tool has not released yet).
    Standby,
    /// No answer within the probe's time.
    Unreachable,
}

/// The locator of this process, for `/readyz` (one server process has one database).
static ACTIVE: Mutex<Option<watch::Receiver<PrimaryState>>> = Mutex::new(None);

/// What the locator knows, when the database URL lists several hosts (`None` otherwise).
pub fn status() -> Option<PrimaryState> {
    let active = ACTIVE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    active.as_ref().map(|rx| rx.borrow().clone())
}

/// Splits a libpq-style multi-host URL. `Ok(None)` for a URL that needs no locator: one
/// host and no `target_session_attrs` (it is given to sqlx unchanged).
///
/// # Errors
/// [`Error::Config`] for a host list that cannot be used: a bad port, an empty host, a
/// `target_session_attrs` other than `read-write`/`primary` (the server writes), `host`,
/// `hostaddr` or `port` parameters next to several hosts, or `sslmode=verify-full`.
pub fn parse(url: &str) -> Result<Option<HostList>> {
    let bad = |why: &str| Error::Config(format!("TESSERA_DATABASE_URL: {why}"));
    let Some(scheme_end) = url.find("://").map(|at| at + 3) else {
        return Err(bad("not a postgres:// URL"));
    };
    let rest = &url[scheme_end..];
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    let (userinfo, host_list) = match authority.rfind('@') {
        Some(at) => (&authority[..=at], &authority[at + 1..]),
        None => ("", authority),
    };
    let (path, query) = match tail.find('?') {
        Some(at) => (&tail[..at], &tail[at + 1..]),
        None => (tail, ""),
    };
    let mut target = None;
    let mut kept = Vec::new();
    let mut has_host_params = false;
    let mut verify_full = false;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "target_session_attrs" => target = Some(value.to_owned()),
            "host" | "hostaddr" | "port" => {
                has_host_params = true;
                kept.push(pair);
            }
            "sslmode" | "ssl-mode" => {
                verify_full = value.eq_ignore_ascii_case("verify-full");
                kept.push(pair);
            }
            _ => kept.push(pair),
        }
    }
    let several = host_list.contains(',');
    if !several && target.is_none() {
        return Ok(None);
    }
    if let Some(target) = &target {
        if !matches!(target.as_str(), "read-write" | "primary") {
            return Err(bad(&format!(
                "target_session_attrs={target} cannot work: the server writes; use read-write"
            )));
        }
    }
    if has_host_params {
        return Err(bad(
            "with several hosts, list them in the URL's authority (h1:5432,h2:5432), \
             not in host=, hostaddr= or port= parameters",
        ));
    }
    if verify_full {
        return Err(bad(
            "sslmode=verify-full cannot be checked through the primary locator (the pools \
             connect to 127.0.0.1); use verify-ca with several hosts",
        ));
    }
    let mut hosts = Vec::new();
    for item in host_list.split(',') {
        hosts.push(endpoint(item).map_err(|why| bad(&why))?);
    }
    let query = if kept.is_empty() {
        String::new()
    } else {
        format!("?{}", kept.join("&"))
    };
    Ok(Some(HostList {
        hosts,
        single_host_url: format!(
            "{}{userinfo}127.0.0.1:5432{path}{query}",
            &url[..scheme_end]
        ),
    }))
}

/// One `host[:port]` or `[v6][:port]` of a host list.
fn endpoint(item: &str) -> std::result::Result<Endpoint, String> {
    let (host, port) = if let Some(v6) = item.strip_prefix('[') {
        let Some((host, after)) = v6.split_once(']') else {
            return Err(format!("unclosed [ in host {item:?}"));
        };
        match after.strip_prefix(':') {
            Some(port) => (host, Some(port)),
            None if after.is_empty() => (host, None),
            None => return Err(format!("unreadable host {item:?}")),
        }
    } else {
        match item.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (item, None),
        }
    };
    if host.is_empty() {
        return Err("an empty host in the host list".to_owned());
    }
    let port = match port {
        Some(port) => port
            .parse::<u16>()
            .ok()
            .filter(|p| *p > 0)
            .ok_or_else(|| format!("bad port {port:?} for host {host:?}"))?,
        None => 5432,
    };
    Ok(Endpoint {
        host: host.to_owned(),
        port,
    })
}

/// The connect options the pools use: the URL's own when it names one host, otherwise the
/// address of a primary locator started here (see the module documentation).
///
/// # Errors
/// [`Error::Config`] for an unusable URL; [`Error::Io`] when the forwarder cannot bind.
pub fn connect_options(settings: &StoreOptions) -> Result<PgConnectOptions> {
    let invalid =
        |_| Error::Config("TESSERA_DATABASE_URL is not a valid postgres:// URL".to_owned());
    let Some(list) = parse(&settings.database_url)? else {
        return PgConnectOptions::from_str(&settings.database_url).map_err(invalid);
    };
    let template = PgConnectOptions::from_str(&list.single_host_url).map_err(invalid)?;
    let every = settings.primary_probe.max(Duration::from_millis(1));
    let listener = std::net::TcpListener::bind(("127.0.0.1", 0))?;
    listener.set_nonblocking(true)?;
    let port = listener.local_addr()?.port();
    let listener = TcpListener::from_std(listener)?;
    let (tx, rx) = watch::channel(PrimaryState::Searching);
    tracing::info!(
        hosts = %list.hosts.iter().map(ToString::to_string).collect::<Vec<_>>().join(","),
        probe_ms = every.as_millis() as u64,
        forwarder = %format!("127.0.0.1:{port}"),
        "several database hosts: following the primary"
    );
    tokio::spawn(probe_loop(list.hosts, template.clone(), every, tx));
    tokio::spawn(forward_loop(listener, rx.clone(), settings.checkin_timeout));
    *ACTIVE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(rx);
    Ok(template.host("127.0.0.1").port(port))
}

/// The next state from the current one and this round's probes, with the count of rounds
/// in a row in which the current primary did not answer. Pure, so it is tested by table.
pub fn choose(
    current: &PrimaryState,
    misses: u32,
    probes: &[(Endpoint, Probe)],
) -> (PrimaryState, u32) {
    let best = probes
        .iter()
        .filter_map(|(_, p)| match p {
            Probe::Primary { timeline } => Some(*timeline),
            _ => None,
        })
        .max();
    if let Some(best) = best {
        let top: Vec<Endpoint> = probes
            .iter()
            .filter(|(_, p)| *p == Probe::Primary { timeline: best })
            .map(|(e, _)| e.clone())
            .collect();
        // Two primaries stay two until the other one is really gone: one that only missed
        // a probe (a slow answer on a busy host) would otherwise hand the writes to the one
        // that answered while both still take them.
        if let PrimaryState::Ambiguous(rivals) = current {
            let silent_rival = rivals.iter().any(|rival| {
                !top.contains(rival)
                    && probes
                        .iter()
                        .any(|(e, p)| e == rival && *p == Probe::Unreachable)
            });
            if silent_rival && misses + 1 < MISSES_TO_DROP {
                return (current.clone(), misses + 1);
            }
        }
        return match top.as_slice() {
            [one] => (PrimaryState::Primary(one.clone()), 0),
            _ => (PrimaryState::Ambiguous(top), 0),
        };
    }
    if let PrimaryState::Primary(primary) = current {
        let unreachable = probes
            .iter()
            .any(|(e, p)| e == primary && *p == Probe::Unreachable);
        if unreachable && misses + 1 < MISSES_TO_DROP {
            return (current.clone(), misses + 1);
        }
    }
    (PrimaryState::Searching, 0)
}

/// Probes every host each `every` and publishes the primary.
async fn probe_loop(
    hosts: Vec<Endpoint>,
    template: PgConnectOptions,
    every: Duration,
    tx: watch::Sender<PrimaryState>,
) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut misses = 0;
    loop {
        tick.tick().await;
        let probes = futures_util::future::join_all(hosts.iter().map(|host| {
            let options = template
                .clone()
                .host(&host.host)
                .port(host.port)
                .application_name("tessera-server primary probe");
            async move { (host.clone(), probe(options, every).await) }
        }))
        .await;
        let current = tx.borrow().clone();
        let (next, now_misses) = choose(&current, misses, &probes);
        misses = now_misses;
        if next != current {
            match &next {
                PrimaryState::Primary(host) => {
                    tracing::warn!(primary = %host, "database primary found; connections go there")
                }
                PrimaryState::Searching => tracing::warn!(
                    "no database host answers as the primary: gates get storage_unavailable \
                     until one does"
                ),
                PrimaryState::Ambiguous(hosts) => tracing::error!(
                    primaries = %hosts.iter().map(ToString::to_string).collect::<Vec<_>>().join(","),
                    "several database hosts answer as primary on the same timeline; using none \
                     until the failover tool fences one"
                ),
            }
            tx.send_replace(next);
        }
    }
}

/// Asks one host whether it is the primary, within `limit`.
async fn probe(options: PgConnectOptions, limit: Duration) -> Probe {
    let asked = async {
        let mut conn = options.connect().await?;
        // Read-only counts as a standby, as libpq's `target_session_attrs=read-write` has
        // it: pg_auto_failover promotes a standby with `default_transaction_read_only = on`
        // until the old primary is known to be demoted, and only then lets it write.
        let row: (bool, i64) = sqlx::query_as(
            "SELECT pg_is_in_recovery() OR current_setting('transaction_read_only') = 'on', \
             CASE WHEN pg_is_in_recovery() THEN 0 ELSE \
             ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::bigint END",
        )
        .fetch_one(&mut conn)
        .await?;
        let _ = conn.close().await;
        Ok::<_, sqlx::Error>(row)
    };
    match tokio::time::timeout(limit, asked).await {
        Ok(Ok((true, _))) => Probe::Standby,
        Ok(Ok((false, timeline))) => Probe::Primary { timeline },
        Ok(Err(error)) => {
            tracing::debug!(%error, "primary probe failed");
            Probe::Unreachable
        }
        Err(_) => Probe::Unreachable,
    }
}

/// Accepts the pools' connections and forwards each to the primary of the moment.
async fn forward_loop(listener: TcpListener, rx: watch::Receiver<PrimaryState>, wait: Duration) {
    loop {
        match listener.accept().await {
            Ok((client, _)) => {
                tokio::spawn(forward(client, rx.clone(), wait));
            }
            Err(error) => {
                tracing::warn!(%error, "primary forwarder: accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// Forwards one connection until either side closes it or the primary changes.
async fn forward(mut client: TcpStream, mut rx: watch::Receiver<PrimaryState>, wait: Duration) {
    // The borrow of the state ends with this block, before the copy below waits on it.
    let target = {
        let found = tokio::time::timeout(
            wait,
            rx.wait_for(|state| matches!(state, PrimaryState::Primary(_))),
        )
        .await;
        match found {
            Ok(Ok(state)) => match &*state {
                PrimaryState::Primary(target) => target.clone(),
                _ => return,
            },
            // No primary within the wait (or the locator is gone): refuse; the pool's caller
            // gets a storage error, retryable for gates.
            _ => return,
        }
    };
    let upstream = tokio::time::timeout(
        wait,
        TcpStream::connect((target.host.as_str(), target.port)),
    )
    .await;
    let Ok(Ok(mut upstream)) = upstream else {
        tracing::debug!(primary = %target, "primary forwarder: connect failed");
        return;
    };
    let _ = client.set_nodelay(true);
    let _ = upstream.set_nodelay(true);
    let moved = PrimaryState::Primary(target);
    tokio::select! {
        _ = tokio::io::copy_bidirectional(&mut client, &mut upstream) => {}
        _ = rx.wait_for(|state| *state != moved) => {
            tracing::debug!("primary changed: cutting a forwarded connection");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    fn at(host: &str, port: u16) -> Endpoint {
        Endpoint {
            host: host.to_owned(),
            port,
        }
    }

    /// A URL and what it splits into (`None`: given to sqlx as it is).
    type SplitCase = (&'static str, Option<(Vec<Endpoint>, &'static str)>);

    /// From a state and its misses, with these probes, to a state and its misses.
    type ChoiceCase = (PrimaryState, u32, Vec<(Endpoint, Probe)>, PrimaryState, u32);

    #[test]
    fn multi_host_urls_are_split_and_single_host_urls_left_alone() {
        let cases: &[SplitCase] = &[
            ("postgres://u@db/tessera", None),
            ("postgresql://u:pw@db:6432/t?sslmode=require", None),
            (
                "postgres://u@h1:5432,h2:5433/db?target_session_attrs=read-write",
                Some((
                    vec![at("h1", 5432), at("h2", 5433)],
                    "postgres://u@127.0.0.1:5432/db",
                )),
            ),
            (
                "postgres://u:p%40ss@h1,h2/db?sslmode=require&target_session_attrs=primary&application_name=x",
                Some((
                    vec![at("h1", 5432), at("h2", 5432)],
                    "postgres://u:p%40ss@127.0.0.1:5432/db?sslmode=require&application_name=x",
                )),
            ),
            (
                "postgres://[::1]:5433,[fe80::2],h3:7/db",
                Some((
                    vec![at("::1", 5433), at("fe80::2", 5432), at("h3", 7)],
                    "postgres://127.0.0.1:5432/db",
                )),
            ),
            (
                "postgres://u@only:5432/db?target_session_attrs=read-write",
                Some((vec![at("only", 5432)], "postgres://u@127.0.0.1:5432/db")),
            ),
            (
                "postgres://u@a:1,b:2?target_session_attrs=read-write",
                Some((vec![at("a", 1), at("b", 2)], "postgres://u@127.0.0.1:5432")),
            ),
        ];
        for (url, want) in cases {
            let got = parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
            let want = want.as_ref().map(|(hosts, single)| HostList {
                hosts: hosts.clone(),
                single_host_url: (*single).to_owned(),
            });
            assert_eq!(got, want, "{url}");
        }
    }

    #[test]
    fn unusable_host_lists_are_refused_with_the_reason() {
        for (url, says) in [
            (
                "postgres://u@h1,h2/db?target_session_attrs=any",
                "target_session_attrs=any",
            ),
            (
                "postgres://u@h1/db?target_session_attrs=read-only",
                "read-write",
            ),
            ("postgres://u@h1:5432,h2:x/db", "bad port"),
            ("postgres://u@h1:0,h2/db", "bad port"),
            ("postgres://u@h1,,h2/db", "empty host"),
            ("postgres://u@h1,h2/db?host=h3", "authority"),
            ("postgres://u@h1,h2/db?sslmode=verify-full", "verify-full"),
            ("postgres://u@[::1,h2/db", "unclosed"),
            ("h1,h2/db", "postgres://"),
        ] {
            match parse(url) {
                Ok(list) => panic!("{url} was accepted: {list:?}"),
                Err(error) => assert!(error.to_string().contains(says), "{url}: {error}"),
            }
        }
    }

    #[test]
    fn the_newest_single_primary_is_chosen_and_a_lost_one_given_up_after_two_misses() {
        use PrimaryState::{Ambiguous, Primary, Searching};
        let (a, b) = (at("a", 1), at("b", 2));
        let p = |timeline| Probe::Primary { timeline };
        let cases: Vec<ChoiceCase> = vec![
            // start-up: the one writable host wins, wherever it is listed
            (
                Searching,
                0,
                vec![(a.clone(), Probe::Unreachable), (b.clone(), p(1))],
                Primary(b.clone()),
                0,
            ),
            (
                Searching,
                0,
                vec![(a.clone(), Probe::Standby), (b.clone(), Probe::Standby)],
                Searching,
                0,
            ),
            // the primary misses one probe: kept; two in a row: given up
            (
                Primary(a.clone()),
                0,
                vec![(a.clone(), Probe::Unreachable), (b.clone(), Probe::Standby)],
                Primary(a.clone()),
                1,
            ),
            (
                Primary(a.clone()),
                1,
                vec![(a.clone(), Probe::Unreachable), (b.clone(), Probe::Standby)],
                Searching,
                0,
            ),
            // demoted (answers as a standby): given up at once
            (
                Primary(a.clone()),
                0,
                vec![(a.clone(), Probe::Standby), (b.clone(), Probe::Standby)],
                Searching,
                0,
            ),
            // promoted standby: followed at once
            (
                Primary(a.clone()),
                1,
                vec![(a.clone(), Probe::Unreachable), (b.clone(), p(2))],
                Primary(b.clone()),
                0,
            ),
            // an old primary back on its own: the newer timeline wins
            (
                Primary(b.clone()),
                0,
                vec![(a.clone(), p(1)), (b.clone(), p(2))],
                Primary(b.clone()),
                0,
            ),
            (
                Searching,
                0,
                vec![(a.clone(), p(3)), (b.clone(), p(2))],
                Primary(a.clone()),
                0,
            ),
            // two primaries on one timeline: none is used
            (
                Primary(a.clone()),
                0,
                vec![(a.clone(), p(2)), (b.clone(), p(2))],
                Ambiguous(vec![a.clone(), b.clone()]),
                0,
            ),
            // one of two primaries misses a probe: still two; two misses in a row: gone
            (
                Ambiguous(vec![a.clone(), b.clone()]),
                0,
                vec![(a.clone(), Probe::Unreachable), (b.clone(), p(2))],
                Ambiguous(vec![a.clone(), b.clone()]),
                1,
            ),
            (
                Ambiguous(vec![a.clone(), b.clone()]),
                1,
                vec![(a.clone(), Probe::Unreachable), (b.clone(), p(2))],
                Primary(b.clone()),
                0,
            ),
            // one of two demoted (answers as a standby): the other at once
            (
                Ambiguous(vec![a.clone(), b.clone()]),
                0,
                vec![(a.clone(), Probe::Standby), (b.clone(), p(2))],
                Primary(b.clone()),
                0,
            ),
        ];
        for (current, misses, probes, want, want_misses) in cases {
            assert_eq!(
                choose(&current, misses, &probes),
                (want.clone(), want_misses),
                "from {current:?} ({misses} misses) with {probes:?}"
            );
        }
    }

    /// A fake database host that answers every connection with its name.
    async fn named_host(name: &'static [u8]) -> Endpoint {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                tokio::spawn(async move {
                    let _ = socket.write_all(name).await;
                    let mut sink = [0u8; 64];
                    while matches!(socket.read(&mut sink).await, Ok(n) if n > 0) {}
                });
            }
        });
        at("127.0.0.1", port)
    }

    #[tokio::test]
    async fn forwarded_connections_follow_the_primary_and_are_cut_when_it_changes() {
        let (a, b) = (named_host(b"A").await, named_host(b"B").await);
        let (tx, rx) = watch::channel(PrimaryState::Searching);
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        tokio::spawn(forward_loop(listener, rx, Duration::from_millis(300)));
        let first_byte = |mut s: TcpStream| async move {
            let mut byte = [0u8; 1];
            match tokio::time::timeout(Duration::from_secs(2), s.read(&mut byte)).await {
                Ok(Ok(1)) => Some(byte[0]),
                _ => None,
            }
        };
        // No primary: the connection is refused after the wait.
        let waiting = TcpStream::connect(addr).await.expect("connect");
        assert_eq!(first_byte(waiting).await, None);
        tx.send_replace(PrimaryState::Primary(a.clone()));
        let mut on_a = TcpStream::connect(addr).await.expect("connect");
        let mut byte = [0u8; 1];
        on_a.read_exact(&mut byte).await.expect("read");
        assert_eq!(&byte, b"A");
        // Failover: the connection to A is cut, a new one reaches B.
        tx.send_replace(PrimaryState::Primary(b.clone()));
        let cut = tokio::time::timeout(Duration::from_secs(2), on_a.read(&mut byte)).await;
        assert!(matches!(cut, Ok(Ok(0)) | Ok(Err(_))), "{cut:?}");
        let on_b = TcpStream::connect(addr).await.expect("connect");
        assert_eq!(first_byte(on_b).await, Some(b'B'));
    }
}
