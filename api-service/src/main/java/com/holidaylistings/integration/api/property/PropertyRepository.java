package com.holidaylistings.integration.api.property;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.web.error.Conflict;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The owners' properties. */
@Repository
public class PropertyRepository {

    private static final RowMapper<Property> PROPERTY = (rs, n) -> new Property(
            rs.getObject("id", UUID.class),
            rs.getString("title"),
            rs.getString("status"),
            rs.getString("location"),
            rs.getString("url_slug"),
            rs.getString("unique_code"));

    private final JdbcClient jdbc;

    PropertyRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A new property of the owner's, as given (validated by the caller): the internal API's, and the intake's rehearsal's. */
    public Property create(UUID ownerId, NewProperty property) {
        UUID id = TimeOrderedUuid.next();
        try {
            return jdbc.sql("""
                            insert into properties (id, owner_id, title, location, url_slug, unique_code, status)
                            values (:id, :owner, :title, :location, :slug, :code, :status)
                            returning id, title, status, location, url_slug, unique_code
                            """)
                    .param("id", id)
                    .param("owner", ownerId)
                    .param("title", property.title())
                    .param("location", property.location())
                    .param("slug", property.urlSlug())
                    .param("code", property.uniqueCode())
                    .param("status", property.statusOrDefault())
                    .query(PROPERTY)
                    .single();
        } catch (DuplicateKeyException e) {
            throw new Conflict("A property with this url_slug or unique_code already exists");
        }
    }

    /** The owner's properties in a stable order: creation time, then id. */
    List<Property> list(UUID ownerId, int limit) {
        return jdbc.sql("""
                        select id, title, status, location, url_slug, unique_code
                          from properties where owner_id = :owner
                         order by created_at, id
                         limit :limit
                        """)
                .param("owner", ownerId)
                .param("limit", limit)
                .query(PROPERTY)
                .list();
    }

    /** Whether the property exists and belongs to the owner. */
    public boolean isOwnedBy(UUID propertyId, UUID ownerId) {
        return jdbc.sql("select exists (select 1 from properties where id = :id and owner_id = :owner)")
                .param("id", propertyId)
                .param("owner", ownerId)
                .query(Boolean.class)
                .single();
    }

    /** A property that can receive enquiries, with what the enquiry event needs of it and its owner. */
    public Optional<EnquirableProperty> enquirable(UUID propertyId) {
        return jdbc.sql("""
                        select p.id, p.owner_id, p.title, p.url_slug, o.email
                          from properties p join owners o on o.id = p.owner_id
                         where p.id = :id and p.status = 'active'
                        """)
                .param("id", propertyId)
                .query((rs, n) -> new EnquirableProperty(
                        rs.getObject("id", UUID.class),
                        rs.getObject("owner_id", UUID.class),
                        rs.getString("title"),
                        rs.getString("url_slug"),
                        rs.getString("email")))
                .optional();
    }

    public record EnquirableProperty(UUID id, UUID ownerId, String title, String urlSlug, String ownerEmail) {}
}
