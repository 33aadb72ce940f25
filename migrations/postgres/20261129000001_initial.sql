-- Tessera schema v1 (PostgreSQL). Times are BIGINT unix milliseconds, as in the SQLite
-- schema, so that both backends share one set of queries and one behaviour.

CREATE TABLE orgs (
    id            UUID PRIMARY KEY,
    name          TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL
);

CREATE TABLE api_keys (
    id            UUID PRIMARY KEY,
    org_id        UUID NOT NULL REFERENCES orgs (id),
    role          TEXT NOT NULL CHECK (role IN ('admin', 'issuer', 'auditor')),
    label         TEXT NOT NULL,
    key_hash      BYTEA NOT NULL UNIQUE,
    created_at_ms BIGINT NOT NULL
);

CREATE TABLE gates (
    id            UUID PRIMARY KEY,
    org_id        UUID NOT NULL REFERENCES orgs (id),
    label         TEXT NOT NULL,
    site          TEXT,
    token_hash    BYTEA NOT NULL UNIQUE,
    created_at_ms BIGINT NOT NULL
);

CREATE TABLE passes (
    id                UUID PRIMARY KEY,
    org_id            UUID NOT NULL REFERENCES orgs (id),
    label             TEXT NOT NULL,
    site              TEXT,
    valid_from_ms     BIGINT NOT NULL,
    valid_until_ms    BIGINT NOT NULL,
    max_uses          BIGINT NOT NULL CHECK (max_uses >= 1),
    uses              BIGINT NOT NULL DEFAULT 0 CHECK (uses >= 0 AND uses <= max_uses),
    state             TEXT NOT NULL CHECK (state IN ('issued', 'claimed', 'used', 'revoked')),
    claim_token_hash  BYTEA NOT NULL,
    wallet_public_key BYTEA,
    server_kid        TEXT NOT NULL,
    created_at_ms     BIGINT NOT NULL,
    claimed_at_ms     BIGINT,
    revoked_at_ms     BIGINT
);
CREATE INDEX passes_org ON passes (org_id);

CREATE TABLE challenges (
    nonce                BYTEA PRIMARY KEY,
    org_id               UUID NOT NULL REFERENCES orgs (id),
    gate_id              UUID NOT NULL REFERENCES gates (id),
    scan_id              UUID NOT NULL,
    pass_id              UUID NOT NULL REFERENCES passes (id),
    counter              BIGINT NOT NULL,
    code_hash            BYTEA NOT NULL,
    created_at_ms        BIGINT NOT NULL,
    expires_at_ms        BIGINT NOT NULL,
    wrong_answers        BIGINT NOT NULL DEFAULT 0,
    unanswered_audited   BOOLEAN NOT NULL DEFAULT FALSE,
    UNIQUE (gate_id, scan_id)
);
CREATE INDEX challenges_unanswered ON challenges (expires_at_ms) WHERE unanswered_audited = FALSE;

CREATE TABLE redemptions (
    nonce                BYTEA PRIMARY KEY REFERENCES challenges (nonce),
    org_id               UUID NOT NULL REFERENCES orgs (id),
    gate_id              UUID NOT NULL REFERENCES gates (id),
    scan_id              UUID NOT NULL,
    pass_id              UUID NOT NULL REFERENCES passes (id),
    counter              BIGINT NOT NULL,
    outcome              TEXT NOT NULL CHECK (outcome IN ('admitted', 'already_admitted', 'denied')),
    reason               TEXT,
    first_admitted_at_ms BIGINT,
    first_gate_id        UUID,
    created_at_ms        BIGINT NOT NULL
);
-- One shown code admits one person, even when the pass has uses left.
CREATE UNIQUE INDEX redemptions_one_admission_per_step
    ON redemptions (pass_id, counter) WHERE outcome = 'admitted';
CREATE INDEX redemptions_pass ON redemptions (pass_id, created_at_ms);

CREATE TABLE audit_events (
    id       BIGSERIAL PRIMARY KEY,
    at_ms    BIGINT NOT NULL,
    org_id   UUID,
    kind     TEXT NOT NULL,
    severity TEXT NOT NULL CHECK (severity IN ('info', 'warning', 'high')),
    gate_id  UUID,
    pass_id  UUID,
    details  TEXT NOT NULL
);
CREATE INDEX audit_events_org ON audit_events (org_id, id);

-- The audit log is append-only: the application never updates or deletes, and the
-- database refuses it too, so a compromised app role cannot quietly rewrite history.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_events is append-only';
END;
$$;
CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
