-- Zones: entry and exit gates, re-entry rules and who is inside (issue 17). Additive: a
-- gate without a zone behaves as before, and servers of the previous version ignore all
-- of it.
--
-- A zone has its rules: whether a visitor who stepped out may come back, at most N
-- entries per (UTC) day, an automatic check-out of everyone at a minute of the (UTC) day,
-- and whether entering it checks the visitor out of every other zone.
CREATE TABLE zones (
    id                    UUID PRIMARY KEY,
    org_id                UUID NOT NULL REFERENCES orgs (id),
    name                  TEXT NOT NULL,
    allow_reentry         BOOLEAN NOT NULL,
    max_entries_per_day   BIGINT,
    checkout_at_minute    BIGINT CHECK (checkout_at_minute BETWEEN 0 AND 1439),
    checks_out_others     BOOLEAN NOT NULL,
    last_checkout_day     BIGINT,
    created_at_ms         BIGINT NOT NULL
);
CREATE INDEX zones_org ON zones (org_id);

-- A gate belongs to a zone (none: the whole site, as before) and lets people in or out.
ALTER TABLE gates ADD COLUMN zone_id UUID REFERENCES zones (id);
ALTER TABLE gates ADD COLUMN direction TEXT NOT NULL DEFAULT 'entry'
    CHECK (direction IN ('entry', 'exit'));

-- The zones a pass is valid for; a pass with no row here is valid for every zone.
CREATE TABLE pass_zones (
    pass_id UUID NOT NULL REFERENCES passes (id),
    zone_id UUID NOT NULL REFERENCES zones (id),
    PRIMARY KEY (pass_id, zone_id)
);

-- Where a pass is: one row per pass and zone it ever entered, changed only inside the
-- transaction that stores the entry's or exit's outcome under its nonce.
CREATE TABLE zone_presence (
    pass_id        UUID NOT NULL REFERENCES passes (id),
    zone_id        UUID NOT NULL REFERENCES zones (id),
    org_id         UUID NOT NULL REFERENCES orgs (id),
    inside         BOOLEAN NOT NULL,
    entry_day      BIGINT NOT NULL,
    entries_on_day BIGINT NOT NULL,
    entered_at_ms  BIGINT NOT NULL,
    exited_at_ms   BIGINT,
    PRIMARY KEY (pass_id, zone_id)
);
CREATE INDEX zone_presence_inside ON zone_presence (zone_id) WHERE inside;
