-- The admission path without row locks on shared rows (issue 11, docs/performance.md,
-- "Foreign keys, the settle trigger and generic plans").
--
-- A foreign-key check on PostgreSQL locks the row it finds (`FOR KEY SHARE`), and a row
-- lock is a write: it dirties the page and goes to the WAL. Every challenge and every
-- stored outcome locked its tenant's one `orgs` row, its gate's row and its pass's row,
-- so all admissions of a venue queued on the same few buffers; and the settle trigger ran
-- a PL/pgSQL UPDATE of the challenge inside every admission statement. A run at 32 gates
-- was about 1.5 times as fast with them gone.
--
-- What stays true without them:
-- - `redemptions.nonce` still references its challenge (one unshared row).
-- - Nothing deletes an organisation, a gate or a pass (revocation sets a column), and
--   retention removes outcomes before their challenges.
-- - Every statement that stores a challenge takes its org, gate and pass from rows it
--   has just read (the authenticated gate, the scanned pass); every statement that
--   stores an outcome copies them from the challenge it matched. The conformance suite
--   checks this on both backends after its race and settle tests
--   (`Db::hot_rows_are_consistent`).
-- - The unanswered-challenge sweep now settles every expired challenge in bulk, off the
--   admission path, and audits only those without an outcome; so its partial index still
--   holds only challenges that are open or expired within the last sweeps.
--
-- Not additive in effect for servers of the previous version: their sweep skips answered
-- challenges, which now stay in the partial index until a current server's sweep settles
-- them. Their results stay correct; their sweep reads more while both versions run.
ALTER TABLE challenges
    DROP CONSTRAINT challenges_org_id_fkey,
    DROP CONSTRAINT challenges_gate_id_fkey,
    DROP CONSTRAINT challenges_pass_id_fkey;
ALTER TABLE redemptions
    DROP CONSTRAINT redemptions_org_id_fkey,
    DROP CONSTRAINT redemptions_gate_id_fkey,
    DROP CONSTRAINT redemptions_pass_id_fkey;
DROP TRIGGER redemptions_settle_challenge ON redemptions;
DROP FUNCTION redemptions_settle_challenge();
