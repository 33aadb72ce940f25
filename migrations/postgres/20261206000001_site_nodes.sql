-- Issue 35: an on-site node that keeps a venue admitting when its uplink dies.
--
-- On the central server: the venue's nodes (a credential each, like a gate's), the leases
-- that delegate a site's passes to one of them, a change log of the passes that belong to a
-- site (one row per pass, moved to the end of the log by every write: the node's sync-down
-- cursor), the admissions a node decided (exactly once, by nonce), and, on the audit log,
-- where an event came from when a node shipped it (exactly once, by the node's own id).
-- On the node: its one row of state (its lease, its cursors) and its passes' keys, sealed.

CREATE TABLE site_nodes (
    id            UUID PRIMARY KEY,
    org_id        UUID NOT NULL REFERENCES orgs (id),
    site          TEXT NOT NULL,
    label         TEXT NOT NULL,
    token_hash    BYTEA NOT NULL UNIQUE,
    public_key    BYTEA,
    created_at_ms BIGINT NOT NULL,
    revoked_at_ms BIGINT,
    last_seen_ms  BIGINT,
    down_seq      BIGINT NOT NULL DEFAULT 0,
    up_through_ms BIGINT,
    up_lag_ms     BIGINT
);
CREATE INDEX site_nodes_org ON site_nodes (org_id, site);

CREATE TABLE site_leases (
    id            UUID PRIMARY KEY,
    org_id        UUID NOT NULL REFERENCES orgs (id),
    site          TEXT NOT NULL,
    node_id       UUID NOT NULL REFERENCES site_nodes (id),
    granted_at_ms BIGINT NOT NULL,
    valid_from_ms BIGINT NOT NULL,
    expires_at_ms BIGINT NOT NULL,
    ended_at_ms   BIGINT,
    end_reason    TEXT CHECK (end_reason IN ('returned', 'reclaimed'))
);
-- At most one held lease per site: the database refuses a second holder.
CREATE UNIQUE INDEX site_leases_held ON site_leases (org_id, site) WHERE ended_at_ms IS NULL;

-- `tx`: the writing transaction's id. A transaction takes its `seq` before it commits, so a
-- reader may pass a `seq` whose row is not visible yet; its next round re-reads the rows
-- of every transaction that was still running then (`tx` at or past that read's xmin).
CREATE TABLE pass_changes (
    pass_id UUID PRIMARY KEY,
    seq     BIGINT NOT NULL,
    at_ms   BIGINT NOT NULL,
    tx      BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX pass_changes_seq ON pass_changes (seq);
CREATE INDEX pass_changes_tx ON pass_changes (tx);

CREATE SEQUENCE pass_change_seq;
-- Moves a site's pass to the end of the log.
CREATE FUNCTION note_change_of(changed UUID) RETURNS void LANGUAGE sql AS $$
    INSERT INTO pass_changes (pass_id, seq, at_ms, tx)
    VALUES (changed, nextval('pass_change_seq'),
            (extract(epoch FROM clock_timestamp()) * 1000)::bigint,
            pg_current_xact_id()::text::bigint)
    ON CONFLICT (pass_id) DO UPDATE SET seq = excluded.seq, at_ms = excluded.at_ms,
        tx = excluded.tx;
$$;
CREATE FUNCTION note_pass_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_change_of(NEW.id);
    RETURN NULL;
END
$$;
CREATE TRIGGER passes_changed AFTER INSERT OR UPDATE ON passes
    FOR EACH ROW WHEN (NEW.site IS NOT NULL) EXECUTE FUNCTION note_pass_change();
-- A pass's standing in a zone travels with the pass: a move is a change of the pass.
CREATE FUNCTION note_presence_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM passes WHERE id = NEW.pass_id AND site IS NOT NULL) THEN
        PERFORM note_change_of(NEW.pass_id);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER zone_presence_changed AFTER INSERT OR UPDATE ON zone_presence
    FOR EACH ROW EXECUTE FUNCTION note_presence_change();

CREATE TABLE site_admissions (
    nonce          BYTEA PRIMARY KEY,
    node_id        UUID NOT NULL REFERENCES site_nodes (id),
    org_id         UUID NOT NULL REFERENCES orgs (id),
    pass_id        UUID NOT NULL,
    gate_id        UUID NOT NULL,
    scan_id        UUID NOT NULL,
    counter        BIGINT NOT NULL,
    outcome        TEXT NOT NULL CHECK (outcome IN ('admitted', 'already_admitted', 'denied')),
    decided_at_ms  BIGINT NOT NULL,
    ingested_at_ms BIGINT NOT NULL
);
CREATE INDEX site_admissions_pass ON site_admissions (pass_id);

-- One sync-up at a time writes the audit log, so that the ids it takes are never passed
-- over by a reader while another one's are still uncommitted (`flows::hub`).
CREATE TABLE site_sync_turn (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    turns BIGINT NOT NULL
);
INSERT INTO site_sync_turn (id, turns) VALUES (1, 0);

ALTER TABLE audit_events ADD COLUMN origin_node_id UUID;
ALTER TABLE audit_events ADD COLUMN origin_id BIGINT;
CREATE UNIQUE INDEX audit_events_origin ON audit_events (origin_node_id, origin_id)
    WHERE origin_node_id IS NOT NULL;

CREATE TABLE node_state (
    id                  INTEGER PRIMARY KEY CHECK (id = 1),
    node_id             UUID NOT NULL,
    org_id              UUID NOT NULL,
    site                TEXT NOT NULL,
    lease_id            UUID,
    lease_granted_at_ms BIGINT,
    lease_valid_from_ms BIGINT,
    lease_expires_at_ms BIGINT,
    lease_signature     TEXT,
    extended_until_ms   BIGINT,
    down_seq            BIGINT NOT NULL DEFAULT 0,
    down_as_of_ms       BIGINT,
    down_horizon        BIGINT,
    up_cursor           BIGINT NOT NULL DEFAULT 0,
    return_requested_ms BIGINT,
    updated_at_ms       BIGINT NOT NULL
);

CREATE TABLE node_pass_keys (
    pass_id           UUID PRIMARY KEY,
    wallet_public_key BYTEA NOT NULL,
    sealed            TEXT NOT NULL
);
