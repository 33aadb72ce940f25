//! Messages that reach people (issue 31): addresses, the outbox's rows and the decision of
//! what a send attempt's result means.
//!
//! An address is parsed once, where it enters the server ([`EmailAddress::parse`]), into a
//! value that cannot carry a line break into a header. A message waits in the outbox
//! (`messages`) until the mail dispatcher sends it; [`settle`] decides, as a pure function
//! of the attempt's result, the time and the message's deadline, where it goes next.

use std::fmt;

use uuid::Uuid;

/// Longest address accepted (RFC 5321's path limit less the angle brackets).
pub const MAX_ADDRESS_LEN: usize = 254;

/// Why an address or a language tag was refused, for a 422 that names the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {rule}")]
pub struct InvalidMailField {
    /// The field, as the request names it.
    pub field: &'static str,
    /// What is wrong.
    pub rule: &'static str,
}

/// An email address a message may go to: `local@domain`, where the domain is a DNS name
/// with a dot and the local part is dot-separated atoms of RFC 5322's `atext` (no quoted
/// local parts, comments or IP literals: no visitor has one, and each is a way to smuggle
/// text into a header). Stored and compared as given, the domain lowercased.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct EmailAddress(String);

impl EmailAddress {
    /// Parses `text` (surrounding white space ignored) as the field `field`.
    ///
    /// # Errors
    /// [`InvalidMailField`] naming `field`.
    pub fn parse(field: &'static str, text: &str) -> Result<Self, InvalidMailField> {
        let refuse = |rule| InvalidMailField { field, rule };
        let text = text.trim();
        if text.is_empty() {
            return Err(refuse("an email address is required"));
        }
        if text.len() > MAX_ADDRESS_LEN {
            return Err(refuse("an email address is at most 254 characters"));
        }
        let Some((local, domain)) = text.rsplit_once('@') else {
            return Err(refuse("an email address needs an @"));
        };
        let atext = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c);
        let local_ok = !local.is_empty()
            && local.len() <= 64
            && local
                .split('.')
                .all(|atom| !atom.is_empty() && atom.chars().all(atext));
        if !local_ok {
            return Err(refuse(
                "the part before the @ must be letters, digits and . ! # $ % & ' * + - / = ? ^ _ ` { | } ~",
            ));
        }
        if !(crate::label::is_dns_name(domain) && domain.contains('.') && !domain.ends_with('.')) {
            return Err(refuse(
                "the part after the @ must be a domain name, like example.com",
            ));
        }
        Ok(EmailAddress(format!(
            "{local}@{}",
            domain.to_ascii_lowercase()
        )))
    }

    /// The address.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Its domain.
    pub fn domain(&self) -> &str {
        self.0.rsplit_once('@').map_or("", |(_, domain)| domain)
    }
}

impl fmt::Display for EmailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for EmailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EmailAddress({:?})", self.0)
    }
}

/// A language tag as a visitor's messages are to be written in (BCP 47's shape: a 2–3
/// letter language, then subtags of 1–8 letters or digits, e.g. `en`, `pt-BR`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Language(String);

impl Language {
    /// Parses `text` as the field `field`.
    ///
    /// # Errors
    /// [`InvalidMailField`] naming `field`.
    pub fn parse(field: &'static str, text: &str) -> Result<Self, InvalidMailField> {
        let mut subtags = text.split('-');
        let primary = subtags.next().unwrap_or_default();
        let valid = text.len() <= 35
            && (2..=3).contains(&primary.len())
            && primary.chars().all(|c| c.is_ascii_alphabetic())
            && subtags.all(|tag| {
                (1..=8).contains(&tag.len()) && tag.chars().all(|c| c.is_ascii_alphanumeric())
            });
        if valid {
            Ok(Language(text.to_owned()))
        } else {
            Err(InvalidMailField {
                field,
                rule: "a language tag, like en or pt-BR",
            })
        }
    }

    /// The tag.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Text made safe for a header or a subject: every control character (line breaks above
/// all) becomes a space, and runs of white space one space. Checked labels hold none
/// already; this is the second lock on the door.
pub fn header_text(text: &str) -> String {
    text.split(|c: char| c.is_control() || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MessageKind {
    /// A pass's claim link, to its visitor.
    Invitation,
    /// A walk-in waiting for its host's answer, by mail.
    ApprovalRequest,
    /// The same, as a Web Push notification to one of the host's browsers.
    ApprovalPush,
}

impl MessageKind {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            MessageKind::Invitation => "invitation",
            MessageKind::ApprovalRequest => "approval_request",
            MessageKind::ApprovalPush => "approval_push",
        }
    }
}

impl TryFrom<String> for MessageKind {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        match text.as_str() {
            "invitation" => Ok(MessageKind::Invitation),
            "approval_request" => Ok(MessageKind::ApprovalRequest),
            "approval_push" => Ok(MessageKind::ApprovalPush),
            _ => Err(format!("unknown message kind {text:?}")),
        }
    }
}

/// Where a message stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MessageState {
    /// To be sent (again).
    Pending,
    /// The receiving server took it.
    Sent,
    /// The receiving server refused the address for good (a 5xx answer).
    Bounced,
    /// Out of retries: the relay could not be reached, or kept refusing for now.
    Dead,
    /// Its moment passed before it could be sent (the pass expired): never sent late.
    Expired,
}

impl MessageState {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            MessageState::Pending => "pending",
            MessageState::Sent => "sent",
            MessageState::Bounced => "bounced",
            MessageState::Dead => "dead",
            MessageState::Expired => "expired",
        }
    }

    /// Parses the stored (or asked-for) name.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "pending" => Some(MessageState::Pending),
            "sent" => Some(MessageState::Sent),
            "bounced" => Some(MessageState::Bounced),
            "dead" => Some(MessageState::Dead),
            "expired" => Some(MessageState::Expired),
            _ => None,
        }
    }
}

impl TryFrom<String> for MessageState {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        MessageState::parse(&text).ok_or_else(|| format!("unknown message state {text:?}"))
    }
}

/// A message in the outbox.
#[derive(Clone, PartialEq, Eq)]
pub struct MessageRow {
    /// Message id (also its `Message-ID`'s left part).
    pub id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// What it is.
    pub kind: MessageKind,
    /// The pass it is about.
    pub pass_id: Option<Uuid>,
    /// The walk-in it is about.
    pub walk_in_id: Option<Uuid>,
    /// The push subscription it goes to.
    pub subscription_id: Option<Uuid>,
    /// Where it goes.
    pub to_address: String,
    /// The language it is written in, if the visitor's is known.
    pub language: Option<String>,
    /// The sealed claim token of an invitation, until the message is settled.
    pub secret: Option<String>,
    /// Where it stands.
    pub state: MessageState,
    /// Attempts so far (this one included, once claimed).
    pub attempts: i64,
    /// When it may be tried (again).
    pub next_attempt_ms: i64,
    /// Never sent after this.
    pub not_after_ms: i64,
    /// The last failure, as the relay or the receiving server put it.
    pub last_error: Option<String>,
    /// Queued.
    pub created_at_ms: i64,
    /// Sent, bounced, dead or expired.
    pub settled_at_ms: Option<i64>,
}

impl MessageRow {
    /// A new message of `kind` to `to_address`, due at `now_ms` and never sent after
    /// `not_after_ms`, about nothing yet (the caller names its pass, walk-in or
    /// subscription).
    pub fn pending(
        id: Uuid,
        org_id: Uuid,
        kind: MessageKind,
        to_address: String,
        now_ms: i64,
        not_after_ms: i64,
    ) -> Self {
        MessageRow {
            id,
            org_id,
            kind,
            pass_id: None,
            walk_in_id: None,
            subscription_id: None,
            to_address,
            language: None,
            secret: None,
            state: MessageState::Pending,
            attempts: 0,
            next_attempt_ms: now_ms,
            not_after_ms,
            last_error: None,
            created_at_ms: now_ms,
            settled_at_ms: None,
        }
    }
}

impl fmt::Debug for MessageRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MessageRow")
            .field("id", &self.id)
            .field("kind", &self.kind)
            .field("pass_id", &self.pass_id)
            .field("walk_in_id", &self.walk_in_id)
            .field("state", &self.state)
            .field("attempts", &self.attempts)
            .finish_non_exhaustive()
    }
}

/// What one attempt to hand a message to the relay came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SendResult {
    /// The relay took it.
    Accepted,
    /// Worth trying again: the relay could not be reached, or answered 4xx.
    Transient(String),
    /// The address (or the message) was refused for good: a 5xx answer.
    Permanent(String),
}

/// Where a message goes after an attempt: [`settle`]'s answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Settled {
    /// Sent.
    Sent,
    /// Pending again, from `at`.
    Retry {
        /// When.
        at: i64,
        /// Why.
        error: String,
    },
    /// Refused for good.
    Bounced(String),
    /// Out of retries.
    Dead(String),
    /// Its moment passed: not sent.
    Expired,
}

impl Settled {
    /// The state it leaves the message in.
    pub fn state(&self) -> MessageState {
        match self {
            Settled::Sent => MessageState::Sent,
            Settled::Retry { .. } => MessageState::Pending,
            Settled::Bounced(_) => MessageState::Bounced,
            Settled::Dead(_) => MessageState::Dead,
            Settled::Expired => MessageState::Expired,
        }
    }
}

/// The longest pause between two attempts.
pub const MAX_BACKOFF_MS: i64 = 15 * 60_000;

/// Where `message` goes after an attempt at `now_ms` that came to `result` (`None`: not
/// tried, because its moment had passed). A transient failure is tried again after 2, 4,
/// 8 … seconds, at most [`MAX_BACKOFF_MS`] apart, while the next try falls before both
/// the message's deadline and `retry_for_ms` after it was queued; then the message is dead
/// (or expired, when its deadline is what stopped it).
pub fn settle(
    message: &MessageRow,
    result: Option<SendResult>,
    now_ms: i64,
    retry_for_ms: i64,
) -> Settled {
    let Some(result) = result else {
        return Settled::Expired;
    };
    match result {
        SendResult::Accepted => Settled::Sent,
        SendResult::Permanent(error) => Settled::Bounced(error),
        SendResult::Transient(error) => {
            let exponent = u32::try_from(message.attempts.clamp(1, 30)).unwrap_or(30);
            let backoff = 1_000i64
                .saturating_mul(1i64 << exponent)
                .min(MAX_BACKOFF_MS);
            let at = now_ms.saturating_add(backoff);
            if at >= message.not_after_ms {
                Settled::Expired
            } else if at >= message.created_at_ms.saturating_add(retry_for_ms) {
                Settled::Dead(error)
            } else {
                Settled::Retry { at, error }
            }
        }
    }
}

/// Whether a claimed message may still be sent at `now_ms`.
pub fn still_due(message: &MessageRow, now_ms: i64) -> bool {
    now_ms < message.not_after_ms
}

/// How the server talks to its SMTP relay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SmtpTls {
    /// Plain connection upgraded with STARTTLS (port 587), which must succeed.
    Starttls,
    /// TLS from the first byte (port 465).
    Implicit,
    /// No TLS: a relay on the same host or network only.
    None,
}

impl SmtpTls {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            SmtpTls::Starttls => "starttls",
            SmtpTls::Implicit => "implicit",
            SmtpTls::None => "none",
        }
    }
}

impl TryFrom<String> for SmtpTls {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        match text.as_str() {
            "starttls" => Ok(SmtpTls::Starttls),
            "implicit" => Ok(SmtpTls::Implicit),
            "none" => Ok(SmtpTls::None),
            _ => Err(format!("unknown SMTP TLS mode {text:?}")),
        }
    }
}

/// The server's SMTP relay, as stored: the password sealed.
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpSettingsRow {
    /// Relay host.
    pub host: String,
    /// Relay port.
    pub port: i32,
    /// TLS mode.
    pub tls: SmtpTls,
    /// User, if the relay wants one.
    pub username: Option<String>,
    /// The sealed password.
    pub password: Option<String>,
    /// The envelope sender and `From` address.
    pub from_address: String,
    /// Last changed.
    pub updated_at_ms: i64,
}

impl fmt::Debug for SmtpSettingsRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpSettingsRow")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .field("username", &self.username)
            .field("password_set", &self.password.is_some())
            .field("from_address", &self.from_address)
            .finish_non_exhaustive()
    }
}

/// A host's browser subscribed to Web Push.
#[derive(Clone, PartialEq, Eq)]
pub struct PushSubscriptionRow {
    /// Subscription id.
    pub id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// The host it tells.
    pub host_id: Uuid,
    /// The push service's endpoint: a capability URL, never shown or logged.
    pub endpoint: String,
    /// The browser's P-256 key, base64url.
    pub p256dh: String,
    /// The browser's auth secret, base64url.
    pub auth: String,
    /// Subscribed.
    pub created_at_ms: i64,
    /// The language its host's page was in when it subscribed (issue 34).
    pub language: Option<String>,
}

impl fmt::Debug for PushSubscriptionRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PushSubscriptionRow")
            .field("id", &self.id)
            .field("host_id", &self.host_id)
            .finish_non_exhaustive()
    }
}

/// An organisation's sender name and reply-to address.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrgMailRow {
    /// The `From` name (default: the organisation's name).
    pub from_name: Option<String>,
    /// Where replies go (default: nowhere but the From address).
    pub reply_to: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_parsed_once_and_refused_with_the_field() {
        let ok: &[(&str, &str)] = &[
            ("ada@example.com", "ada@example.com"),
            (
                "  Ada.Lovelace+gate@Example.COM ",
                "Ada.Lovelace+gate@example.com",
            ),
            ("o'brien@mail.example.ie", "o'brien@mail.example.ie"),
            ("x@a-b.example", "x@a-b.example"),
        ];
        for (text, stored) in ok {
            assert_eq!(
                EmailAddress::parse("email", text).map(|a| a.0).as_deref(),
                Ok(*stored),
                "{text}"
            );
        }
        let refused: &[&str] = &[
            "",
            "   ",
            "ada",
            "ada@",
            "@example.com",
            "ada@localhost",
            "ada@example.com.",
            "ada..b@example.com",
            ".ada@example.com",
            "ada lovelace@example.com",
            "\"ada\"@example.com",
            "ada@[127.0.0.1]",
            "ada@example.com\r\nBcc: everyone@example.com",
            "ada@example.com\nX: y",
            "ada\r@example.com",
            "ada@exa mple.com",
            "ada@-example.com",
            "ada@ex_ample.com",
        ];
        for text in refused {
            let error = EmailAddress::parse("email", text).expect_err(text);
            assert_eq!(error.field, "email", "{text:?}");
        }
        let long = format!("{}@example.com", "a".repeat(65));
        assert!(EmailAddress::parse("email", &long).is_err());
        let longer = format!("a@{}.com", "b.".repeat(130));
        assert!(EmailAddress::parse("email", &longer).is_err());
    }

    #[test]
    fn language_tags() {
        for ok in ["en", "de", "pt-BR", "zh-Hant-TW", "fil"] {
            assert!(Language::parse("language", ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "e",
            "english",
            "en_GB",
            "en-",
            "en--GB",
            "en-GB\r\n",
            "12",
        ] {
            assert_eq!(
                Language::parse("language", bad).map_err(|e| e.field),
                Err("language"),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn header_text_can_hold_no_line_break() {
        let cases: &[(&str, &str)] = &[
            ("Ada Lovelace", "Ada Lovelace"),
            ("Ada\r\nBcc: x@example.com", "Ada Bcc: x@example.com"),
            ("  Tab\there  ", "Tab here"),
            ("a\u{0}b\u{1b}[31mc", "a b [31mc"),
            ("\u{2028}line\u{85}sep", "line sep"),
        ];
        for (text, safe) in cases {
            assert_eq!(header_text(text), *safe, "{text:?}");
        }
    }

    fn message(attempts: i64, created_at_ms: i64, not_after_ms: i64) -> MessageRow {
        MessageRow {
            secret: Some("sealed".into()),
            attempts,
            ..MessageRow::pending(
                Uuid::nil(),
                Uuid::nil(),
                MessageKind::Invitation,
                "ada@example.com".into(),
                created_at_ms,
                not_after_ms,
            )
        }
    }

    #[test]
    fn an_attempt_settles_a_message() {
        const DAY: i64 = 86_400_000;
        let down = || Some(SendResult::Transient("connection refused".into()));
        type Case = (&'static str, MessageRow, Option<SendResult>, i64, Settled);
        let cases: Vec<Case> = vec![
            (
                "taken",
                message(1, 0, DAY),
                Some(SendResult::Accepted),
                10,
                Settled::Sent,
            ),
            (
                "refused for good",
                message(1, 0, DAY),
                Some(SendResult::Permanent("550 no such user".into())),
                10,
                Settled::Bounced("550 no such user".into()),
            ),
            (
                "first failure: 2 s",
                message(1, 0, DAY),
                down(),
                10,
                Settled::Retry {
                    at: 2_010,
                    error: "connection refused".into(),
                },
            ),
            (
                "third failure: 8 s",
                message(3, 0, DAY),
                down(),
                10,
                Settled::Retry {
                    at: 8_010,
                    error: "connection refused".into(),
                },
            ),
            (
                "back-off is capped",
                message(20, 0, DAY),
                down(),
                10,
                Settled::Retry {
                    at: 10 + MAX_BACKOFF_MS,
                    error: "connection refused".into(),
                },
            ),
            (
                "the deadline comes first",
                message(3, 0, 5_000),
                down(),
                10,
                Settled::Expired,
            ),
            (
                "out of retries",
                message(5, 0, 10 * DAY),
                down(),
                3 * DAY,
                Settled::Dead("connection refused".into()),
            ),
            (
                "not tried: too late",
                message(1, 0, DAY),
                None,
                DAY,
                Settled::Expired,
            ),
        ];
        for (name, row, result, now, want) in cases {
            assert_eq!(settle(&row, result, now, 3 * DAY), want, "{name}");
        }
        assert!(still_due(&message(1, 0, 100), 99));
        assert!(!still_due(&message(1, 0, 100), 100));
    }

    #[test]
    fn a_message_row_never_shows_its_secret_or_address() {
        let text = format!("{:?}", message(1, 0, 1));
        assert!(!text.contains("sealed") && !text.contains("ada@"), "{text}");
    }
}
