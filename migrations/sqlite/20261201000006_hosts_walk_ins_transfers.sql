-- Hosts, walk-ins, re-binding and transfer (issue 16). Additive: servers of the previous
-- version ignore the new tables and columns, and every new column has a default.
--
-- A host is a person who invites visitors (a resident). Its credential is an API key of its
-- own table rather than a new role in `api_keys`, whose CHECK constraint SQLite cannot
-- widen without rebuilding the table; the server reads both tables as one.
CREATE TABLE hosts (
    id            BLOB PRIMARY KEY,
    org_id        BLOB NOT NULL REFERENCES orgs (id),
    label         TEXT NOT NULL,
    unit          TEXT,
    key_hash      BLOB NOT NULL UNIQUE,
    created_at_ms BIGINT NOT NULL
);
CREATE INDEX hosts_org ON hosts (org_id, label);

-- A host's browser session (the `/host` page), as `console_sessions` is an admin's.
CREATE TABLE host_sessions (
    token_hash    BLOB PRIMARY KEY,
    org_id        BLOB NOT NULL REFERENCES orgs (id),
    host_id       BLOB NOT NULL REFERENCES hosts (id),
    created_at_ms BIGINT NOT NULL,
    expires_at_ms BIGINT NOT NULL
);
CREATE INDEX host_sessions_expiry ON host_sessions (expires_at_ms);

-- Whose pass it is, how often it may be handed on, and the issuer's own reference for
-- bulk issue (idempotent per organisation: the same reference is the same pass).
ALTER TABLE passes ADD COLUMN host_id BLOB REFERENCES hosts (id);
ALTER TABLE passes ADD COLUMN max_transfers BIGINT NOT NULL DEFAULT 0;
ALTER TABLE passes ADD COLUMN transfers BIGINT NOT NULL DEFAULT 0;
ALTER TABLE passes ADD COLUMN rebinds BIGINT NOT NULL DEFAULT 0;
ALTER TABLE passes ADD COLUMN external_ref TEXT;
ALTER TABLE passes ADD COLUMN content_hash BLOB;
CREATE UNIQUE INDEX passes_external_ref ON passes (org_id, external_ref)
    WHERE external_ref IS NOT NULL;
CREATE INDEX passes_host ON passes (host_id, created_at_ms) WHERE host_id IS NOT NULL;

-- Claim links minted after issue: a re-bind (the old key dies at once) or a transfer (the
-- old key dies when the recipient claims). `request_key` is the idempotency key: the
-- issuer's request id (16 bytes) or the wallet's transfer nonce (32 bytes).
CREATE TABLE pass_links (
    id            BLOB PRIMARY KEY,
    pass_id       BLOB NOT NULL REFERENCES passes (id),
    org_id        BLOB NOT NULL REFERENCES orgs (id),
    kind          TEXT NOT NULL CHECK (kind IN ('rebind', 'transfer')),
    request_key   BLOB NOT NULL UNIQUE,
    token_hash    BLOB NOT NULL UNIQUE,
    created_at_ms BIGINT NOT NULL,
    expires_at_ms BIGINT NOT NULL,
    closed_at_ms  BIGINT,
    claimed_key   BLOB
);
CREATE INDEX pass_links_pass ON pass_links (pass_id, created_at_ms);

-- Nonces a holder's wallet answers to prove it holds the pass key before a transfer.
CREATE TABLE transfer_nonces (
    nonce         BLOB PRIMARY KEY,
    pass_id       BLOB NOT NULL REFERENCES passes (id),
    org_id        BLOB NOT NULL REFERENCES orgs (id),
    created_at_ms BIGINT NOT NULL,
    expires_at_ms BIGINT NOT NULL
);
CREATE INDEX transfer_nonces_expiry ON transfer_nonces (expires_at_ms);

-- A visitor without a pass, held at a gate while its host is asked. The request id is the
-- gate's, unique per gate like a scan id. An approved request is the walk-in admission.
CREATE TABLE walk_ins (
    id            BLOB PRIMARY KEY,
    org_id        BLOB NOT NULL REFERENCES orgs (id),
    gate_id       BLOB NOT NULL REFERENCES gates (id),
    request_id    BLOB NOT NULL,
    host_id       BLOB NOT NULL REFERENCES hosts (id),
    visitor_name  TEXT NOT NULL,
    note          TEXT,
    state         TEXT NOT NULL CHECK (state IN ('waiting', 'approved', 'denied', 'expired')),
    created_at_ms BIGINT NOT NULL,
    expires_at_ms BIGINT NOT NULL,
    decided_at_ms BIGINT,
    UNIQUE (gate_id, request_id)
);
CREATE INDEX walk_ins_host ON walk_ins (host_id, created_at_ms);
CREATE INDEX walk_ins_org ON walk_ins (org_id, created_at_ms);
CREATE INDEX walk_ins_waiting ON walk_ins (expires_at_ms) WHERE state = 'waiting';
