-- Retention (issue 12): the server removes what it no longer needs, through the one path the
-- schema allows.
--
-- The audit log stays append-only for anything younger than 400 days: UPDATE and TRUNCATE
-- stay refused, and DELETE is refused for every event recorded less than 400 days before the
-- database's own clock. So an application role, compromised or not, can shed only history
-- older than the floor; a shorter retention takes a deliberate migration by the DBA.
-- Additive: servers of the previous version never delete and keep working.
DROP TRIGGER audit_events_no_update ON audit_events;
CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();

CREATE FUNCTION audit_events_retention_floor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.at_ms >= (extract(epoch FROM clock_timestamp()) * 1000)::bigint
                    - 400::bigint * 86400000 THEN
        RAISE EXCEPTION 'audit_events is append-only for 400 days';
    END IF;
    RETURN OLD;
END;
$$;
CREATE TRIGGER audit_events_delete_floor BEFORE DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_retention_floor();

-- The retention sweep finds its rows by age rather than scanning whole tables.
CREATE INDEX challenges_expiry ON challenges (expires_at_ms);
CREATE INDEX scan_denials_created ON scan_denials (created_at_ms);
CREATE INDEX audit_events_at ON audit_events (at_ms);
