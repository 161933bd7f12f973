package com.holidaylistings.integration.dispatcher.fanout;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Who receives an event on a property: the owner's live, unpaused subscriptions for all properties
 * or this one that existed when the enquiry was submitted (an event read again later, e.g. by a
 * new consumer group, does not go to subscriptions made since).
 */
@Repository
class Subscribers {

    private final JdbcClient jdbc;

    Subscribers(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<UUID> of(UUID propertyId, Instant submittedAt) {
        return jdbc.sql("""
                        select s.id from webhook_subscriptions s join properties p on p.owner_id = s.owner_id
                         where p.id = :property and s.unsubscribed_at is null and not s.paused
                           and (s.property_id is null or s.property_id = :property)
                           and s.created_at <= :submittedAt
                        """)
                .param("property", propertyId)
                .param("submittedAt", OffsetDateTime.ofInstant(submittedAt, ZoneOffset.UTC))
                .query(UUID.class)
                .list();
    }
}
