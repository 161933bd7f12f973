-- Portal sessions end after PORTAL_SESSION_IDLE_TIMEOUT (30 minutes) without a request, beside
-- their absolute lifetime (expires_at): each request of the session moves last_seen_at on.
alter table portal_sessions add column last_seen_at timestamptz not null default now();
