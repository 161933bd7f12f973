package com.holidaylistings.integration.dispatcher.fanout;

import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The live, unpaused subscriptions that may receive events on a property: its owner's, to all its
 * properties or to this one. Live by their rows and by what the dispatcher itself found out about them
 * (its {@code subscription_health} row): a hook found gone, or disabled and not resumed since, receives
 * nothing from the moment that was stored, before api-service has applied it to the subscription. Which of them receives a given event is their {@link SubscriptionFilter}'s
 * decision. One query answers for all the properties of a batch of events.
 */
@Repository
class LiveSubscriptions {

    /** A live subscription and the events it receives. */
    record LiveSubscription(SubscriptionId id, OwnerId owner, SubscriptionFilter filter) {}

    private final JdbcClient jdbc;

    LiveSubscriptions(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** For each of {@code properties}, the live, unpaused subscriptions that may receive its events. */
    Map<UUID, List<LiveSubscription>> byProperty(Collection<UUID> properties) {
        Map<UUID, List<LiveSubscription>> byProperty = new HashMap<>();
        properties.forEach(property -> byProperty.put(property, new ArrayList<>()));
        jdbc.sql("""
                        select p.id as event_property, s.id, s.owner_id, s.property_id, s.created_at
                          from properties p join webhook_subscriptions s on s.owner_id = p.owner_id
                          left join lateral (select h.gone_at, h.disabled_at from subscription_health h
                                              where h.subscription_id = s.id offset 0) h on true
                         where p.id = any(:properties) and s.unsubscribed_at is null and not s.paused
                           and (s.property_id is null or s.property_id = p.id)
                           and h.gone_at is null and (h.disabled_at is null or h.disabled_at < s.resumed_at)
                        """)
                .param("properties", properties.toArray(UUID[]::new))
                .query((rs, n) -> {
                    byProperty
                            .get(rs.getObject("event_property", UUID.class))
                            .add(new LiveSubscription(
                                    SubscriptionId.of(rs.getObject("id", UUID.class)),
                                    OwnerId.of(rs.getObject("owner_id", UUID.class)),
                                    new SubscriptionFilter(
                                            rs.getObject("property_id", UUID.class),
                                            rs.getTimestamp("created_at").toInstant())));
                    return null;
                })
                .list();
        return byProperty;
    }
}
