-- An audit reader passes a missing id only once every transaction that could hold it has
-- ended (`Writers` in tessera_store). For that, a transaction must have its transaction id
-- before it takes an event id: a sequence hands ids out at once, a transaction id comes at
-- the first write, which for an audit-only transaction is this very insert.
CREATE FUNCTION audit_event_id() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM pg_current_xact_id();
    RETURN nextval('audit_events_id_seq');
END
$$;

ALTER TABLE audit_events ALTER COLUMN id SET DEFAULT audit_event_id();
