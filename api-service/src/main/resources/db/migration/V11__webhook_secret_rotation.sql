-- Rotation of an owner's webhook signing secret (POST /internal/v1/owners/{ownerId}/webhook-secret/rotate),
-- with an overlap during which receivers may check either secret.
--
-- secret:          the current secret, as before; every delivery is signed with it.
-- previous_secret: the secret that the latest rotation replaced; null if the owner never rotated.
-- rotated_at:      when the latest rotation happened; null if the owner never rotated.
--
-- webhook-dispatcher signs a delivery with secret and, while now() < rotated_at + WEBHOOK_SECRET_OVERLAP
-- (default 24h), also with previous_secret: "webhook-signature: v1,<with secret> v1,<with previous_secret>".
-- After the overlap previous_secret is ignored (it is kept, not erased).
--
-- A rotation sets previous_secret to the secret it replaces, whatever previous_secret held: rotating
-- twice within the overlap leaves the newest two secrets valid and drops the oldest at once (a leaked
-- secret is rotated away for good by rotating twice), and the overlap restarts at the second rotation.
alter table webhook_secrets
    add column previous_secret text,
    add column rotated_at      timestamptz,
    add constraint webhook_secrets_previous_has_rotation check (previous_secret is null or rotated_at is not null);
