-- Roll calls (issue 32): who is inside when the fire alarm sounds, and who has been seen
-- safe at an assembly point since. Additive: a server of the previous version ignores
-- these tables, and gates that never send `muster_*` frames never touch them.
--
-- A roll call covers a site (`site`), one zone (`zone_id`), or the whole organisation
-- (neither). Its list is taken once, when it starts, into `roll_call_people`: a pass inside
-- a covered zone now, or admitted today at a covered gate without a zone and not seen
-- leaving since. The list holds pass ids only; names are read from the pass, so an
-- erasure of a person's data leaves no copy here.
CREATE TABLE roll_calls (
    id            UUID PRIMARY KEY,
    org_id        UUID NOT NULL REFERENCES orgs (id),
    site          TEXT,
    zone_id       UUID REFERENCES zones (id),
    scope         TEXT NOT NULL,
    started_at_ms BIGINT NOT NULL,
    started_by    TEXT NOT NULL,
    ended_at_ms   BIGINT,
    ended_by      TEXT,
    CHECK (site IS NULL OR zone_id IS NULL)
);
CREATE INDEX roll_calls_org ON roll_calls (org_id, started_at_ms);

-- One row per person on the list. A mark is written once (`marked_at_ms` from NULL), in the
-- transaction of its audit event: by a muster scan (`how = 'scan'`, under the challenge's
-- nonce) or by hand (`how = 'manual'`, under the client's `mark_id`, so a tablet that
-- resends a mark after a reconnect marks nobody twice).
CREATE TABLE roll_call_people (
    roll_call_id  UUID NOT NULL REFERENCES roll_calls (id),
    pass_id       UUID NOT NULL REFERENCES passes (id),
    org_id        UUID NOT NULL REFERENCES orgs (id),
    last_seen     TEXT NOT NULL,
    marked_at_ms  BIGINT,
    marked_by     TEXT,
    marked_where  TEXT,
    how           TEXT CHECK (how IN ('scan', 'manual')),
    mark_id       UUID UNIQUE,
    PRIMARY KEY (roll_call_id, pass_id)
);

-- A muster challenge: as a gate's challenge (TSR1 §5), bound to one pass, one gate device
-- and one scan, but answering it marks the holder safe in a roll call and admits nobody.
-- Its outcome is stored in the same row, so a resent answer gets it back.
CREATE TABLE muster_challenges (
    nonce         BYTEA PRIMARY KEY,
    org_id        UUID NOT NULL REFERENCES orgs (id),
    gate_id       UUID NOT NULL REFERENCES gates (id),
    scan_id       UUID NOT NULL,
    roll_call_id  UUID NOT NULL REFERENCES roll_calls (id),
    pass_id       UUID NOT NULL REFERENCES passes (id),
    code_hash     BYTEA NOT NULL,
    created_at_ms BIGINT NOT NULL,
    expires_at_ms BIGINT NOT NULL,
    wrong_answers BIGINT NOT NULL DEFAULT 0,
    outcome       TEXT CHECK (outcome IN ('safe', 'already_safe')),
    UNIQUE (gate_id, scan_id)
);
