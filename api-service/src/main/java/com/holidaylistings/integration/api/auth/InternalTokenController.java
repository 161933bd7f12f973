package com.holidaylistings.integration.api.auth;

import com.holidaylistings.integration.api.owner.Owners;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.input.CanonicalUuid;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** The owner portal's token page: create (the value is shown once), list, revoke. */
@RestController
@RequestMapping("/internal/v1/owners/{ownerId}/tokens")
class InternalTokenController {

    private final AccessTokens tokens;
    private final Owners owners;

    InternalTokenController(AccessTokens tokens, Owners owners) {
        this.tokens = tokens;
        this.owners = owners;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    AccessTokens.CreatedToken create(@PathVariable String ownerId, @RequestBody NewToken request) {
        UUID owner = owners.existing(ownerId);
        Set<Scope> scopes = request.validScopes();
        return tokens.create(owner, request.name(), scopes);
    }

    @GetMapping
    Map<String, List<AccessTokens.TokenListing>> list(@PathVariable String ownerId) {
        return Map.of("tokens", tokens.list(owners.existing(ownerId)));
    }

    @DeleteMapping("/{tokenId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void revoke(@PathVariable String ownerId, @PathVariable String tokenId) {
        UUID owner = owners.existing(ownerId);
        UUID token = CanonicalUuid.parse(tokenId).orElseThrow(NotFound::new);
        if (!tokens.revoke(owner, token)) {
            throw new NotFound();
        }
    }
}
