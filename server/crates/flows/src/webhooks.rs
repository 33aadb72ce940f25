//! Admission events delivered to other systems (issue 17): a transactional outbox and its
//! dispatcher.
//!
//! **The outbox is the audit log.** Every admission, walk-in approval and revocation
//! already commits its audit event in the same transaction as the change (`tessera_store`),
//! so an event can neither be lost by a crash after the COMMIT nor exist for a change that
//! rolled back, and the hot path writes nothing more when webhooks are configured. Each
//! webhook keeps a cursor into the log. The dispatcher, on every replica, every round:
//!
//! 1. **sends the new events straight from the log.** For each webhook it reads the events
//!    after the cursor, up to where no event can still appear (`Hub::safe_upto`: a
//!    PostgreSQL sequence hands out ids before COMMIT), and maps those it wants to webhook
//!    events (`WebhookPayload::of`). It holds the webhook for a lease (a compare-and-set on the
//!    cursor, so no two replicas send these events at once) and makes each event's first
//!    attempt, signed ([`signature`]): a pass's events one after another, stopping at the
//!    first that fails ([`chains`]), many passes at once. Then, in one transaction, it
//!    moves the cursor and queues in `webhook_deliveries` only what was not delivered
//!    ([`first_attempt`]): an event delivered at the first try, the usual case, costs the
//!    database no row at all;
//! 2. **retries the queue:** it claims due deliveries for a lease (`FOR UPDATE SKIP LOCKED`
//!    on PostgreSQL), each the oldest pending one of its pass, so a pass's events go out in
//!    order (a pass with a queued event has its new ones queued behind it in step 1), POSTs
//!    each, and records the round's results together, in one transaction: delivered;
//!    retried with exponential back-off ([`next_attempt`]) for up to three days; then dead
//!    (the dead-letter list, which an admin can replay). A `410 Gone`, at either step,
//!    disables the webhook.
//!
//! A crash while sending leaves the lease to run out, and the events go out again (from the
//! unmoved cursor, or the queue): delivery is at least once, and each event carries a
//! stable `id` to deduplicate by.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::hub::Hub;
use crate::shutdown::Shutdown;
use tessera_domain::audit::{Severity, Subject};
use tessera_domain::events::{Details, WebhookDisabled};
use tessera_domain::webhook::{DeliveryState, WebhookEvent, WebhookPayload};
use tessera_store::{
    AuditFilter, AuditRow, DeliveryRow, Finished, NewAudit, NewDelivery, Store, WebhookRow,
};

/// How long a delivery may be retried after it was queued, by default
/// (`TESSERA_WEBHOOK_RETRY_FOR_S`).
pub const RETRY_FOR_MS: i64 = 3 * 24 * 3_600_000;
/// The longest pause between two attempts.
pub const MAX_BACKOFF_MS: i64 = 3_600_000;
/// How long a claimed delivery is another dispatcher's to leave alone.
pub const LEASE_MS: i64 = 30_000;
/// How long a receiver may take to answer.
pub const RECEIVER_TIMEOUT: Duration = Duration::from_secs(10);
/// Deliveries claimed per round.
const CLAIM_BATCH: i64 = 64;
/// Passes whose new events are being sent at once, per webhook.
const CHAINS_IN_FLIGHT: usize = 64;
/// A round starts no first attempt later than this after it leased the webhook, so the
/// last one ends (by [`RECEIVER_TIMEOUT`]) before the lease does.
const SEND_FOR: Duration = Duration::from_millis(LEASE_MS as u64 / 2);
const _: () = assert!(SEND_FOR.as_millis() + RECEIVER_TIMEOUT.as_millis() < LEASE_MS as u128);
/// Audit events read per webhook and round.
const SCAN: i64 = 1_000;
/// How often the dispatcher looks without a wake-up.
const POLL_EVERY: Duration = Duration::from_millis(500);
/// The shortest time between two rounds that found nothing to send.
const MIN_ROUND: Duration = Duration::from_millis(100);

/// The JSON body of a webhook event: a stable `id` (the same for every redelivery), its
/// `type`, when it happened, the pass and gate, and the audit event's details as `data`.
pub fn event_body(event: &AuditRow, payload: WebhookPayload) -> String {
    let body = WebhookEvent {
        id: format!("evt_{}", event.id),
        payload,
        occurred_at: tessera_domain::rfc3339(event.at_ms),
        pass_id: event.pass_id,
        gate_id: event.gate_id,
        org_id: event.org_id,
        origin_node_id: event.origin_node_id,
    };
    // Plain fields and maps with string keys: serialising cannot fail.
    serde_json::to_string(&body).unwrap_or_default()
}

/// `Tessera-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`.
pub fn signature(secret: &str, unix_s: i64, body: &str) -> String {
    let mac = match <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()) {
        Ok(mut mac) => {
            mac.update(unix_s.to_string().as_bytes());
            mac.update(b".");
            mac.update(body.as_bytes());
            mac.finalize().into_bytes()
        }
        // HMAC takes keys of any length; this arm cannot run.
        Err(_) => Default::default(),
    };
    let hex: String = mac.iter().map(|b| format!("{b:02x}")).collect();
    format!("t={unix_s},v1={hex}")
}

/// When to try a delivery again after its `attempts`-th failure: 2, 4, 8 … seconds, at most
/// an hour apart, while it is younger than `retry_for_ms` (three days by default); `None`
/// once it is out of time.
pub fn next_attempt(
    created_at_ms: i64,
    attempts: i64,
    now_ms: i64,
    retry_for_ms: i64,
) -> Option<i64> {
    let exponent = u32::try_from(attempts.clamp(1, 30)).unwrap_or(30);
    let backoff = 1_000i64
        .saturating_mul(1i64 << exponent)
        .min(MAX_BACKOFF_MS);
    let at = now_ms.saturating_add(backoff);
    (at < created_at_ms.saturating_add(retry_for_ms)).then_some(at)
}

/// What an attempt's answer (or failure to get one) means.
/// `created_at_ms` is when the event was queued (or, at its first attempt, now) and
/// `attempts` counts this one.
pub fn classify(
    status: Option<u16>,
    error: &str,
    created_at_ms: i64,
    attempts: i64,
    now_ms: i64,
    retry_for_ms: i64,
) -> Attempted {
    match status {
        Some(200..=299) => Attempted::Delivered,
        Some(410) => Attempted::Gone,
        _ => {
            let error = match status {
                Some(code) => format!("answered {code}"),
                None => error.to_owned(),
            };
            match next_attempt(created_at_ms, attempts, now_ms, retry_for_ms) {
                Some(at_ms) => Attempted::Retry { at_ms, error },
                None => Attempted::Dead { error },
            }
        }
    }
}

/// How one delivery attempt ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempted {
    /// The receiver answered 2xx.
    Delivered,
    /// Try again at this time.
    Retry {
        /// Next attempt.
        at_ms: i64,
        /// What went wrong.
        error: String,
    },
    /// Out of retries: into the dead-letter list.
    Dead {
        /// What went wrong last.
        error: String,
    },
    /// The receiver answered `410 Gone`: the webhook is disabled and this event is dead.
    Gone,
}

/// What an attempt writes to its delivery's row; a `410 Gone` also disables the webhook,
/// with the audit event that says so (stored by storage only if this result is the one
/// that disables it).
pub fn finished(delivery: &DeliveryRow, attempted: Attempted) -> Finished {
    let disables = matches!(attempted, Attempted::Gone)
        .then(|| disabled_event(delivery.org_id, delivery.webhook_id));
    let (state, next_attempt_ms, error) = match not_delivered(attempted, delivery.next_attempt_ms) {
        None => (DeliveryState::Delivered, delivery.next_attempt_ms, None),
        Some((state, next_attempt_ms, error)) => (state, next_attempt_ms, Some(error)),
    };
    Finished {
        id: delivery.id,
        webhook_id: delivery.webhook_id,
        state,
        next_attempt_ms,
        error,
        disables,
    }
}

/// What an attempt that did not deliver writes, whether to a queued row ([`finished`]) or
/// to a new one ([`first_attempt`]): its state, when it is due (`due_ms` unless it is
/// retried) and its error; `None` once delivered.
fn not_delivered(attempted: Attempted, due_ms: i64) -> Option<(DeliveryState, i64, String)> {
    match attempted {
        Attempted::Delivered => None,
        Attempted::Retry { at_ms, error } => Some((DeliveryState::Pending, at_ms, error)),
        Attempted::Dead { error } => Some((DeliveryState::Dead, due_ms, error)),
        Attempted::Gone => Some((DeliveryState::Dead, due_ms, "410 Gone".to_owned())),
    }
}

/// The audit event of a webhook disabled by a `410 Gone`.
fn disabled_event(org_id: uuid::Uuid, webhook_id: uuid::Uuid) -> NewAudit {
    tessera_domain::audit::event(
        Severity::Warning,
        Subject {
            org_id: Some(org_id),
            ..Subject::default()
        },
        Details::WebhookDisabled(WebhookDisabled {
            webhook_id,
            reason: "the receiver answered 410 Gone".to_owned(),
            by_key_id: None,
        }),
    )
}

/// A webhook's new events, in log order, split into what a round sends now and what it
/// queues unsent: one chain per pass, its events in order (sent one after another, so a
/// receiver sees them in order), and one chain per event without a pass; the events of a
/// pass that has an undelivered event queued (`waiting`) go to the queue, behind it.
pub fn chains(
    events: Vec<NewDelivery>,
    waiting: &HashSet<uuid::Uuid>,
) -> (Vec<Vec<NewDelivery>>, Vec<NewDelivery>) {
    let mut chains: Vec<Vec<NewDelivery>> = Vec::new();
    let mut of_pass: std::collections::HashMap<uuid::Uuid, usize> =
        std::collections::HashMap::new();
    let mut queued = Vec::new();
    for event in events {
        match event.pass_id {
            Some(pass) if waiting.contains(&pass) => queued.push(event),
            Some(pass) => match of_pass.get(&pass) {
                Some(&at) => chains[at].push(event),
                None => {
                    of_pass.insert(pass, chains.len());
                    chains.push(vec![event]);
                }
            },
            None => chains.push(vec![event]),
        }
    }
    (chains, queued)
}

/// What a round writes for a new event after its first attempt (`None`: it was not
/// tried, because an earlier event of its pass failed or the round ran out of time):
/// nothing once delivered; otherwise its queue row, tried again later, dead, or (after a
/// 410, which disables the webhook) dead.
pub fn first_attempt(event: NewDelivery, attempted: Option<Attempted>) -> Option<NewDelivery> {
    let Some(attempted) = attempted else {
        return Some(event);
    };
    let (state, next_attempt_ms, last_error) = not_delivered(attempted, event.next_attempt_ms)?;
    Some(NewDelivery {
        state,
        attempts: 1,
        next_attempt_ms,
        last_error: Some(last_error),
        ..event
    })
}

/// What the dispatcher uses: storage, the audit wake-ups, and how long an event is retried.
#[derive(Clone, Debug)]
pub struct Dispatcher {
    /// The database: webhooks, their cursors and the delivery queue.
    pub store: Store,
    /// Where receivers may be (`crate::egress`): never inside unless allowed.
    pub egress: crate::egress::Policy,
    /// The server keys the webhooks' signing secrets are sealed under (`crate::sealing`).
    pub keys: Arc<crate::keyring::Keyring>,
    /// Wakes the dispatcher when audit events may have committed.
    pub hub: Arc<Hub>,
    /// How long an undelivered event is retried before it is a dead letter.
    pub retry_for: Duration,
}

/// Seals every webhook secret a server from before sealing stored as it is
/// (`crate::sealing`), once, at start-up; returns how many. A secret an admin rotates
/// meanwhile is left alone (the change compares the stored text).
///
/// # Errors
/// Storage failures; [`crate::Error::Internal`] without a server key.
pub async fn seal_stored_secrets(
    store: &Store,
    keys: &crate::keyring::Keyring,
) -> crate::Result<usize> {
    let mut sealed = 0;
    for webhook in store.webhooks().webhooks_unsealed().await? {
        let stored = crate::sealing::seal(
            keys,
            crate::sealing::Purpose::WebhookSecret,
            webhook.id,
            &webhook.secret,
        )
        .map_err(|_| crate::Error::Internal("no server key to seal webhook secrets with"))?;
        let change = tessera_store::WebhookChange::Secret {
            stored,
            replacing: Some(webhook.secret.clone()),
        };
        if store
            .webhooks()
            .change_webhook(webhook.org_id, webhook.id, &change, None)
            .await?
            .1
        {
            sealed += 1;
        }
    }
    Ok(sealed)
}

/// The dispatcher: queues and delivers until the server stops.
pub async fn run(dispatcher: Dispatcher, mut shutdown: Shutdown) {
    // Names resolve through the policy, which hands out only addresses it allows, and the
    // client connects to those: no proxy, no redirect can take it elsewhere.
    let client = match reqwest::Client::builder()
        .timeout(RECEIVER_TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .dns_resolver(dispatcher.egress.resolver())
        .user_agent(concat!("tessera-webhooks/", env!("CARGO_PKG_VERSION")))
        .build()
    {
        Ok(client) => client,
        Err(error) => {
            tracing::error!(%error, "cannot build the webhook client; no webhooks will be sent");
            return;
        }
    };
    let mut wake = dispatcher.hub.subscribe();
    loop {
        let round = tokio::time::Instant::now();
        let mut more = false;
        let claimed = match dispatcher.store.webhooks().webhooks(None).await {
            Ok(webhooks) => {
                for webhook in &webhooks {
                    match stream(&dispatcher, &client, webhook).await {
                        Ok(full) => more |= full,
                        Err(error) => {
                            tracing::warn!(%error, webhook_id = %webhook.id, "could not send new webhook events");
                        }
                    }
                }
                // Claimed even when no webhook is enabled: a disabled webhook's queued or
                // replayed events must still reach the dead-letter list.
                deliver(&dispatcher, &client, &webhooks)
                    .await
                    .unwrap_or_else(|error| {
                        tracing::warn!(%error, "could not deliver webhook events");
                        0
                    })
            }
            Err(error) => {
                tracing::warn!(%error, "could not read the webhooks");
                0
            }
        };
        if claimed > 0 || more {
            continue;
        }
        // Every commit wakes the feed; at a busy gate rush a round per wake-up would cost
        // more than it brings, so rounds are at least MIN_ROUND apart.
        tokio::select! {
            () = tokio::time::sleep_until(round + MIN_ROUND) => {}
            () = shutdown.recv() => return,
        }
        tokio::select! {
            _ = wake.changed() => {}
            () = tokio::time::sleep(POLL_EVERY) => {}
            () = shutdown.recv() => return,
        }
    }
}

/// Step 1 for one webhook: sends the events after its cursor, then moves the cursor and
/// queues what was not delivered. True when it read a full [`SCAN`] (more are waiting).
async fn stream(
    dispatcher: &Dispatcher,
    client: &reqwest::Client,
    webhook: &WebhookRow,
) -> crate::Result<bool> {
    let now = tessera_domain::now_ms();
    let from = webhook.audit_cursor;
    let ids = dispatcher.store.audit().audit_ids_after(from, SCAN).await?;
    let full = i64::try_from(ids.ids.len()).unwrap_or(i64::MAX) >= SCAN;
    let upto = dispatcher.hub.safe_upto(from, &ids);
    if upto <= from {
        return Ok(false);
    }
    let events = dispatcher
        .store
        .audit()
        .query_audit(&AuditFilter {
            org_id: webhook.org_id,
            after_id: Some(from),
            through_id: Some(upto),
            limit: SCAN,
            ..AuditFilter::default()
        })
        .await?;
    let wanted: Vec<NewDelivery> = events
        .iter()
        .filter_map(|event| {
            let payload =
                WebhookPayload::candidates(event.id, event.severity, event.event.known()?)
                    .into_iter()
                    .find(|payload| webhook.events.contains(payload.event_type()))?;
            let kind = payload.event_type();
            Some(NewDelivery {
                audit_id: event.id,
                pass_id: event.pass_id,
                event_type: kind.as_str().to_owned(),
                body: event_body(event, payload),
                state: DeliveryState::Pending,
                attempts: 0,
                next_attempt_ms: now,
                last_error: None,
            })
        })
        .collect();
    // Even with nothing to send, the cursor moves only under the lease: a replica whose
    // shorter read found nothing wanted must not move the cursor past (and clear the lease
    // of) another replica that is sending the events after it, or a third round would send
    // them again while the first is still sending.
    if !dispatcher
        .store
        .backend()
        .lease_webhook(webhook.id, from, now, LEASE_MS)
        .await?
    {
        return Ok(false); // another replica is sending them
    }
    if wanted.is_empty() {
        dispatcher
            .store
            .backend()
            .enqueue_deliveries(webhook, from, upto, &[], None, now)
            .await?;
        return Ok(full);
    }
    let sending_until = tokio::time::Instant::now() + SEND_FOR;
    let waiting: HashSet<uuid::Uuid> = dispatcher
        .store
        .webhooks()
        .waiting_passes(webhook.id)
        .await?
        .into_iter()
        .collect();
    let (chains, mut queue) = chains(wanted, &waiting);
    let retry_for_ms = retry_for_ms(dispatcher);
    let tried: Vec<Vec<(NewDelivery, Option<Attempted>)>> =
        futures_util::stream::iter(chains.into_iter().map(|chain| async move {
            let mut tried = Vec::with_capacity(chain.len());
            let mut go_on = true;
            for event in chain {
                if !go_on || tokio::time::Instant::now() >= sending_until {
                    tried.push((event, None));
                    continue;
                }
                let attempted = attempt(
                    dispatcher,
                    client,
                    webhook,
                    event.audit_id,
                    &event.body,
                    tessera_domain::now_ms(),
                    1,
                    retry_for_ms,
                )
                .await;
                go_on = attempted == Attempted::Delivered;
                tried.push((event, Some(attempted)));
            }
            tried
        }))
        .buffer_unordered(CHAINS_IN_FLIGHT)
        .collect()
        .await;
    let mut disables = None;
    for (event, attempted) in tried.into_iter().flatten() {
        if attempted == Some(Attempted::Gone) {
            disables = Some(disabled_event(webhook.org_id, webhook.id));
        }
        queue.extend(first_attempt(event, attempted));
    }
    queue.sort_by_key(|event| event.audit_id);
    let moved = dispatcher
        .store
        .backend()
        .enqueue_deliveries(
            webhook,
            from,
            upto,
            &queue,
            disables.as_ref(),
            tessera_domain::now_ms(),
        )
        .await?;
    if !moved {
        // Only after the lease ran out: the other replica sends these events again.
        tracing::warn!(webhook_id = %webhook.id, "a webhook's cursor moved while its events were sent");
    }
    Ok(full)
}

fn retry_for_ms(dispatcher: &Dispatcher) -> i64 {
    i64::try_from(dispatcher.retry_for.as_millis()).unwrap_or(i64::MAX)
}

/// Step 2 and 3: claims due deliveries and sends them, a round at a time.
async fn deliver(
    dispatcher: &Dispatcher,
    client: &reqwest::Client,
    webhooks: &[WebhookRow],
) -> crate::Result<usize> {
    let claimed = dispatcher
        .store
        .webhooks()
        .claim_deliveries(tessera_domain::now_ms(), LEASE_MS, CLAIM_BATCH)
        .await?;
    if claimed.is_empty() {
        return Ok(0);
    }
    // A webhook missing from the round's list may have been created after the list was
    // read, on another replica: look it up before calling it disabled.
    let mut known = webhooks.to_vec();
    for delivery in &claimed {
        if !known.iter().any(|w| w.id == delivery.webhook_id) {
            known.extend(
                dispatcher
                    .store
                    .webhooks()
                    .webhooks(Some(delivery.org_id))
                    .await?
                    .into_iter()
                    .filter(|w| w.disabled_at_ms.is_none()),
            );
        }
    }
    let sends = claimed.iter().map(|delivery| {
        let webhook = known.iter().find(|w| w.id == delivery.webhook_id);
        send(dispatcher, client, webhook, delivery)
    });
    let finished = futures_util::future::join_all(sends).await;
    if let Err(error) = dispatcher
        .store
        .finish_deliveries(&finished, tessera_domain::now_ms())
        .await
    {
        // The leases run out and the events go out again: at least once.
        tracing::warn!(%error, deliveries = finished.len(), "could not record webhook deliveries");
    }
    Ok(claimed.len())
}

/// Step 2 for one claimed delivery: its attempt, and what it writes.
async fn send(
    dispatcher: &Dispatcher,
    client: &reqwest::Client,
    webhook: Option<&WebhookRow>,
    delivery: &DeliveryRow,
) -> Finished {
    let attempted = match webhook {
        // Disabled meanwhile: the event waits in the dead-letter list.
        None => Attempted::Dead {
            error: "the webhook is disabled".to_owned(),
        },
        Some(webhook) => {
            attempt(
                dispatcher,
                client,
                webhook,
                delivery.audit_id,
                &delivery.body,
                delivery.created_at_ms,
                delivery.attempts,
                retry_for_ms(dispatcher),
            )
            .await
        }
    };
    finished(delivery, attempted)
}

/// One signed POST of an event to a webhook, and what its answer means (`attempts`
/// counts this one; `created_at_ms` is when the event was queued, or now at its first).
#[allow(clippy::too_many_arguments)]
async fn attempt(
    dispatcher: &Dispatcher,
    client: &reqwest::Client,
    webhook: &WebhookRow,
    audit_id: i64,
    body: &str,
    created_at_ms: i64,
    attempts: i64,
    retry_for_ms: i64,
) -> Attempted {
    let now = tessera_domain::now_ms();
    // An address in the URL is checked here; a name, by the client's resolver.
    let allowed = url::Url::parse(&webhook.url)
        .ok()
        .is_some_and(|url| dispatcher.egress.check_url(&url).is_ok());
    let secret = match crate::sealing::open(
        &dispatcher.keys,
        crate::sealing::Purpose::WebhookSecret,
        webhook.id,
        &webhook.secret,
    ) {
        Ok(secret) => secret,
        Err(error) => {
            tracing::error!(%error, webhook_id = %webhook.id, "cannot open a webhook's signing secret");
            return classify(
                None,
                "the signing secret cannot be read on this server",
                created_at_ms,
                attempts,
                now,
                retry_for_ms,
            );
        }
    };
    let answer = if allowed {
        client
            .post(&webhook.url)
            .header("content-type", "application/json")
            .header("tessera-signature", signature(&secret, now / 1000, body))
            .header("tessera-event-id", format!("evt_{audit_id}"))
            .body(body.to_owned())
            .send()
            .await
            .map_err(|error| crate::egress::is_refusal(&error))
    } else {
        Err(true)
    };
    // What a dead letter says is all an admin learns of the network: "answered N",
    // "unreachable" or "refused by policy", never which of a refused host's ports answer.
    let attempted = match answer {
        Ok(response) => classify(
            Some(response.status().as_u16()),
            "",
            created_at_ms,
            attempts,
            now,
            retry_for_ms,
        ),
        Err(refused) => {
            let reason = if refused {
                "refused by policy"
            } else {
                "unreachable"
            };
            classify(None, reason, created_at_ms, attempts, now, retry_for_ms)
        }
    };
    if attempted == Attempted::Gone {
        tracing::warn!(webhook_id = %webhook.id, "a receiver answered 410: webhook disabled");
    }
    crate::metrics::get().webhook_attempt(match &attempted {
        Attempted::Delivered => "delivered",
        Attempted::Retry { .. } => "retry",
        Attempted::Dead { .. } => "dead",
        Attempted::Gone => "gone",
    });
    attempted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn delivery(created_at_ms: i64, attempts: i64) -> DeliveryRow {
        DeliveryRow {
            id: 1,
            webhook_id: uuid::Uuid::nil(),
            org_id: uuid::Uuid::nil(),
            audit_id: 7,
            pass_id: None,
            event_type: "admission".into(),
            body: "{}".into(),
            state: DeliveryState::Pending,
            attempts,
            next_attempt_ms: 0,
            last_error: None,
            created_at_ms,
            delivered_at_ms: None,
        }
    }

    #[test]
    fn the_signature_is_hmac_sha256_over_time_dot_body() {
        // Computed independently: printf '1764441600.{"id":"evt_1"}' |
        //   openssl dgst -sha256 -hmac whsec_test
        assert_eq!(
            signature("whsec_test", 1_764_441_600, r#"{"id":"evt_1"}"#),
            "t=1764441600,v1=c41277c674ca8b617ec16ea2e3818cff87217a8db2b13c1294e0f1b345a27b6a"
        );
    }

    #[test]
    fn back_off_doubles_to_an_hour_and_stops_after_three_days() {
        let t0 = 1_800_000_000_000;
        let cases = [
            (1, t0, Some(t0 + 2_000)),
            (2, t0, Some(t0 + 4_000)),
            (5, t0, Some(t0 + 32_000)),
            (12, t0, Some(t0 + MAX_BACKOFF_MS)),
            (40, t0, Some(t0 + MAX_BACKOFF_MS)),
            (3, t0 + RETRY_FOR_MS - 1_000, None),
        ];
        for (attempts, now, expected) in cases {
            assert_eq!(
                next_attempt(t0, attempts, now, RETRY_FOR_MS),
                expected,
                "{attempts} at {now}"
            );
        }
    }

    #[test]
    fn answers_are_delivered_retried_dead_or_gone() {
        let now = 1_800_000_000_000;
        let fresh = delivery(now, 1);
        let old = delivery(now - RETRY_FOR_MS, 30);
        assert_eq!(
            classify(
                Some(204),
                "",
                fresh.created_at_ms,
                fresh.attempts,
                now,
                RETRY_FOR_MS
            ),
            Attempted::Delivered
        );
        assert_eq!(
            classify(
                Some(410),
                "",
                fresh.created_at_ms,
                fresh.attempts,
                now,
                RETRY_FOR_MS
            ),
            Attempted::Gone
        );
        assert_eq!(
            classify(
                Some(500),
                "",
                fresh.created_at_ms,
                fresh.attempts,
                now,
                RETRY_FOR_MS
            ),
            Attempted::Retry {
                at_ms: now + 2_000,
                error: "answered 500".into()
            }
        );
        assert_eq!(
            classify(
                None,
                "unreachable",
                old.created_at_ms,
                old.attempts,
                now,
                RETRY_FOR_MS
            ),
            Attempted::Dead {
                error: "unreachable".into()
            }
        );
    }

    #[test]
    fn each_answer_writes_its_row_and_only_a_410_disables() {
        let now = 1_800_000_000_000;
        let d = delivery(now, 1);
        let retry = Attempted::Retry {
            at_ms: now + 2_000,
            error: "answered 500".into(),
        };
        let dead = Attempted::Dead {
            error: "unreachable".into(),
        };
        let cases: [(Attempted, DeliveryState, i64, Option<&str>, bool); 4] = [
            (
                Attempted::Delivered,
                DeliveryState::Delivered,
                d.next_attempt_ms,
                None,
                false,
            ),
            (
                retry,
                DeliveryState::Pending,
                now + 2_000,
                Some("answered 500"),
                false,
            ),
            (
                dead,
                DeliveryState::Dead,
                d.next_attempt_ms,
                Some("unreachable"),
                false,
            ),
            (
                Attempted::Gone,
                DeliveryState::Dead,
                d.next_attempt_ms,
                Some("410 Gone"),
                true,
            ),
        ];
        for (attempted, state, next, error, disables) in cases {
            let what = format!("{attempted:?}");
            let row = finished(&d, attempted);
            assert_eq!(row.id, d.id);
            assert_eq!(row.state, state, "{what}");
            assert_eq!(row.next_attempt_ms, next, "{what}");
            assert_eq!(row.error.as_deref(), error, "{what}");
            assert_eq!(row.disables.is_some(), disables, "{what}");
            if let Some(event) = row.disables {
                assert_eq!(event.kind, "webhook_disabled");
                assert_eq!(event.org_id, Some(d.org_id));
            }
        }
    }

    fn new_event(audit_id: i64, pass: Option<u128>) -> NewDelivery {
        NewDelivery {
            audit_id,
            pass_id: pass.map(uuid::Uuid::from_u128),
            event_type: "admission".into(),
            body: format!("{{\"id\":\"evt_{audit_id}\"}}"),
            state: DeliveryState::Pending,
            attempts: 0,
            next_attempt_ms: 1_000,
            last_error: None,
        }
    }

    #[test]
    fn a_round_sends_each_pass_in_order_and_queues_passes_that_wait() {
        // (events as (audit id, pass), passes waiting) → (chains of audit ids, queued ids)
        type Case = (Vec<(i64, Option<u128>)>, Vec<u128>, Vec<Vec<i64>>, Vec<i64>);
        let cases: Vec<Case> = vec![
            (vec![], vec![], vec![], vec![]),
            (
                vec![(1, Some(1)), (2, Some(2)), (3, Some(1))],
                vec![],
                vec![vec![1, 3], vec![2]],
                vec![],
            ),
            (
                vec![(1, Some(1)), (2, Some(2)), (3, Some(1)), (4, Some(2))],
                vec![2],
                vec![vec![1, 3]],
                vec![2, 4],
            ),
            // Events without a pass have no order to keep: each is a chain of its own.
            (
                vec![(1, None), (2, None), (3, Some(9))],
                vec![9],
                vec![vec![1], vec![2]],
                vec![3],
            ),
        ];
        for (events, waiting, expect_chains, expect_queued) in cases {
            let what = format!("{events:?} waiting {waiting:?}");
            let events = events
                .into_iter()
                .map(|(id, pass)| new_event(id, pass))
                .collect();
            let waiting = waiting.into_iter().map(uuid::Uuid::from_u128).collect();
            let (sent, queued) = chains(events, &waiting);
            let sent: Vec<Vec<i64>> = sent
                .iter()
                .map(|chain| chain.iter().map(|e| e.audit_id).collect())
                .collect();
            let queued: Vec<i64> = queued.iter().map(|e| e.audit_id).collect();
            assert_eq!(sent, expect_chains, "{what}");
            assert_eq!(queued, expect_queued, "{what}");
        }
    }

    #[test]
    fn a_first_attempt_writes_a_row_only_when_it_did_not_deliver() {
        let retry = Attempted::Retry {
            at_ms: 3_000,
            error: "answered 500".into(),
        };
        let dead = Attempted::Dead {
            error: "unreachable".into(),
        };
        // attempted → (state, attempts, next attempt, error), or no row
        type Row<'a> = (DeliveryState, i64, i64, Option<&'a str>);
        let cases: [(Option<Attempted>, Option<Row>); 5] = [
            (Some(Attempted::Delivered), None),
            (None, Some((DeliveryState::Pending, 0, 1_000, None))),
            (
                Some(retry),
                Some((DeliveryState::Pending, 1, 3_000, Some("answered 500"))),
            ),
            (
                Some(dead),
                Some((DeliveryState::Dead, 1, 1_000, Some("unreachable"))),
            ),
            (
                Some(Attempted::Gone),
                Some((DeliveryState::Dead, 1, 1_000, Some("410 Gone"))),
            ),
        ];
        for (attempted, expected) in cases {
            let what = format!("{attempted:?}");
            let row = first_attempt(new_event(7, Some(1)), attempted);
            let got = row.as_ref().map(|r| {
                (
                    r.state,
                    r.attempts,
                    r.next_attempt_ms,
                    r.last_error.as_deref(),
                )
            });
            assert_eq!(got, expected, "{what}");
            if let Some(row) = row {
                assert_eq!((row.audit_id, row.body.as_str()), (7, r#"{"id":"evt_7"}"#));
            }
        }
    }
}
