-- Personal data on request and by retention (issue 32, GDPR Articles 15 and 17). Additive:
-- a server of the previous version ignores the new tables and columns, and erases nothing.
--
-- An erasure rewrites a person's personal fields (pass labels and references, invitation
-- addresses, walk-in names and notes, and the same values inside audit details and webhook
-- bodies) with one stable pseudonym, in one transaction that also records it here and in
-- the audit log. Nothing is deleted: passes, gates and organisations keep their rows, and
-- admission counts and alarms keep their meaning.
CREATE TABLE erasures (
    id          UUID PRIMARY KEY,
    org_id      UUID NOT NULL REFERENCES orgs (id),
    at_ms       BIGINT NOT NULL,
    by_name     TEXT NOT NULL,
    classes     TEXT NOT NULL,
    cause       TEXT NOT NULL CHECK (cause IN ('request', 'retention')),
    pseudonym   TEXT NOT NULL
);
CREATE INDEX erasures_org ON erasures (org_id, at_ms);

-- Which classes of a pass's personal data were erased already (comma-separated), so the
-- retention sweep takes each pass once per class.
ALTER TABLE passes ADD COLUMN erased_classes TEXT;
CREATE INDEX passes_expiry ON passes (valid_until_ms);

-- How long each class is kept after a pass expires, per organisation: a JSON object of
-- class name to days (no entry: kept).
CREATE TABLE privacy_settings (
    org_id        UUID PRIMARY KEY REFERENCES orgs (id),
    retention     TEXT NOT NULL,
    updated_at_ms BIGINT NOT NULL
);

-- The audit log stays append-only for everything but an erasure: an UPDATE may change only
-- `details`, only while naming (in `erasure_id`) an erasure recorded in `erasures` for the
-- event's organisation, and never the event's time, kind, severity, subjects or actor.
ALTER TABLE audit_events ADD COLUMN erasure_id UUID;

CREATE FUNCTION audit_events_erasure_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.erasure_id IS NULL
       OR NEW.erasure_id IS NOT DISTINCT FROM OLD.erasure_id
       OR NOT EXISTS (SELECT 1 FROM erasures e WHERE e.id = NEW.erasure_id
                      AND e.org_id IS NOT DISTINCT FROM OLD.org_id)
       OR (NEW.id, NEW.at_ms, NEW.org_id, NEW.kind, NEW.severity, NEW.gate_id, NEW.pass_id,
           NEW.actor_issuer, NEW.actor_subject, NEW.actor_name)
          IS DISTINCT FROM
          (OLD.id, OLD.at_ms, OLD.org_id, OLD.kind, OLD.severity, OLD.gate_id, OLD.pass_id,
           OLD.actor_issuer, OLD.actor_subject, OLD.actor_name)
    THEN
        RAISE EXCEPTION 'audit_events is append-only; only a recorded erasure rewrites details';
    END IF;
    RETURN NEW;
END;
$$;
DROP TRIGGER audit_events_no_update ON audit_events;
CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_erasure_only();
