-- Tessera schema v1 (SQLite). Times are BIGINT unix milliseconds, as in the SQLite
-- schema, so that both backends share one set of queries and one behaviour.

CREATE TABLE orgs (
    id            BLOB PRIMARY KEY,
    name          TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL
);

CREATE TABLE api_keys (
    id            BLOB PRIMARY KEY,
    org_id        BLOB NOT NULL REFERENCES orgs (id),
    role          TEXT NOT NULL CHECK (role IN ('admin', 'issuer', 'auditor')),
    label         TEXT NOT NULL,
    key_hash      BLOB NOT NULL UNIQUE,
    created_at_ms BIGINT NOT NULL
);

CREATE TABLE gates (
    id            BLOB PRIMARY KEY,
    org_id        BLOB NOT NULL REFERENCES orgs (id),
    label         TEXT NOT NULL,
    site          TEXT,
    token_hash    BLOB NOT NULL UNIQUE,
    created_at_ms BIGINT NOT NULL
);

CREATE TABLE passes (
    id                BLOB PRIMARY KEY,
    org_id            BLOB NOT NULL REFERENCES orgs (id),
    label             TEXT NOT NULL,
    site              TEXT,
    valid_from_ms     BIGINT NOT NULL,
    valid_until_ms    BIGINT NOT NULL,
    max_uses          BIGINT NOT NULL CHECK (max_uses >= 1),
    uses              BIGINT NOT NULL DEFAULT 0 CHECK (uses >= 0 AND uses <= max_uses),
    state             TEXT NOT NULL CHECK (state IN ('issued', 'claimed', 'used', 'revoked')),
    claim_token_hash  BLOB NOT NULL,
    wallet_public_key BLOB,
    server_kid        TEXT NOT NULL,
    created_at_ms     BIGINT NOT NULL,
    claimed_at_ms     BIGINT,
    revoked_at_ms     BIGINT
);
CREATE INDEX passes_org ON passes (org_id);

CREATE TABLE challenges (
    nonce                BLOB PRIMARY KEY,
    org_id               BLOB NOT NULL REFERENCES orgs (id),
    gate_id              BLOB NOT NULL REFERENCES gates (id),
    scan_id              BLOB NOT NULL,
    pass_id              BLOB NOT NULL REFERENCES passes (id),
    counter              BIGINT NOT NULL,
    code_hash            BLOB NOT NULL,
    created_at_ms        BIGINT NOT NULL,
    expires_at_ms        BIGINT NOT NULL,
    wrong_answers        BIGINT NOT NULL DEFAULT 0,
    unanswered_audited   INTEGER NOT NULL DEFAULT 0,
    UNIQUE (gate_id, scan_id)
);
CREATE INDEX challenges_unanswered ON challenges (expires_at_ms) WHERE unanswered_audited = 0;

CREATE TABLE redemptions (
    nonce                BLOB PRIMARY KEY REFERENCES challenges (nonce),
    org_id               BLOB NOT NULL REFERENCES orgs (id),
    gate_id              BLOB NOT NULL REFERENCES gates (id),
    scan_id              BLOB NOT NULL,
    pass_id              BLOB NOT NULL REFERENCES passes (id),
    counter              BIGINT NOT NULL,
    outcome              TEXT NOT NULL CHECK (outcome IN ('admitted', 'already_admitted', 'denied')),
    reason               TEXT,
    first_admitted_at_ms BIGINT,
    first_gate_id        BLOB,
    created_at_ms        BIGINT NOT NULL
);
-- One shown code admits one person, even when the pass has uses left.
CREATE UNIQUE INDEX redemptions_one_admission_per_step
    ON redemptions (pass_id, counter) WHERE outcome = 'admitted';
CREATE INDEX redemptions_pass ON redemptions (pass_id, created_at_ms);

CREATE TABLE audit_events (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    at_ms    BIGINT NOT NULL,
    org_id   BLOB,
    kind     TEXT NOT NULL,
    severity TEXT NOT NULL CHECK (severity IN ('info', 'warning', 'high')),
    gate_id  BLOB,
    pass_id  BLOB,
    details  TEXT NOT NULL
);
CREATE INDEX audit_events_org ON audit_events (org_id, id);

-- The audit log is append-only: the application never updates or deletes, and the
-- database refuses it too, so a compromised app role cannot quietly rewrite history.
CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
BEGIN
    SELECT RAISE(ABORT, 'audit_events is append-only');
END;
CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
BEGIN
    SELECT RAISE(ABORT, 'audit_events is append-only');
END;
