-- Retention (issue 12): the server removes what it no longer needs, through the one path the
-- schema allows.
--
-- The audit log stays append-only for anything younger than 400 days: UPDATE and REPLACE
-- stay refused, and DELETE is refused for every event recorded less than 400 days before the
-- database's own clock. So an application, compromised or not, can shed only history older
-- than the floor; a shorter retention takes a deliberate migration by the operator.
-- Additive: servers of the previous version never delete and keep working.
DROP TRIGGER audit_events_no_delete;
CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
WHEN OLD.at_ms >= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
                  - 400 * 86400000
BEGIN
    SELECT RAISE(ABORT, 'audit_events is append-only for 400 days');
END;

-- The retention sweep finds its rows by age rather than scanning whole tables.
CREATE INDEX challenges_expiry ON challenges (expires_at_ms);
CREATE INDEX scan_denials_created ON scan_denials (created_at_ms);
CREATE INDEX audit_events_at ON audit_events (at_ms);
