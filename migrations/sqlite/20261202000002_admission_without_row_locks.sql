-- The settle trigger goes (issue 11; the PostgreSQL migration of the same name says why
-- there): the unanswered-challenge sweep now settles every expired challenge in bulk and
-- audits only those without an outcome, on both backends alike. SQLite's foreign keys
-- take no row locks, so they stay.
DROP TRIGGER redemptions_settle_challenge;
