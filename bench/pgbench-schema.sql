-- Tables of the same shape as Tessera's passes and redemptions, for pgbench's redemption-only
-- baseline (bench/pgbench-redemption.sql). Loaded by bench/run.sh and bench/compare.sh.
CREATE TABLE passes (id BIGINT PRIMARY KEY, uses BIGINT NOT NULL DEFAULT 0, max_uses BIGINT NOT NULL);
INSERT INTO passes (id, max_uses) SELECT g, 1000000000 FROM generate_series(1, 200000) g;
CREATE TABLE redemptions (nonce BYTEA PRIMARY KEY, pass_id BIGINT NOT NULL, counter BIGINT NOT NULL,
    outcome TEXT NOT NULL, created_at_ms BIGINT NOT NULL);
CREATE UNIQUE INDEX ON redemptions (pass_id, counter) WHERE outcome = 'admitted';
CREATE SEQUENCE step;
VACUUM ANALYZE;
