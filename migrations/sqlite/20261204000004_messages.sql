-- Messages that reach people (issue 31): claim links by email, hosts told of walk-ins by
-- email and Web Push. Additive: a server of the
-- previous version ignores the new tables and column, and sends nothing.
--
-- The outbox of messages, written in the transaction of the change that asks for one (a
-- pass issued with an email address, a resend), delivered at least once by the mail
-- dispatcher on any replica: claimed for a lease (`next_attempt_ms` moves past it,
-- `attempts` counts), then sent, retried with back-off, bounced (the receiving server
-- refused the address for good) or dead (out of retries). A message is never sent after
-- `not_after_ms` (a claim link for a pass that has expired): it is `expired` instead.
-- `secret` is the claim token, sealed (bound to the message id): it is in the message and
-- nowhere else; it is cleared once the message is settled.
CREATE TABLE messages (
    id              BLOB PRIMARY KEY,
    org_id          BLOB NOT NULL REFERENCES orgs (id),
    kind            TEXT NOT NULL CHECK (kind IN ('invitation', 'approval_request', 'approval_push')),
    pass_id         BLOB REFERENCES passes (id),
    walk_in_id      BLOB REFERENCES walk_ins (id),
    subscription_id BLOB,
    to_address      TEXT NOT NULL,
    language        TEXT,
    secret          TEXT,
    state           TEXT NOT NULL
                    CHECK (state IN ('pending', 'sent', 'bounced', 'dead', 'expired')),
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_ms BIGINT NOT NULL,
    not_after_ms    BIGINT NOT NULL,
    last_error      TEXT,
    created_at_ms   BIGINT NOT NULL,
    settled_at_ms   BIGINT
);
CREATE INDEX messages_due ON messages (next_attempt_ms) WHERE state = 'pending';
CREATE INDEX messages_org ON messages (org_id, created_at_ms);
CREATE INDEX messages_pass ON messages (pass_id);

-- The server's SMTP relay: one row, set with `tessera-server mail set`; the password is
-- sealed under a server key (bound to the row), like webhook secrets.
CREATE TABLE smtp_settings (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    host          TEXT NOT NULL,
    port          INTEGER NOT NULL,
    tls           TEXT NOT NULL CHECK (tls IN ('starttls', 'implicit', 'none')),
    username      TEXT,
    password      TEXT,
    from_address  TEXT NOT NULL,
    updated_at_ms BIGINT NOT NULL
);

-- An organisation's sender name and reply-to address (`PUT /v1/mail`).
CREATE TABLE org_mail_settings (
    org_id        BLOB PRIMARY KEY REFERENCES orgs (id),
    from_name     TEXT,
    reply_to      TEXT,
    updated_at_ms BIGINT NOT NULL
);

-- Where a host is told of a walk-in waiting for them (`POST /v1/api-keys` with `email`; a
-- host made at single sign-on is reached at the email the provider gave).
ALTER TABLE hosts ADD COLUMN email TEXT;

-- A host's browsers subscribed to Web Push (the host page installed as an app): the push
-- service's endpoint (a capability URL, never shown) and the browser's keys the messages
-- are encrypted to. One row per endpoint; a push service answering 404 or 410 removes it.
CREATE TABLE push_subscriptions (
    id            BLOB PRIMARY KEY,
    org_id        BLOB NOT NULL REFERENCES orgs (id),
    host_id       BLOB NOT NULL REFERENCES hosts (id),
    endpoint      TEXT NOT NULL UNIQUE,
    p256dh        TEXT NOT NULL,
    auth          TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_host ON push_subscriptions (host_id);
