package com.holidaylistings.integration.api.property;

import com.holidaylistings.integration.api.auth.AuthenticatedOwner;
import com.holidaylistings.integration.api.auth.RequiredScope;
import com.holidaylistings.integration.api.auth.Scope;
import com.holidaylistings.integration.api.owner.Owners;
import com.holidaylistings.integration.api.web.input.LimitParameter;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** GET /properties for the owner's integration, and the portal's property creation. */
@RestController
class PropertyController {

    private static final LimitParameter LIMIT = new LimitParameter(100);

    private final PropertyRepository properties;
    private final Owners owners;

    PropertyController(PropertyRepository properties, Owners owners) {
        this.properties = properties;
        this.owners = owners;
    }

    @GetMapping("/integration/v1/properties")
    @RequiredScope(Scope.PROPERTIES_READ)
    Map<String, List<Property>> list(AuthenticatedOwner owner, @RequestParam(required = false) String limit) {
        return Map.of("properties", properties.list(owner.ownerId(), LIMIT.parse(limit)));
    }

    @PostMapping("/internal/v1/owners/{ownerId}/properties")
    @ResponseStatus(HttpStatus.CREATED)
    Property create(@PathVariable String ownerId, @RequestBody NewProperty request) {
        request.validate();
        return properties.create(owners.existing(ownerId), request);
    }
}
