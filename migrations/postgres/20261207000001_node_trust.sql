-- Issue 50: an on-site node can be shut out. A node whose lease an admin reclaimed asks for
-- none again until an admin lets it (`POST /v1/nodes/{id}/resume`): this is when the reclaim
-- happened, cleared by the resume. (Revocation uses `revoked_at_ms`, and the node's key,
-- fixed once sent, `public_key`: both already here.)
ALTER TABLE site_nodes ADD COLUMN lease_blocked_at_ms BIGINT;
