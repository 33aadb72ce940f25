-- The physical minimum of one admission on PostgreSQL: a row under a unique nonce plus the
-- conditional use of the pass, one synchronous COMMIT (what Tessera's redemption does,
-- without its reads, audit row and foreign keys).
\set pid random(1, 200000)
BEGIN;
INSERT INTO redemptions (nonce, pass_id, counter, outcome, created_at_ms)
    VALUES (decode(md5(random()::text) || md5(random()::text), 'hex'), :pid, nextval('step'), 'admitted', 0);
UPDATE passes SET uses = uses + 1 WHERE id = :pid AND uses < max_uses;
COMMIT;
