//! The live audit feed behind `GET /v1/audit/stream` (issue 15, `docs/console.md`).
//!
//! The table is the truth; everything else is a wake-up. A stream keeps a cursor (the last
//! event id it has passed) and, whenever it is woken or a second has gone by, reads what
//! follows it. Wake-ups come from this process (the store signals after every commit that
//! may have appended events) and, on PostgreSQL, from other replicas: each replica sends a
//! `NOTIFY` after its own appends (`tessera_flows::hub`) and `LISTEN`s for the
//! others'. A lost notification therefore delays an event by at most the poll, and loses
//! nothing; a browser that reconnects sends its last id (`Last-Event-ID`) and resumes.
//!
//! One subtlety makes "resume after id N" safe: on PostgreSQL ids come from a sequence
//! when the row is inserted, not when it commits, so id 11 can be visible while id 10 is
//! still being committed. [`safe_upto`] reads every tenant's ids and stops before a gap
//! until the event after the gap is [`GAP_GRACE_MS`] old: by then the missing id was rolled
//! back (sequences do not reuse ids), not in flight.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::response::sse::Event;
use serde_json::Value;
use tokio::sync::{mpsc, watch};
use uuid::Uuid;

use tessera_domain::audit::Severity;
use tessera_domain::events::{Details, Recorded};
use tessera_flows::hub::Hub;
use tessera_store::{AuditFilter, AuditRow, Store};

/// How often a stream reads the table without a wake-up.
pub const POLL_EVERY: Duration = Duration::from_secs(1);
/// How often a stream held back by a gap looks again.
const GAP_RECHECK: Duration = Duration::from_millis(100);
/// Ids read per step.
const SCAN: i64 = 1_000;
/// A stream that starts from its backlog also rescans this many ids before the newest, in
/// case one of them was still committing when it started.
const START_LOOKBACK: i64 = 1_000;

/// Where a stream begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// After this id (`Last-Event-ID` or `?after=`).
    After(i64),
    /// With the newest this many matching events.
    Backlog(i64),
}

/// A stream's place in the log, fixed while it is asked for, before it is answered: a
/// client that opens a stream and then acts sees every event its acts make, however late
/// the stream's task first runs on a loaded machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// After this id.
    After(i64),
    /// With the newest `count` matching events at or before `newest_id`, the log's newest
    /// when the stream was asked for.
    Backlog {
        /// Events before live.
        count: i64,
        /// The newest id then.
        newest_id: i64,
    },
}

impl Anchor {
    /// Fixes `start` in the log now.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn fix(store: &Store, start: Start) -> crate::Result<Self> {
        Ok(match start {
            Start::After(id) => Self::After(id),
            Start::Backlog(count) => Self::Backlog {
                count,
                newest_id: store.audit().max_audit_id().await?,
            },
        })
    }
}

/// Labels of the gates and passes a stream has named, looked up once each.
#[derive(Debug, Default)]
struct Labels {
    gates: HashMap<Uuid, Option<String>>,
    passes: HashMap<Uuid, Option<String>>,
}

impl Labels {
    async fn gate(&mut self, store: &Store, id: Option<Uuid>) -> Option<String> {
        let id = id?;
        if let Some(known) = self.gates.get(&id) {
            return known.clone();
        }
        let label = store.gates().gate_label(id).await.ok().flatten();
        self.gates.insert(id, label.clone());
        label
    }

    async fn pass(&mut self, store: &Store, id: Option<Uuid>) -> Option<String> {
        let id = id?;
        if let Some(known) = self.passes.get(&id) {
            return known.clone();
        }
        let label = store
            .passes()
            .pass_by_id(id)
            .await
            .ok()
            .flatten()
            .map(|pass| pass.label);
        self.passes.insert(id, label.clone());
        label
    }
}

/// Feeds one stream: every event matching `filter` (its tenant, kind, severity, gate and
/// pass) from `anchor` on, into `out`, until the receiver goes or the server stops.
pub async fn run(
    store: Store,
    hub: Arc<Hub>,
    filter: AuditFilter,
    anchor: Anchor,
    out: mpsc::Sender<Event>,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut wakeups = hub.subscribe();
    let mut labels = Labels::default();
    let mut cursor = loop {
        match begin(&store, &filter, anchor, &mut labels, &out).await {
            Ok(Some(cursor)) => break cursor,
            Ok(None) => return,
            Err(error) => {
                tracing::warn!(%error, "audit stream cannot start yet");
                tokio::select! {
                    () = tokio::time::sleep(POLL_EVERY) => {}
                    () = out.closed() => return,
                    _ = shutdown.changed() => return,
                }
            }
        }
    };
    loop {
        let pause = match step(&store, &hub, &filter, &mut cursor, &mut labels, &out).await {
            Ok(Step::More) => continue,
            Ok(Step::Held) => GAP_RECHECK,
            Ok(Step::CaughtUp) => POLL_EVERY,
            Ok(Step::Gone) => return,
            Err(error) => {
                tracing::warn!(%error, "audit stream could not read; retrying");
                POLL_EVERY
            }
        };
        tokio::select! {
            changed = wakeups.changed() => if changed.is_err() { return },
            () = tokio::time::sleep(pause) => {}
            () = out.closed() => return,
            _ = shutdown.changed() => return,
        }
    }
}

/// Sends the backlog, if asked for; returns the cursor to follow from (`None`: the
/// receiver is gone).
async fn begin(
    store: &Store,
    filter: &AuditFilter,
    anchor: Anchor,
    labels: &mut Labels,
    out: &mpsc::Sender<Event>,
) -> crate::Result<Option<i64>> {
    match anchor {
        Anchor::After(id) => Ok(Some(id)),
        Anchor::Backlog { count, newest_id } => {
            if count == 0 {
                return Ok(Some(newest_id));
            }
            let mut rows = store
                .audit()
                .audit_tail(&AuditFilter {
                    limit: count,
                    ..filter.clone()
                })
                .await?;
            rows.reverse();
            let newest_sent = rows.last().map_or(0, |row| row.id);
            for row in &rows {
                if !send(store, row, labels, out).await {
                    return Ok(None);
                }
            }
            Ok(Some(
                newest_sent.max(newest_id.saturating_sub(START_LOOKBACK)),
            ))
        }
    }
}

enum Step {
    /// A full page was read: read on.
    More,
    /// A gap younger than its grace holds the feed back.
    Held,
    /// Nothing more to read now.
    CaughtUp,
    /// The receiver is gone.
    Gone,
}

async fn step(
    store: &Store,
    hub: &Hub,
    filter: &AuditFilter,
    cursor: &mut i64,
    labels: &mut Labels,
    out: &mpsc::Sender<Event>,
) -> crate::Result<Step> {
    let ids = store.audit().audit_ids_after(*cursor, SCAN).await?;
    let upto = hub.safe_upto(*cursor, &ids);
    if upto > *cursor {
        let rows = store
            .audit()
            .query_audit(&AuditFilter {
                after_id: Some(*cursor),
                through_id: Some(upto),
                limit: SCAN,
                ..filter.clone()
            })
            .await?;
        for row in &rows {
            if !send(store, row, labels, out).await {
                return Ok(Step::Gone);
            }
        }
        *cursor = upto;
    }
    let held = ids.ids.last().is_some_and(|&(last, _)| last > upto);
    Ok(if held {
        Step::Held
    } else if ids.ids.len() as i64 == SCAN {
        Step::More
    } else {
        Step::CaughtUp
    })
}

/// One audit event, as `GET /v1/audit`, its CSV export and this stream show it.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct AuditEvent {
    /// Monotonic; the order of the log.
    pub id: i64,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    pub at: String,
    /// What happened (`kind`, e.g. `response`, `scan`, `claim`, `auth_failure`) and its
    /// `details`, one type per kind. An event a newer server wrote whose kind or details
    /// this one cannot read is shown as stored.
    #[serde(flatten)]
    #[schema(value_type = Details)]
    pub event: Recorded,
    /// How urgent it is.
    pub severity: Severity,
    /// `null` for failed authentications (no tenant is known).
    pub org_id: Option<Uuid>,
    /// The gate it is about.
    pub gate_id: Option<Uuid>,
    /// The pass it is about.
    pub pass_id: Option<Uuid>,
    /// Who did it, for a staff action taken in a session made through the organisation's
    /// identity provider: the provider, the person's id there and their display name.
    /// `null` for everything else: API keys (their id is in `details.by_key_id`), gates,
    /// visitors and the server itself.
    pub actor: Option<tessera_domain::sso::Person>,
    /// The on-site node that shipped it: it happened on site, under that node's lease, and
    /// reached the central server with the node's sync-up. Absent for everything else.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin_node_id: Option<Uuid>,
}

impl AuditEvent {
    /// The event of a stored row.
    pub fn from_row(row: &AuditRow) -> Self {
        AuditEvent {
            id: row.id,
            at: tessera_domain::rfc3339(row.at_ms),
            event: row.event.clone(),
            severity: row.severity,
            org_id: row.org_id,
            gate_id: row.gate_id,
            pass_id: row.pass_id,
            actor: row.actor.clone(),
            origin_node_id: row.origin_node_id,
        }
    }
}

/// One event as `GET /v1/audit` shows it (the feed and the export add nothing but labels).
pub fn event_json(row: &AuditRow) -> Value {
    serde_json::to_value(AuditEvent::from_row(row)).unwrap_or_else(|_| serde_json::json!({}))
}

/// One event as the stream sends it: `GET /v1/audit`'s event plus the labels.
#[derive(serde::Serialize)]
struct FeedEvent {
    #[serde(flatten)]
    event: AuditEvent,
    gate_label: Option<String>,
    pass_label: Option<String>,
}

/// One event as the stream sends it: `GET /v1/audit`'s event plus the labels.
async fn send(
    store: &Store,
    row: &AuditRow,
    labels: &mut Labels,
    out: &mpsc::Sender<Event>,
) -> bool {
    let event = FeedEvent {
        event: AuditEvent::from_row(row),
        gate_label: labels.gate(store, row.gate_id).await,
        pass_label: labels.pass(store, row.pass_id).await,
    };
    let sse = Event::default()
        .id(row.id.to_string())
        .event("audit")
        .data(serde_json::to_string(&event).unwrap_or_default());
    out.send(sse).await.is_ok()
}
