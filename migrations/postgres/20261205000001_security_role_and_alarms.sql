-- The security team (issue 32): a `security` role, and alarms handled to the end.
-- Additive: a server of the previous version ignores the new table and column.
--
-- A security key is stored with `role = 'auditor'` and `role_name = 'security'`: the
-- CHECK on `role` predates the role (SQLite cannot change a CHECK without rebuilding the
-- table), and a server of the previous version, which reads only `role`, then treats the
-- key as an auditor (read-only) rather than failing on a name it does not know. This
-- server reads `COALESCE(role_name, role)`.
ALTER TABLE api_keys ADD COLUMN role_name TEXT CHECK (role_name IN ('security'));

-- An alarm is a high-severity audit event: it is open from the moment that event commits,
-- with nothing written beside it. This table holds what people did with it since: a row
-- exists once an alarm was acknowledged, assigned or resolved. `version` counts its
-- changes, so that two officers acting at once on two replicas get one winner (every
-- write is conditional on the version it read). Alarms are never deleted with their
-- pass or gate; they go only with their audit event, past the audit retention.
CREATE TABLE alarms (
    audit_id           BIGINT PRIMARY KEY,
    org_id             UUID NOT NULL REFERENCES orgs (id),
    state              TEXT NOT NULL CHECK (state IN ('open', 'acknowledged', 'resolved')),
    version            BIGINT NOT NULL,
    assignee           TEXT,
    acknowledged_at_ms BIGINT,
    acknowledged_by    TEXT,
    resolved_at_ms     BIGINT,
    resolved_by        TEXT,
    outcome            TEXT CHECK (outcome IN ('confirmed', 'false_alarm', 'duplicate', 'no_action')),
    note               TEXT,
    updated_at_ms      BIGINT NOT NULL
);
CREATE INDEX alarms_org_state ON alarms (org_id, state);

-- The alarm list reads the high-severity events of one organisation, newest first.
CREATE INDEX audit_events_high ON audit_events (org_id, id) WHERE severity = 'high';
