-- The audit log cannot be emptied: the row triggers of the initial schema refuse UPDATE and
-- DELETE, and TRUNCATE (which fires no row trigger) is refused by a statement trigger.
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
