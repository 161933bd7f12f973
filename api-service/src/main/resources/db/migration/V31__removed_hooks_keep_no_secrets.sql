-- A removed hook (deleted by its integration, or unsubscribed by its receiver's 410) keeps nothing secret:
-- its own signing secret (hook_secrets) and its custom headers (hook_headers, credentials of the receiving
-- system) are deleted when it is removed, whichever statement removes it (hook.HookRepository.remove,
-- hookfindings.HookFindings). A removed hook is never resumed: subscribing again makes a new hook, which
-- signs with its owner's secret and has no headers.
create function forget_removed_hook() returns trigger language plpgsql as $$
begin
    delete from hook_headers where subscription_id = new.id;
    delete from hook_secrets where subscription_id = new.id;
    return null;
end
$$;

create trigger removed_hook_forgotten after update of unsubscribed_at on webhook_subscriptions
    for each row when (old.unsubscribed_at is null and new.unsubscribed_at is not null)
    execute function forget_removed_hook();

-- the hooks removed before this migration
delete from hook_headers h using webhook_subscriptions s where s.id = h.subscription_id and s.unsubscribed_at is not null;
delete from hook_secrets h using webhook_subscriptions s where s.id = h.subscription_id and s.unsubscribed_at is not null;
