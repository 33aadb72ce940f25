-- Sign-in by email routes only through proven domains (issue 50, item 3), sign-ins under
-- way are counted per organisation (item 4), and back-channel logout tokens are good once
-- (item 9). Additive: a server of the previous version ignores both tables and still
-- routes by `sso_configs.allowed_domains`, until it is replaced.
--
-- A domain an organisation claims for sign-in by email. It routes `/v1/sso/start?email=`
-- only once proven: by a DNS TXT record `_tessera-challenge.<domain>` holding
-- `tessera-verify=<token>` (`proven_by` 'dns'), or assigned by the server's operator from
-- the command line ('operator'). A proven domain belongs to one organisation at most.
CREATE TABLE sso_domains (
    org_id        BLOB NOT NULL REFERENCES orgs (id),
    domain        TEXT NOT NULL,
    token         TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL,
    proven_at_ms  BIGINT,
    proven_by     TEXT,
    PRIMARY KEY (org_id, domain)
);
CREATE UNIQUE INDEX sso_domains_proven ON sso_domains (domain) WHERE proven_at_ms IS NOT NULL;

-- Live sign-ins are capped per organisation: counted by organisation and expiry.
CREATE INDEX sso_logins_org ON sso_logins (org_id, expires_at_ms);

-- The `jti` of every back-channel logout token taken, until the token expires: a replay
-- is refused.
CREATE TABLE sso_logout_tokens (
    issuer        TEXT NOT NULL,
    jti           TEXT NOT NULL,
    expires_at_ms BIGINT NOT NULL,
    PRIMARY KEY (issuer, jti)
);
CREATE INDEX sso_logout_tokens_expiry ON sso_logout_tokens (expires_at_ms);
