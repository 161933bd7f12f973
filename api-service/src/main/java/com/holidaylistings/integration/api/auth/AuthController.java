package com.holidaylistings.integration.api.auth;

import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** GET /auth: checks a token and tells whose it is. Needs no scope. */
@RestController
class AuthController {

    record Owner(UUID id, String email) {}

    @GetMapping("/integration/v1/auth")
    Owner auth(AuthenticatedOwner owner) {
        return new Owner(owner.ownerId(), owner.email());
    }
}
