-- Scan-time denials, stored under the gate's scan id so that a resent scan gets the same
-- denial (TSR1 §7 rule 1 covers denials too) and the same scan id with another code is
-- `scan_id_reused`. Additive: servers of the previous version ignore the table.
CREATE TABLE scan_denials (
    gate_id       BLOB NOT NULL REFERENCES gates (id),
    scan_id       BLOB NOT NULL,
    org_id        BLOB NOT NULL REFERENCES orgs (id),
    code_hash     BLOB NOT NULL,
    reason        TEXT NOT NULL,
    pass_id       BLOB REFERENCES passes (id),
    age_s         INTEGER,
    ahead_s       INTEGER,
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (gate_id, scan_id)
);
