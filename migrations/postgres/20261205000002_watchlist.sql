-- The watchlist (issue 32): people a security team flags (let in, tell security) or blocks
-- (refused at issue and claim, held at a gate). Additive: a server of the previous version
-- ignores the table and screens nobody.
--
-- `email` is stored normalised (trimmed, lower-cased, no +tag) and `external_ref` trimmed,
-- so that an exact match is an index lookup; `name` is kept as entered and compared
-- normalised by the server, as a possible match only. Readable by the security and admin
-- roles only. Changes are audited without the person's details.
CREATE TABLE watchlist (
    id            UUID PRIMARY KEY,
    org_id        UUID NOT NULL REFERENCES orgs (id),
    name          TEXT,
    email         TEXT,
    external_ref  TEXT,
    reason        TEXT NOT NULL,
    mode          TEXT NOT NULL CHECK (mode IN ('flag', 'block')),
    added_by      TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL,
    updated_at_ms BIGINT NOT NULL,
    expires_at_ms BIGINT,
    CHECK (name IS NOT NULL OR email IS NOT NULL OR external_ref IS NOT NULL)
);
CREATE INDEX watchlist_org ON watchlist (org_id, created_at_ms);
