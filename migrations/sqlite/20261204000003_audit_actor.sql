-- The audit log names people (issue 30): a staff action taken in a session made through
-- the organisation's identity provider records the person (issuer, subject, display name)
-- beside the key id its details already carry. Additive: all three are NULL for keys,
-- gates, visitors and the server itself, and for every event written before.
ALTER TABLE audit_events ADD COLUMN actor_issuer TEXT;
ALTER TABLE audit_events ADD COLUMN actor_subject TEXT;
ALTER TABLE audit_events ADD COLUMN actor_name TEXT;
