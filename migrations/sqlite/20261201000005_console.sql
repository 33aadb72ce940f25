-- The security console (issue 15). Additive: servers of the previous version ignore all of it.
--
-- A console session is an API key exchanged for a cookie: only the SHA-256 of the cookie's
-- value is stored, with the key it stands for and when it ends. It lives here, not in a
-- replica's memory, so it survives a restart and every replica honours it.
CREATE TABLE console_sessions (
    token_hash    BLOB PRIMARY KEY,
    org_id        BLOB NOT NULL REFERENCES orgs (id),
    api_key_id    BLOB NOT NULL REFERENCES api_keys (id),
    created_at_ms BIGINT NOT NULL,
    expires_at_ms BIGINT NOT NULL
);
CREATE INDEX console_sessions_expiry ON console_sessions (expires_at_ms);

-- Gate WebSockets open now, on any replica: a row per socket, deleted when it closes; each
-- replica refreshes all of its rows in one statement every few seconds. A replica that dies
-- leaves rows that stop being refreshed, so "online" is "a row seen recently", never "a row
-- exists".
CREATE TABLE gate_sockets (
    id            BLOB PRIMARY KEY,
    gate_id       BLOB NOT NULL REFERENCES gates (id),
    replica_id    BLOB NOT NULL,
    opened_at_ms  BIGINT NOT NULL,
    seen_at_ms    BIGINT NOT NULL
);
CREATE INDEX gate_sockets_gate ON gate_sockets (gate_id);
-- When a socket of the gate last closed (the console's "last seen" once none is open).
ALTER TABLE gates ADD COLUMN last_seen_ms BIGINT;
