-- Scan-time denials, stored under the gate's scan id so that a resent scan gets the same
-- denial (TSR1 §7 rule 1 covers denials too) and the same scan id with another code is
-- `scan_id_reused`. Additive: servers of the previous version ignore the table.
CREATE TABLE scan_denials (
    gate_id       UUID NOT NULL REFERENCES gates (id),
    scan_id       UUID NOT NULL,
    org_id        UUID NOT NULL REFERENCES orgs (id),
    code_hash     BYTEA NOT NULL,
    reason        TEXT NOT NULL,
    pass_id       UUID REFERENCES passes (id),
    age_s         BIGINT,
    ahead_s       BIGINT,
    created_at_ms BIGINT NOT NULL,
    PRIMARY KEY (gate_id, scan_id)
);
