-- Admission events delivered to other systems (issue 17). Additive: servers of the
-- previous version ignore both tables.
--
-- The outbox is the audit log itself: every admission, walk-in approval and revocation
-- already commits its audit event in the same transaction as the change, so an event
-- can be neither lost by a crash after COMMIT nor sent for a change that rolled back.
-- A webhook keeps a cursor into the log; the dispatcher copies the events it wants into
-- `webhook_deliveries` (one row per webhook and event, unique) and advances the cursor
-- in the same transaction, then delivers each row at least once.
CREATE TABLE webhooks (
    id              UUID PRIMARY KEY,
    org_id          UUID NOT NULL REFERENCES orgs (id),
    url             TEXT NOT NULL,
    -- The signing secret. It must be stored to sign; only the admin who created the
    -- webhook saw it, and no API answer shows it again.
    secret          TEXT NOT NULL,
    -- Comma-separated event types, e.g. 'admission,walk_in,revocation'.
    events          TEXT NOT NULL,
    audit_cursor    BIGINT NOT NULL,
    created_at_ms   BIGINT NOT NULL,
    disabled_at_ms  BIGINT,
    disabled_reason TEXT
);
CREATE INDEX webhooks_org ON webhooks (org_id);

CREATE TABLE webhook_deliveries (
    id              BIGSERIAL PRIMARY KEY,
    webhook_id      UUID NOT NULL REFERENCES webhooks (id),
    org_id          UUID NOT NULL REFERENCES orgs (id),
    audit_id        BIGINT NOT NULL,
    pass_id         UUID,
    event_type      TEXT NOT NULL,
    body            TEXT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'dead')),
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_ms BIGINT NOT NULL,
    last_error      TEXT,
    created_at_ms   BIGINT NOT NULL,
    delivered_at_ms BIGINT,
    UNIQUE (webhook_id, audit_id)
);
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (id) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_pass ON webhook_deliveries (webhook_id, pass_id, id) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_dead ON webhook_deliveries (org_id, id) WHERE state = 'dead';
