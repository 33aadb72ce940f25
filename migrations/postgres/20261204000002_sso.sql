-- Staff sign-in with the organisation's identity provider (issue 30). Additive: a server of
-- the previous version ignores the new tables and columns, and an SSO session is, to it, a
-- console or host session like any other (it names the key or host the person signs in as).
--
-- One provider per organisation. The client secret is sealed like a webhook's (bound to the
-- organisation's id); `allowed_domains` and `role_map` are JSON arrays the server writes.
-- Back-channel logout finds the organisation by the logout token's issuer and audience.
CREATE TABLE sso_configs (
    org_id          UUID PRIMARY KEY REFERENCES orgs (id),
    issuer          TEXT NOT NULL,
    client_id       TEXT NOT NULL,
    client_secret   TEXT NOT NULL,
    allowed_domains TEXT NOT NULL,
    role_claim      TEXT NOT NULL,
    role_map        TEXT NOT NULL,
    key_sign_in     BOOLEAN NOT NULL,
    updated_at_ms   BIGINT NOT NULL
);
CREATE UNIQUE INDEX sso_configs_client ON sso_configs (issuer, client_id);

-- A sign-in under way: found once, by the SHA-256 of its `state`, and deleted as it is
-- found, so a state (and the code sent with it) is good for one callback. It is bound to
-- the browser that started it by the hash of a cookie only that browser holds.
CREATE TABLE sso_logins (
    state_hash    BYTEA PRIMARY KEY,
    org_id        UUID NOT NULL REFERENCES orgs (id),
    browser_hash  BYTEA NOT NULL,
    nonce         TEXT NOT NULL,
    pkce_verifier TEXT NOT NULL,
    page          TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL,
    expires_at_ms BIGINT NOT NULL
);
CREATE INDEX sso_logins_expiry ON sso_logins (expires_at_ms);

-- A person known from the provider, by issuer and subject (never by email alone), and the
-- key or host they act as: made just in time at their first sign-in, changed as the
-- provider's claims change. Those rows hold a random hash nobody has the secret of.
CREATE TABLE people (
    id              UUID PRIMARY KEY,
    org_id          UUID NOT NULL REFERENCES orgs (id),
    issuer          TEXT NOT NULL,
    subject         TEXT NOT NULL,
    name            TEXT NOT NULL,
    email           TEXT,
    api_key_id      UUID REFERENCES api_keys (id),
    host_id         UUID REFERENCES hosts (id),
    created_at_ms   BIGINT NOT NULL,
    signed_in_at_ms BIGINT NOT NULL
);
CREATE UNIQUE INDEX people_identity ON people (org_id, issuer, subject);
CREATE INDEX people_key ON people (api_key_id);
CREATE INDEX people_host ON people (host_id);

-- An SSO session names its person and the provider's session id (`sid`), by which a
-- back-channel logout ends it.
ALTER TABLE console_sessions ADD COLUMN person_id UUID REFERENCES people (id);
ALTER TABLE console_sessions ADD COLUMN sid TEXT;
ALTER TABLE host_sessions ADD COLUMN person_id UUID REFERENCES people (id);
ALTER TABLE host_sessions ADD COLUMN sid TEXT;
CREATE INDEX console_sessions_person ON console_sessions (person_id);
CREATE INDEX host_sessions_person ON host_sessions (person_id);
