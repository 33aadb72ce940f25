-- Walk-ins on roll calls (issue 32): a visitor a host approved at a gate has no pass, but
-- is inside all the same, so a roll call lists them too. Additive: a server of the previous
-- version ignores this table.
--
-- When a roll call starts, the walk-ins approved since the start of the day (UTC, at least
-- twelve hours back) at a gate it covers are listed here, by walk-in id only: the name is
-- read from the walk-in, so an erasure of a person's data leaves no copy here. A walk-in
-- has no wallet, so they are marked by hand only (`how = 'manual'`), once, under the
-- client's `mark_id`, as in `roll_call_people`.
CREATE TABLE roll_call_walk_ins (
    roll_call_id  UUID NOT NULL REFERENCES roll_calls (id),
    walk_in_id    UUID NOT NULL REFERENCES walk_ins (id),
    org_id        UUID NOT NULL REFERENCES orgs (id),
    last_seen     TEXT NOT NULL,
    marked_at_ms  BIGINT,
    marked_by     TEXT,
    marked_where  TEXT,
    how           TEXT CHECK (how = 'manual'),
    mark_id       UUID UNIQUE,
    PRIMARY KEY (roll_call_id, walk_in_id)
);
