package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.owner.Owners;
import java.time.Instant;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;
import org.springframework.web.util.UriComponentsBuilder;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/** The listing site's back end asks for a one-time link that opens the portal for one owner. */
@RestController
class PortalSessionController {

    private final Owners owners;
    private final PortalSessions sessions;
    private final PortalProperties settings;

    PortalSessionController(Owners owners, PortalSessions sessions, PortalProperties settings) {
        this.owners = owners;
        this.sessions = sessions;
        this.settings = settings;
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record PortalLink(String url, Instant expiresAt) {}

    @PostMapping("/internal/v1/owners/{ownerId}/portal-sessions")
    @ResponseStatus(HttpStatus.CREATED)
    PortalLink create(@PathVariable String ownerId) {
        UUID owner = owners.existing(ownerId);
        sessions.purgeExpired();
        PortalSessions.Link link = sessions.issueLink(owner);
        String url = base().path(PortalEntryController.OPEN_PATH)
                .queryParam("token", link.token())
                .toUriString();
        return new PortalLink(url, link.expiresAt());
    }

    private UriComponentsBuilder base() {
        return settings.baseUrl().isBlank()
                ? ServletUriComponentsBuilder.fromCurrentContextPath()
                : UriComponentsBuilder.fromUriString(settings.baseUrl().replaceAll("/+$", ""));
    }
}
