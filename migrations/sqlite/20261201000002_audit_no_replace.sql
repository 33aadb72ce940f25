-- The audit log cannot be rewritten: `INSERT OR REPLACE` (and `REPLACE`) would delete the
-- existing event and insert another under its id without firing the DELETE trigger, so an
-- insert that names an id already present is refused before it happens.
CREATE TRIGGER audit_events_no_replace BEFORE INSERT ON audit_events
WHEN EXISTS (SELECT 1 FROM audit_events WHERE id = NEW.id)
BEGIN
    SELECT RAISE(ABORT, 'audit_events is append-only');
END;
