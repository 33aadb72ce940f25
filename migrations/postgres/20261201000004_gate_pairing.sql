-- Gate pairing (issue 14): an admin makes a single-use link that lives ten minutes; a tablet
-- that opens it gets a fresh device credential (the gate's token is rotated, so the
-- previously paired device is cut off). A revoked gate's credential is refused. Additive:
-- servers of the previous version ignore both.
CREATE TABLE gate_pairings (
    secret_hash   BYTEA PRIMARY KEY,
    gate_id       UUID NOT NULL REFERENCES gates (id),
    org_id        UUID NOT NULL REFERENCES orgs (id),
    created_at_ms BIGINT NOT NULL,
    expires_at_ms BIGINT NOT NULL,
    used_at_ms    BIGINT
);
CREATE INDEX gate_pairings_gate ON gate_pairings (gate_id);
ALTER TABLE gates ADD COLUMN revoked_at_ms BIGINT;
