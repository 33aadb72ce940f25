//! Messages that reach people (issue 31): a pass's claim link mailed to its visitor.
//!
//! **The outbox.** A message is a row of `messages`, written in the transaction of the
//! change that asks for it (a pass issued with an address, a resend) together with its
//! `message_queued` event, so a message can neither be lost by a crash after the COMMIT nor
//! exist for a pass that rolled back. The claim token it carries is sealed
//! ([`crate::sealing`], bound to the message's id): it is in the message and nowhere else,
//! never in a log, and the row forgets it once the message is settled.
//!
//! **The dispatcher** ([`run`]), on every replica, claims due messages for a lease (like
//! webhook deliveries: no two replicas send one at once), hands each to the server's SMTP
//! relay (`tessera-server mail set`) and records what that came to ([`settle`]): sent;
//! tried again with back-off while the relay is down or answers 4xx, so a relay that is
//! down delays mail and loses none; bounced when the receiving side refuses the address
//! for good (5xx); dead once out of retries. A message whose moment has passed (the pass
//! expired) is not sent late: it is expired. Each outcome but a retry is audited. Delivery
//! is at least once; a message keeps one `Message-ID` across attempts, by which a mail
//! system drops a duplicate.
//!
//! The server sends only the messages it composes here, to the one address a message
//! names: there is no way to hand it text to relay.

use std::sync::Arc;
use std::time::Duration;

use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use tokio::sync::{Mutex, Notify};
use uuid::Uuid;

use crate::egress::Policy;
use crate::keyring::Keyring;
use crate::push::Vapid;
use crate::sealing::{self, Purpose, SealError};
use crate::shutdown::Shutdown;
use tessera_domain::audit::{self, Actor, Severity, Subject};
use tessera_domain::locale::{wall_clock, zone_name, TimeZoneName};

use crate::catalogues::{catalogues, Text};
use tessera_domain::events::{Details, MessageDetails};
use tessera_domain::mail::{
    header_text, settle, still_due, EmailAddress, Language, MessageKind, MessageRow,
    PushSubscriptionRow, SendResult, Settled, SmtpSettingsRow, SmtpTls,
};
use tessera_store::{MessageSettlement, NewAudit, PassRow, Store, WalkInRow};

/// How long a message may be retried after it was queued.
pub const RETRY_FOR_MS: i64 = 3 * 24 * 3_600_000;
/// How long a claimed message is another dispatcher's to leave alone.
pub const LEASE_MS: i64 = 60_000;
/// How long a push service may take to answer.
pub const PUSH_TIMEOUT: Duration = Duration::from_secs(10);
/// How long the relay may take over one message.
pub const RELAY_TIMEOUT: Duration = Duration::from_secs(20);
/// Messages claimed per round.
const CLAIM_BATCH: i64 = 16;
/// How often the dispatcher looks without a wake-up.
const POLL_EVERY: Duration = Duration::from_secs(1);
/// The QR code's pixels per module, and its quiet zone in modules.
const QR_SCALE: usize = 6;
const QR_QUIET: usize = 4;

/// Why a message could not be queued or composed.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// Sealing or opening the claim token or the relay's password failed.
    #[error(transparent)]
    Seal(#[from] SealError),
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] tessera_store::Error),
    /// The message could not be built (an address the relay's library refuses).
    #[error("the message could not be built: {0}")]
    Compose(String),
    /// The relay's settings are unusable.
    #[error("the SMTP relay is misconfigured: {0}")]
    Relay(String),
}

/// A pass's invitation, queued: the row to write with the pass (or alone, for a resend)
/// and its event.
///
/// # Errors
/// [`SealError::NoKey`] (never after start-up).
pub fn invitation(
    keys: &Keyring,
    pass: &PassRow,
    to: &EmailAddress,
    language: Option<&Language>,
    claim_token: &str,
    by: Option<&Actor>,
    resend: bool,
) -> Result<(MessageRow, NewAudit), SealError> {
    let id = Uuid::now_v7();
    let message = MessageRow {
        pass_id: Some(pass.id),
        language: language.map(|tag| tag.as_str().to_owned()),
        secret: Some(sealing::seal(keys, Purpose::ClaimToken, id, claim_token)?),
        ..MessageRow::pending(
            id,
            pass.org_id,
            MessageKind::Invitation,
            to.as_str().to_owned(),
            tessera_domain::now_ms(),
            pass.valid_until_ms,
        )
    };
    let event = message_event(
        &message,
        Severity::Info,
        |details| {
            Details::MessageQueued(MessageDetails {
                resend,
                by_key_id: by.map(|actor| actor.key_id),
                ..details
            })
        },
        None,
    )
    .by(by.and_then(|actor| actor.person.as_ref()));
    Ok((message, event))
}

/// A walk-in's approval request to its host, queued with the walk-in: never sent after the
/// approval window closes.
pub fn approval_request(walk_in: &WalkInRow, to: &EmailAddress) -> (MessageRow, NewAudit) {
    walk_in_message(
        walk_in,
        MessageKind::ApprovalRequest,
        to.as_str().to_owned(),
        None,
    )
}

/// A walk-in's approval request as a Web Push notification to one of its host's browsers.
pub fn approval_push(
    walk_in: &WalkInRow,
    subscription: &PushSubscriptionRow,
) -> (MessageRow, NewAudit) {
    let service = url::Url::parse(&subscription.endpoint)
        .ok()
        .and_then(|url| url.host_str().map(str::to_owned))
        .unwrap_or_default();
    walk_in_message(
        walk_in,
        MessageKind::ApprovalPush,
        format!("web push via {service}"),
        Some(subscription.id),
    )
}

fn walk_in_message(
    walk_in: &WalkInRow,
    kind: MessageKind,
    to_address: String,
    subscription_id: Option<Uuid>,
) -> (MessageRow, NewAudit) {
    let message = MessageRow {
        walk_in_id: Some(walk_in.id),
        subscription_id,
        ..MessageRow::pending(
            Uuid::now_v7(),
            walk_in.org_id,
            kind,
            to_address,
            tessera_domain::now_ms(),
            walk_in.expires_at_ms,
        )
    };
    let event = message_event(&message, Severity::Info, Details::MessageQueued, None);
    (message, event)
}

fn message_event(
    message: &MessageRow,
    severity: Severity,
    kind: impl FnOnce(MessageDetails) -> Details,
    error: Option<String>,
) -> NewAudit {
    audit::event(
        severity,
        Subject {
            org_id: Some(message.org_id),
            gate_id: None,
            pass_id: message.pass_id,
        },
        kind(MessageDetails {
            message_id: message.id,
            message: message.kind.as_str().to_owned(),
            to: message.to_address.clone(),
            attempts: message.attempts,
            resend: false,
            by_key_id: None,
            error,
        }),
    )
}

/// The audit event of a settled message; none for a retry.
fn settled_event(message: &MessageRow, settled: &Settled) -> Option<NewAudit> {
    Some(match settled {
        Settled::Retry { .. } => return None,
        Settled::Sent => message_event(message, Severity::Info, Details::MessageSent, None),
        Settled::Bounced(error) => message_event(
            message,
            Severity::Warning,
            Details::MessageBounced,
            Some(error.clone()),
        ),
        Settled::Dead(error) => message_event(
            message,
            Severity::Warning,
            Details::MessageDead,
            Some(error.clone()),
        ),
        Settled::Expired => message_event(
            message,
            Severity::Warning,
            Details::MessageExpired,
            message.last_error.clone(),
        ),
    })
}

/// The mail dispatcher's handles and its relay connection.
#[derive(Clone)]
pub struct Mailer {
    store: Store,
    keys: Arc<Keyring>,
    public_url: String,
    wake: Arc<Notify>,
    relay: Arc<Mutex<Option<Relay>>>,
    push: Arc<Push>,
}

/// What Web Push is sent with: the VAPID identity, where push services may be, a client
/// that connects only there.
struct Push {
    vapid: Vapid,
    egress: Policy,
    client: reqwest::Client,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mailer")
            .field("public_url", &self.public_url)
            .finish_non_exhaustive()
    }
}

/// The relay's transport, kept while its settings stay the same (its connection pool).
struct Relay {
    updated_at_ms: i64,
    from: String,
    transport: AsyncSmtpTransport<Tokio1Executor>,
}

impl Mailer {
    /// A dispatcher over `store`, opening sealed secrets with `keys`; claim links point at
    /// `public_url`.
    ///
    /// # Errors
    /// When the HTTP client for push services cannot be built.
    pub fn new(
        store: Store,
        keys: Arc<Keyring>,
        public_url: String,
        vapid: Vapid,
        push_egress: Policy,
    ) -> Result<Self, MailError> {
        // Its refusals, at subscription and at send time, name push's own setting.
        let push_egress = push_egress.named("TESSERA_PUSH_ALLOW");
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .timeout(PUSH_TIMEOUT)
            .connect_timeout(PUSH_TIMEOUT)
            .dns_resolver(push_egress.resolver())
            .build()
            .map_err(|error| MailError::Relay(error.to_string()))?;
        Ok(Mailer {
            store,
            keys,
            public_url,
            wake: Arc::new(Notify::new()),
            relay: Arc::new(Mutex::new(None)),
            push: Arc::new(Push {
                vapid,
                egress: push_egress,
                client,
            }),
        })
    }

    /// The public key browsers subscribe to push with (`applicationServerKey`).
    pub fn vapid_key(&self) -> String {
        self.push.vapid.public_key()
    }

    /// Whether push services at `endpoint` may be sent to (not inside the network, unless
    /// allowed; https, unless its host is allowed).
    ///
    /// # Errors
    /// The rule it breaks, in words.
    pub async fn check_endpoint(&self, endpoint: &url::Url) -> Result<(), String> {
        let listed = self.push.egress.lists(endpoint);
        if endpoint.scheme() != "https" && !(endpoint.scheme() == "http" && listed) {
            return Err("a push endpoint must be an https URL".into());
        }
        self.push
            .egress
            .check_url_resolving(endpoint)
            .await
            .map_err(|refused| refused.to_string())
    }

    /// Sends what was just queued now rather than at the next poll.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// The relay as its settings are now, or `None` when none is set.
    async fn relay(
        &self,
    ) -> Result<Option<(AsyncSmtpTransport<Tokio1Executor>, String)>, MailError> {
        let Some(settings) = self.store.messages().smtp_settings().await? else {
            *self.relay.lock().await = None;
            return Ok(None);
        };
        let mut cached = self.relay.lock().await;
        if let Some(relay) = cached
            .as_ref()
            .filter(|r| r.updated_at_ms == settings.updated_at_ms)
        {
            return Ok(Some((relay.transport.clone(), relay.from.clone())));
        }
        let transport = transport(&self.keys, &settings)?;
        *cached = Some(Relay {
            updated_at_ms: settings.updated_at_ms,
            from: settings.from_address.clone(),
            transport: transport.clone(),
        });
        Ok(Some((transport, settings.from_address)))
    }

    /// One round: claims due messages and sends them; how many it settled or retried.
    ///
    /// # Errors
    /// Storage failures and an unusable relay: the messages stay queued.
    pub async fn round(&self) -> Result<usize, MailError> {
        let relay = self.relay().await?;
        let now = tessera_domain::now_ms();
        let claimed = self
            .store
            .messages()
            .claim_messages(now, LEASE_MS, CLAIM_BATCH, relay.is_some())
            .await?;
        let count = claimed.len();
        for message in claimed {
            let now = tessera_domain::now_ms();
            let result = if !still_due(&message, now) {
                None
            } else if message.kind == MessageKind::ApprovalPush {
                Some(self.push(&message).await)
            } else if let Some((transport, from)) = &relay {
                Some(self.attempt(transport, from, &message).await)
            } else {
                // Mail is claimed only with a relay (`with_mail` above).
                continue;
            };
            let settled = match result {
                Some(Err(error)) => Settled::Dead(error.to_string()),
                Some(Ok(result)) => settle(&message, Some(result), now, RETRY_FOR_MS),
                None => settle(&message, None, now, RETRY_FOR_MS),
            };
            let event = settled_event(&message, &settled);
            let (next_attempt_ms, last_error) = match &settled {
                Settled::Retry { at, error } => (*at, Some(error.clone())),
                Settled::Bounced(error) | Settled::Dead(error) => (now, Some(error.clone())),
                Settled::Sent | Settled::Expired => (now, message.last_error.clone()),
            };
            if matches!(settled, Settled::Retry { .. }) {
                tracing::info!(message_id = %message.id, attempts = message.attempts, "mail relay failed; will retry");
            }
            let settlement = MessageSettlement {
                state: settled.state(),
                next_attempt_ms,
                last_error,
                at_ms: now,
            };
            self.store
                .messages()
                .settle_message(message.id, message.attempts, &settlement, event.as_ref())
                .await?;
        }
        Ok(count)
    }

    /// Encrypts an approval request for its browser and hands it to the push service. A
    /// service that says the subscription is gone (404, 410) has it removed.
    async fn push(&self, message: &MessageRow) -> Result<SendResult, MailError> {
        let subscription = match message.subscription_id {
            Some(id) => self.store.messages().push_subscription(id).await?,
            None => None,
        };
        let Some(subscription) = subscription else {
            return Ok(SendResult::Permanent("the browser unsubscribed".into()));
        };
        let endpoint = url::Url::parse(&subscription.endpoint)
            .map_err(|_| MailError::Compose("the endpoint is not a URL".into()))?;
        if let Err(refused) = self.push.egress.check_url(&endpoint) {
            return Ok(SendResult::Permanent(refused.to_string()));
        }
        let view = match message.walk_in_id {
            Some(id) => self.store.walk_ins().walk_in(message.org_id, id).await?,
            None => None,
        }
        .ok_or_else(|| MailError::Compose("its walk-in is gone".into()))?;
        let (approve, deny) = self.answer_links(&view)?;
        let locale = self.store.orgs().org_locale(message.org_id).await?.parsed();
        let text =
            catalogues().text(&[subscription.language.as_deref(), locale.language_for(None)]);
        // A push body holds 3,993 bytes of message (RFC 8291 §4); a long name, gate label
        // and note in a script of several bytes a character do not fit whole, so they are
        // shortened until the message does: the host is told in any case, and the links
        // carry the whole request.
        let Some(payload) = PUSH_CUTS.into_iter().find_map(|cut| {
            let payload = push_payload(&text, &view, &approve, &deny, cut);
            (payload.len() <= crate::push::MAX_PLAINTEXT).then_some(payload)
        }) else {
            return Ok(SendResult::Permanent(
                crate::push::PushError::TooLong.to_string(),
            ));
        };
        let body = match crate::push::encrypt(
            &subscription.p256dh,
            &subscription.auth,
            payload.as_bytes(),
        ) {
            Ok(body) => body,
            Err(error) => return Ok(SendResult::Permanent(error.to_string())),
        };
        let now = tessera_domain::now_ms();
        let ttl_s = ((view.walk_in.expires_at_ms - now) / 1000).max(1);
        let subject = format!("{}/host", self.public_url);
        let sent = self
            .push
            .client
            .post(endpoint.clone())
            .header(
                "authorization",
                self.push
                    .vapid
                    .authorization(&endpoint, &subject, now / 1000),
            )
            .header("content-encoding", "aes128gcm")
            .header("content-type", "application/octet-stream")
            .header("ttl", ttl_s.to_string())
            .header("urgency", "high")
            .body(body)
            .send()
            .await;
        let status = match sent {
            Ok(response) => response.status().as_u16(),
            Err(error) => return Ok(SendResult::Transient(format!("push service: {error}"))),
        };
        Ok(match status {
            200..=299 => SendResult::Accepted,
            404 | 410 => {
                self.store
                    .messages()
                    .delete_push_subscription(None, None, Some(subscription.id))
                    .await?;
                SendResult::Permanent(format!(
                    "push service answered {status}: the browser unsubscribed"
                ))
            }
            429 | 500..=599 => SendResult::Transient(format!("push service answered {status}")),
            _ => SendResult::Permanent(format!("push service answered {status}")),
        })
    }

    /// A walk-in's signed Approve and Deny links.
    fn answer_links(
        &self,
        view: &tessera_store::WalkInView,
    ) -> Result<(String, String), MailError> {
        let (kid, server) = self.keys.active().ok_or(SealError::NoKey)?;
        let link = |answer: &str| {
            format!(
                "{}/v1/walk-ins/{}/answer?o={}&d={answer}&k={kid}&t={}",
                self.public_url,
                view.walk_in.id,
                view.walk_in.org_id,
                crate::credentials::answer_token(server, view.walk_in.id, answer)
            )
        };
        Ok((link("approve"), link("deny")))
    }

    /// Composes `message` and hands it to the relay.
    async fn attempt(
        &self,
        transport: &AsyncSmtpTransport<Tokio1Executor>,
        from: &str,
        message: &MessageRow,
    ) -> Result<SendResult, MailError> {
        let email = self.compose(from, message).await?;
        Ok(
            match tokio::time::timeout(RELAY_TIMEOUT, transport.send(email)).await {
                Err(_) => SendResult::Transient("the relay did not answer in time".into()),
                Ok(Ok(_)) => SendResult::Accepted,
                Ok(Err(error)) if error.is_permanent() => {
                    SendResult::Permanent(relay_error(&error))
                }
                Ok(Err(error)) => SendResult::Transient(relay_error(&error)),
            },
        )
    }

    async fn compose(
        &self,
        from: &str,
        message: &MessageRow,
    ) -> Result<lettre::Message, MailError> {
        let org_name = self
            .store
            .orgs()
            .org_name(message.org_id)
            .await?
            .unwrap_or_default();
        let org_mail = self.store.messages().org_mail(message.org_id).await?;
        let sender = header_text(org_mail.from_name.as_deref().unwrap_or(&org_name));
        let from_address = from.parse().map_err(|_| {
            MailError::Relay(format!("the From address {from:?} is not an address"))
        })?;
        let to = message
            .to_address
            .parse()
            .map_err(|_| MailError::Compose("the address does not parse".into()))?;
        let mut builder = lettre::Message::builder()
            .from(Mailbox::new(
                (!sender.is_empty()).then_some(sender),
                from_address,
            ))
            .to(Mailbox::new(None, to))
            .message_id(Some(format!("<{}@{}>", message.id, domain_of(from))));
        if let Some(reply_to) = org_mail.reply_to.as_deref().and_then(|a| a.parse().ok()) {
            builder = builder.reply_to(Mailbox::new(None, reply_to));
        }
        let built = match message.kind {
            MessageKind::Invitation => {
                let (subject, body) = self.invitation_body(message, &org_name).await?;
                builder.subject(header_text(&subject)).multipart(body)
            }
            MessageKind::ApprovalRequest | MessageKind::ApprovalPush => {
                let (subject, text, html) = self.approval_body(message).await?;
                builder.subject(header_text(&subject)).multipart(
                    MultiPart::alternative()
                        .singlepart(SinglePart::plain(text))
                        .singlepart(SinglePart::html(html)),
                )
            }
        };
        built.map_err(|error| MailError::Compose(error.to_string()))
    }

    /// An invitation's subject and body: text, and HTML with the link's QR code.
    async fn invitation_body(
        &self,
        message: &MessageRow,
        org_name: &str,
    ) -> Result<(String, MultiPart), MailError> {
        let pass = match message.pass_id {
            Some(id) => self.store.passes().pass_by_id(id).await?,
            None => None,
        }
        .ok_or_else(|| MailError::Compose("its pass is gone".into()))?;
        let sealed = message
            .secret
            .as_deref()
            .ok_or_else(|| MailError::Compose("its claim token is gone".into()))?;
        let token = sealing::open(&self.keys, Purpose::ClaimToken, message.id, sealed)?;
        let host = match pass.host_id {
            Some(id) => self
                .store
                .people()
                .host(pass.org_id, id)
                .await?
                .map(|host| host.label),
            None => None,
        };
        let claim_url = tessera_domain::visits::claim_url(&self.public_url, pass.id, &token);
        let locale = self.store.orgs().org_locale(pass.org_id).await?.parsed();
        let text = catalogues().text(&[
            message.language.as_deref(),
            pass.language.as_deref(),
            locale.language_for(None),
        ]);
        let content = Invitation {
            venue: org_name,
            pass: &pass,
            host: host.as_deref(),
            claim_url: &claim_url,
            zone: locale.zone_of(pass.site.as_deref()),
            text: &text,
        };
        let png = qr_png(&claim_url).map_err(MailError::Compose)?;
        let image_type =
            ContentType::parse("image/png").map_err(|e| MailError::Compose(e.to_string()))?;
        let body = MultiPart::alternative()
            .singlepart(SinglePart::plain(content.text()))
            .multipart(
                MultiPart::related()
                    .singlepart(SinglePart::html(content.html()))
                    .singlepart(Attachment::new_inline("claim-qr".into()).body(png, image_type)),
            );
        Ok((
            text.get("mail-invitation-subject", &[("venue", org_name)]),
            body,
        ))
    }

    /// An approval request's subject, text and HTML, with its signed answer links.
    async fn approval_body(
        &self,
        message: &MessageRow,
    ) -> Result<(String, String, String), MailError> {
        let view = match message.walk_in_id {
            Some(id) => self.store.walk_ins().walk_in(message.org_id, id).await?,
            None => None,
        }
        .ok_or_else(|| MailError::Compose("its walk-in is gone".into()))?;
        let (approve, deny) = self.answer_links(&view)?;
        let locale = self.store.orgs().org_locale(message.org_id).await?.parsed();
        let own = self.host_language(&view).await?;
        let text = catalogues().text(&[own.as_deref(), locale.language_for(None)]);
        let zone = locale.zone_of(None);
        let content = ApprovalRequest {
            visitor: &view.walk_in.visitor_name,
            gate: &view.gate_label,
            note: view.walk_in.note.as_deref(),
            until: &format!(
                "{} ({})",
                wall_clock(zone, view.walk_in.expires_at_ms),
                zone_name(zone)
            ),
            approve: &approve,
            deny: &deny,
            text: &text,
        };
        let names = [
            ("visitor", view.walk_in.visitor_name.as_str()),
            ("gate", view.gate_label.as_str()),
        ];
        Ok((
            text.get("mail-approval-subject", &names),
            content.text(),
            content.html(),
        ))
    }

    /// The language a host reads: the one their host page was in when it last subscribed
    /// to notifications, if it ever did.
    async fn host_language(
        &self,
        view: &tessera_store::WalkInView,
    ) -> Result<Option<String>, MailError> {
        Ok(self
            .store
            .messages()
            .push_subscriptions(view.walk_in.host_id)
            .await?
            .into_iter()
            .rev()
            .find_map(|subscription| subscription.language))
    }
}

/// What an approval request says.
struct ApprovalRequest<'a> {
    visitor: &'a str,
    gate: &'a str,
    note: Option<&'a str>,
    until: &'a str,
    approve: &'a str,
    deny: &'a str,
    text: &'a Text<'a>,
}

impl ApprovalRequest<'_> {
    fn names(&self) -> [(&'static str, &str); 2] {
        [("visitor", self.visitor), ("gate", self.gate)]
    }

    fn text(&self) -> String {
        let t = self.text;
        let note = self
            .note
            .map(|note| format!("{}\n", t.get("mail-approval-note", &[("note", note)])))
            .unwrap_or_default();
        format!(
            "{intro}\n{note}\n{approve}\n\n{deny}\n\n{until}\n",
            intro = t.get("mail-approval-intro", &self.names()),
            approve = t.get("mail-approval-approve-text", &[("url", self.approve)]),
            deny = t.get("mail-approval-deny-text", &[("url", self.deny)]),
            until = t.get("mail-approval-until", &[("until", self.until)]),
        )
    }

    fn html(&self) -> String {
        let e = tessera_domain::label::html_escape;
        let t = self.text;
        let note = self
            .note
            .map(|note| {
                format!(
                    "<p>{}</p>",
                    e(&t.get("mail-approval-note", &[("note", note)]))
                )
            })
            .unwrap_or_default();
        format!(
            "<!doctype html><html lang=\"{lang}\" dir=\"{dir}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{heading}</title></head>\
             <body style=\"font-family:system-ui,sans-serif;color:#1b1b1f;max-width:36em;margin:auto;padding:1em\">\
             <h1 style=\"font-size:1.4em\">{heading}</h1>{note}\
             <p><a href=\"{approve}\" style=\"display:inline-block;background:#1f4fbf;color:#fff;padding:0.8em 1.4em;border-radius:6px;text-decoration:none;font-weight:bold\">{approve_word}</a> \
             <a href=\"{deny}\" style=\"display:inline-block;background:#9f1239;color:#fff;padding:0.8em 1.4em;border-radius:6px;text-decoration:none;font-weight:bold\">{deny_word}</a></p>\
             <p style=\"font-size:0.9em\">{until}</p>\
             </body></html>",
            lang = e(t.tag()),
            dir = t.dir(),
            heading = e(&t.get("mail-approval-heading", &self.names())),
            approve = e(self.approve),
            deny = e(self.deny),
            approve_word = e(&t.get("mail-approval-approve", &[])),
            deny_word = e(&t.get("mail-approval-deny", &[])),
            until = e(&t.get("mail-approval-until", &[("until", self.until)])),
        )
    }
}

/// The relay's error as the console shows it: its reply, else what went wrong.
fn relay_error(error: &lettre::transport::smtp::Error) -> String {
    let text = error.to_string();
    text.chars().take(300).collect()
}

fn domain_of(address: &str) -> &str {
    address
        .rsplit_once('@')
        .map_or("tessera.invalid", |(_, domain)| domain)
}

/// The relay's transport for `settings`.
fn transport(
    keys: &Keyring,
    settings: &SmtpSettingsRow,
) -> Result<AsyncSmtpTransport<Tokio1Executor>, MailError> {
    let relay = |error: lettre::transport::smtp::Error| MailError::Relay(error.to_string());
    let port = u16::try_from(settings.port).map_err(|_| MailError::Relay("bad port".into()))?;
    let builder = match settings.tls {
        SmtpTls::Starttls => {
            AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&settings.host).map_err(relay)?
        }
        SmtpTls::Implicit => {
            AsyncSmtpTransport::<Tokio1Executor>::relay(&settings.host).map_err(relay)?
        }
        SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&settings.host),
    };
    let mut builder = builder.port(port).timeout(Some(RELAY_TIMEOUT));
    if let Some(user) = &settings.username {
        let password = match &settings.password {
            Some(sealed) => sealing::open(keys, Purpose::SmtpPassword, Uuid::nil(), sealed)?,
            None => zeroize::Zeroizing::new(String::new()),
        };
        builder = builder.credentials(Credentials::new(user.clone(), password.to_string()));
    }
    Ok(builder.build())
}

/// Seals the relay's password for storage.
///
/// # Errors
/// [`SealError::NoKey`].
pub fn seal_password(keys: &Keyring, password: &str) -> Result<String, SealError> {
    sealing::seal(keys, Purpose::SmtpPassword, Uuid::nil(), password)
}

/// Sends due messages until shutdown.
pub async fn run(mailer: Mailer, mut shutdown: Shutdown) {
    loop {
        tokio::select! {
            biased;
            () = shutdown.recv() => return,
            () = mailer.wake.notified() => {}
            () = tokio::time::sleep(POLL_EVERY) => {}
        }
        loop {
            match mailer.round().await {
                // A full batch: more may be due.
                Ok(count) if count as i64 == CLAIM_BATCH => continue,
                Ok(_) => break,
                Err(error) => {
                    tracing::warn!(%error, "mail round failed; messages stay queued");
                    break;
                }
            }
        }
    }
}

/// What an invitation says, in text and HTML, in the visitor's language, its times in the
/// venue's zone.
struct Invitation<'a> {
    venue: &'a str,
    pass: &'a PassRow,
    host: Option<&'a str>,
    claim_url: &'a str,
    zone: Option<&'a TimeZoneName>,
    text: &'a Text<'a>,
}

impl Invitation<'_> {
    fn when(&self) -> String {
        format!(
            "{} – {} ({})",
            wall_clock(self.zone, self.pass.valid_from_ms),
            wall_clock(self.zone, self.pass.valid_until_ms),
            zone_name(self.zone)
        )
    }

    fn where_(&self) -> String {
        self.pass
            .site
            .clone()
            .unwrap_or_else(|| self.text.get("mail-invitation-any-entrance", &[]))
    }

    fn text(&self) -> String {
        let t = self.text;
        let mut text = format!(
            "{greeting}\n\n{heading}.\n\n{when_word}: {when}\n{where_word}: {where_}\n",
            greeting = t.get("mail-invitation-greeting", &[("name", &self.pass.label)]),
            heading = t.get("mail-invitation-heading", &[("venue", self.venue)]),
            when_word = t.get("mail-invitation-when", &[]),
            when = self.when(),
            where_word = t.get("mail-invitation-where", &[]),
            where_ = self.where_(),
        );
        if let Some(host) = self.host {
            text.push_str(&format!("{}: {host}\n", t.get("mail-invitation-host", &[])));
        }
        text.push_str(&format!(
            "\n{open}\n{url}\n\n{other}\n{yours}\n",
            open = t.get("mail-invitation-open-text", &[]),
            url = self.claim_url,
            other = t.get("mail-invitation-other-device", &[]),
            yours = t.get("mail-invitation-yours-alone", &[]),
        ));
        text
    }

    fn html(&self) -> String {
        let e = tessera_domain::label::html_escape;
        let t = self.text;
        let host = self
            .host
            .map(|host| {
                format!(
                    "<tr><th scope=\"row\" align=\"start\">{}</th><td>{}</td></tr>",
                    e(&t.get("mail-invitation-host", &[])),
                    e(host)
                )
            })
            .unwrap_or_default();
        format!(
            "<!doctype html><html lang=\"{lang}\" dir=\"{dir}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title></head>\
             <body style=\"font-family:system-ui,sans-serif;color:#1b1b1f;max-width:36em;margin:auto;padding:1em\">\
             <h1 style=\"font-size:1.4em\">{heading}</h1>\
             <p>{greeting}</p>\
             <table role=\"presentation\" cellpadding=\"4\">\
             <tr><th scope=\"row\" align=\"start\">{when_word}</th><td dir=\"ltr\">{when}</td></tr>\
             <tr><th scope=\"row\" align=\"start\">{where_word}</th><td>{where_}</td></tr>{host}</table>\
             <p><a href=\"{url}\" style=\"display:inline-block;background:#1f4fbf;color:#fff;padding:0.8em 1.4em;border-radius:6px;text-decoration:none;font-weight:bold\">{open}</a></p>\
             <p>{scan}</p>\
             <p dir=\"ltr\"><img src=\"cid:claim-qr\" alt=\"{qr_alt}\" width=\"240\" height=\"240\"></p>\
             <p style=\"font-size:0.9em\">{yours}</p>\
             <p style=\"font-size:0.8em;color:#555\">{fallback}</p>\
             </body></html>",
            lang = e(t.tag()),
            dir = t.dir(),
            title = e(&t.get("mail-invitation-subject", &[("venue", self.venue)])),
            heading = e(&t.get("mail-invitation-heading", &[("venue", self.venue)])),
            greeting = e(&t.get("mail-invitation-greeting", &[("name", &self.pass.label)])),
            when_word = e(&t.get("mail-invitation-when", &[])),
            when = e(&self.when()),
            where_word = e(&t.get("mail-invitation-where", &[])),
            where_ = e(&self.where_()),
            url = e(self.claim_url),
            open = e(&t.get("mail-invitation-open", &[])),
            scan = e(&t.get("mail-invitation-scan", &[])),
            qr_alt = e(&t.get("mail-invitation-qr-alt", &[])),
            yours = e(&t.get("mail-invitation-yours-alone", &[])),
            fallback = e(&t.get("mail-invitation-button-fallback", &[("url", self.claim_url)])),
        )
    }
}

/// A QR code of `text` as a grayscale PNG.
fn qr_png(text: &str) -> Result<Vec<u8>, String> {
    let code = qrcode::QrCode::new(text.as_bytes()).map_err(|error| error.to_string())?;
    let modules = code.width();
    let colors = code.to_colors();
    let side = (modules + 2 * QR_QUIET) * QR_SCALE;
    let mut pixels = vec![255u8; side * side];
    for (index, color) in colors.iter().enumerate() {
        if *color == qrcode::Color::Dark {
            let (row, col) = (index / modules + QR_QUIET, index % modules + QR_QUIET);
            for y in row * QR_SCALE..(row + 1) * QR_SCALE {
                let start = y * side + col * QR_SCALE;
                pixels[start..start + QR_SCALE].fill(0);
            }
        }
    }
    let side = u32::try_from(side).map_err(|error| error.to_string())?;
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, side, side);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(|error| error.to_string())?;
        writer
            .write_image_data(&pixels)
            .map_err(|error| error.to_string())?;
    }
    Ok(out)
}

/// How far a push message's texts are cut, in characters, until it fits one record: whole
/// first.
const PUSH_CUTS: [Option<usize>; 4] = [None, Some(120), Some(40), Some(12)];

/// `text` cut to `max` characters (an ellipsis marks a cut).
fn shortened(text: &str, max: Option<usize>) -> String {
    match max {
        Some(max) if text.chars().count() > max => {
            let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
            cut.push('…');
            cut
        }
        _ => text.to_owned(),
    }
}

/// The JSON a host's service worker shows for a walk-in, its texts cut to `cut` characters.
fn push_payload(
    text: &crate::catalogues::Text<'_>,
    view: &tessera_store::WalkInView,
    approve: &str,
    deny: &str,
    cut: Option<usize>,
) -> String {
    let visitor = shortened(&view.walk_in.visitor_name, cut);
    let gate = shortened(&view.gate_label, cut);
    let note = view
        .walk_in
        .note
        .as_deref()
        .map(|note| shortened(note, cut));
    let names = [("visitor", visitor.as_str()), ("gate", gate.as_str())];
    let body_text = match note.as_deref() {
        Some(note) => text.get(
            "push-walk-in-body-note",
            &[("gate", gate.as_str()), ("note", note)],
        ),
        None => text.get("push-walk-in-body", &names),
    };
    // The words the service worker shows, now and after an answer, in the host's
    // language: it has no catalogue of its own.
    let words: serde_json::Map<String, serde_json::Value> = [
        "push-approve",
        "push-deny",
        "push-approved",
        "push-denied",
        "push-already-answered",
        "push-answer-failed",
        "push-answered-body",
        "push-answer-failed-body",
    ]
    .into_iter()
    .map(|id| (id.to_owned(), text.get(id, &names).into()))
    .collect();
    serde_json::json!({
        "lang": text.tag(),
        "dir": text.dir(),
        "title": text.get("push-walk-in-title", &names),
        "body": body_text,
        "words": words,
        "type": "walk_in",
        "walk_in_id": view.walk_in.id,
        "visitor": visitor,
        "gate": gate,
        "note": note,
        "expires_at": tessera_domain::rfc3339(view.walk_in.expires_at_ms),
        "approve": approve,
        "deny": deny,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_qr_code_is_a_png() {
        let png = qr_png("https://tessera.example/claim#p=1&t=2").expect("png");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    }
}
