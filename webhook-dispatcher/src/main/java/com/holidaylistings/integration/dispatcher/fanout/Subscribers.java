package com.holidaylistings.integration.dispatcher.fanout;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Who receives an event on a property: the owner's live, unpaused subscriptions for all properties
 * or this one that existed when the enquiry was submitted (an event read again later, e.g. by a
 * new consumer group, does not go to subscriptions made since). One query answers for all the
 * properties of a batch of events.
 */
@Repository
class Subscribers {

    /** A live subscription of a property's owner: to all its properties (propertyId null) or one. */
    record Candidate(UUID id, UUID propertyId, Instant createdAt) {

        boolean receives(UUID property, Instant submittedAt) {
            return (propertyId == null || propertyId.equals(property)) && !createdAt.isAfter(submittedAt);
        }
    }

    private final JdbcClient jdbc;

    Subscribers(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The live, unpaused subscriptions that may receive events on each of {@code properties}. */
    Map<UUID, List<Candidate>> candidates(Collection<UUID> properties) {
        Map<UUID, List<Candidate>> byProperty = new HashMap<>();
        properties.forEach(property -> byProperty.put(property, new ArrayList<>()));
        jdbc.sql("""
                        select p.id as event_property, s.id, s.property_id, s.created_at
                          from properties p join webhook_subscriptions s on s.owner_id = p.owner_id
                         where p.id = any(:properties) and s.unsubscribed_at is null and not s.paused
                           and (s.property_id is null or s.property_id = p.id)
                        """)
                .param("properties", properties.toArray(UUID[]::new))
                .query((rs, n) -> {
                    byProperty.get(rs.getObject("event_property", UUID.class)).add(new Candidate(
                            rs.getObject("id", UUID.class),
                            rs.getObject("property_id", UUID.class),
                            rs.getTimestamp("created_at").toInstant()));
                    return null;
                })
                .list();
        return byProperty;
    }
}
