-- A challenge is settled once an outcome is stored under its nonce. Settled challenges
-- leave the partial index the unanswered-challenge sweep reads (`unanswered_audited`
-- then means "settled or audited as unanswered"), so the sweep's cost follows the open
-- challenges instead of growing with every admission ever made.
CREATE TRIGGER redemptions_settle_challenge AFTER INSERT ON redemptions
BEGIN
    UPDATE challenges SET unanswered_audited = 1
     WHERE nonce = NEW.nonce AND unanswered_audited = 0;
END;

UPDATE challenges SET unanswered_audited = 1
 WHERE unanswered_audited = 0 AND nonce IN (SELECT nonce FROM redemptions);
