-- A challenge is settled once an outcome is stored under its nonce. Settled challenges
-- leave the partial index the unanswered-challenge sweep reads (`unanswered_audited`
-- then means "settled or audited as unanswered"), so the sweep's cost follows the open
-- challenges instead of growing with every admission ever made. Additive: servers of
-- the previous version keep working against this schema.
CREATE FUNCTION redemptions_settle_challenge() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE challenges SET unanswered_audited = TRUE
     WHERE nonce = NEW.nonce AND unanswered_audited = FALSE;
    RETURN NEW;
END;
$$;
CREATE TRIGGER redemptions_settle_challenge AFTER INSERT ON redemptions
    FOR EACH ROW EXECUTE FUNCTION redemptions_settle_challenge();

UPDATE challenges SET unanswered_audited = TRUE
 WHERE unanswered_audited = FALSE AND nonce IN (SELECT nonce FROM redemptions);
