-- Issue 34: every page and message in the visitor's language.
--
-- A pass's language (set at issue time, from the visitor's invitation), a gate's (its
-- guard's screens), a push subscription's (the language its browser's page was in when it
-- subscribed), and each organisation's default language and time zone, with a time zone
-- per site where a site is elsewhere. NULL everywhere means "not said": the pages fall back
-- to the browser's languages, then the organisation's default; times to the device's zone.

ALTER TABLE passes ADD COLUMN language TEXT;
ALTER TABLE gates ADD COLUMN language TEXT;
ALTER TABLE push_subscriptions ADD COLUMN language TEXT;

CREATE TABLE org_locales (
    org_id           UUID PRIMARY KEY REFERENCES orgs (id),
    default_language TEXT,
    time_zone        TEXT,
    updated_at_ms    BIGINT NOT NULL
);

CREATE TABLE site_time_zones (
    org_id    UUID NOT NULL REFERENCES orgs (id),
    site      TEXT NOT NULL,
    time_zone TEXT NOT NULL,
    PRIMARY KEY (org_id, site)
);
