-- Personal data on request and by retention (issue 32, GDPR Articles 15 and 17). Additive:
-- a server of the previous version ignores the new tables and columns, and erases nothing.
-- The PostgreSQL migration of the same name says what each part is for.
CREATE TABLE erasures (
    id          BLOB PRIMARY KEY,
    org_id      BLOB NOT NULL REFERENCES orgs (id),
    at_ms       BIGINT NOT NULL,
    by_name     TEXT NOT NULL,
    classes     TEXT NOT NULL,
    cause       TEXT NOT NULL CHECK (cause IN ('request', 'retention')),
    pseudonym   TEXT NOT NULL
);
CREATE INDEX erasures_org ON erasures (org_id, at_ms);

ALTER TABLE passes ADD COLUMN erased_classes TEXT;
CREATE INDEX passes_expiry ON passes (valid_until_ms);

CREATE TABLE privacy_settings (
    org_id        BLOB PRIMARY KEY REFERENCES orgs (id),
    retention     TEXT NOT NULL,
    updated_at_ms BIGINT NOT NULL
);

-- Append-only but for a recorded erasure, which may change `details` alone.
ALTER TABLE audit_events ADD COLUMN erasure_id BLOB;
DROP TRIGGER audit_events_no_update;
CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
WHEN NEW.erasure_id IS NULL
  OR NEW.erasure_id IS OLD.erasure_id
  OR NOT EXISTS (SELECT 1 FROM erasures e WHERE e.id = NEW.erasure_id AND e.org_id IS OLD.org_id)
  OR NEW.id IS NOT OLD.id OR NEW.at_ms IS NOT OLD.at_ms OR NEW.org_id IS NOT OLD.org_id
  OR NEW.kind IS NOT OLD.kind OR NEW.severity IS NOT OLD.severity
  OR NEW.gate_id IS NOT OLD.gate_id OR NEW.pass_id IS NOT OLD.pass_id
  OR NEW.actor_issuer IS NOT OLD.actor_issuer OR NEW.actor_subject IS NOT OLD.actor_subject
  OR NEW.actor_name IS NOT OLD.actor_name
BEGIN
    SELECT RAISE(ABORT, 'audit_events is append-only; only a recorded erasure rewrites details');
END;
