-- Credentials that can be taken back (issue 29). Additive: a server of the previous version
-- ignores the new columns, so during a rolling upgrade a key revoked on a new replica still
-- works on an old one until it is replaced; finish the upgrade before relying on revocation.
--
-- A key (admin, issuer, auditor in `api_keys`; a host's in `hosts`) is revoked by stamping
-- `revoked_at_ms`: the row stays, for the audit log and the key list. Rotation moves the
-- current hash to `previous_key_hash`, honoured until `previous_valid_until_ms` (the
-- overlap), and stores the new one. `last_used_ms` is written at most once a minute a key.
ALTER TABLE api_keys ADD COLUMN revoked_at_ms BIGINT;
ALTER TABLE api_keys ADD COLUMN last_used_ms BIGINT;
ALTER TABLE api_keys ADD COLUMN rotated_at_ms BIGINT;
ALTER TABLE api_keys ADD COLUMN previous_key_hash BYTEA;
ALTER TABLE api_keys ADD COLUMN previous_valid_until_ms BIGINT;
CREATE UNIQUE INDEX api_keys_previous_hash ON api_keys (previous_key_hash);

ALTER TABLE hosts ADD COLUMN revoked_at_ms BIGINT;
ALTER TABLE hosts ADD COLUMN last_used_ms BIGINT;
ALTER TABLE hosts ADD COLUMN rotated_at_ms BIGINT;
ALTER TABLE hosts ADD COLUMN previous_key_hash BYTEA;
ALTER TABLE hosts ADD COLUMN previous_valid_until_ms BIGINT;
CREATE UNIQUE INDEX hosts_previous_hash ON hosts (previous_key_hash);

-- Sessions are found by key when a key is revoked or rotated.
CREATE INDEX console_sessions_key ON console_sessions (api_key_id);
CREATE INDEX host_sessions_host ON host_sessions (host_id);

-- Each replica learns the credentials made or changed lately every few seconds (to keep them
-- from being refused for a flooding neighbour's failures at a shared address): by time.
CREATE INDEX gates_created ON gates (created_at_ms);
CREATE INDEX gate_pairings_used ON gate_pairings (used_at_ms);
CREATE INDEX api_keys_created ON api_keys (created_at_ms);
CREATE INDEX api_keys_rotated ON api_keys (rotated_at_ms);
CREATE INDEX hosts_created ON hosts (created_at_ms);
CREATE INDEX hosts_rotated ON hosts (rotated_at_ms);
CREATE INDEX console_sessions_created ON console_sessions (created_at_ms);
CREATE INDEX host_sessions_created ON host_sessions (created_at_ms);
CREATE INDEX passes_created ON passes (created_at_ms);
