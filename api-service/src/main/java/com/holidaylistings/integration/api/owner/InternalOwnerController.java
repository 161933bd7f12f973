package com.holidaylistings.integration.api.owner;

import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.input.FieldErrors;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Owner accounts for the portal, and the secret that signs their webhooks. */
@RestController
class InternalOwnerController {

    private final Owners owners;
    private final SigningSecrets secrets;

    InternalOwnerController(Owners owners, SigningSecrets secrets) {
        this.owners = owners;
        this.secrets = secrets;
    }

    record NewOwner(String email) {}

    @PostMapping("/internal/v1/owners")
    @ResponseStatus(HttpStatus.CREATED)
    Owners.Owner create(@RequestBody NewOwner request) {
        FieldErrors errors = new FieldErrors();
        errors.requiredEmail("email", request.email());
        errors.throwIfAny();
        return owners.create(request.email());
    }

    @GetMapping("/internal/v1/owners/{ownerId}/webhook-secret")
    Map<String, String> webhookSecret(@PathVariable String ownerId) {
        String secret = secrets.ofOwner(owners.existing(ownerId)).orElseThrow(NotFound::new);
        return Map.of("secret", secret);
    }

    /** A new signing secret; the replaced one keeps signing beside it for WEBHOOK_SECRET_OVERLAP. */
    @PostMapping("/internal/v1/owners/{ownerId}/webhook-secret/rotate")
    Map<String, String> rotateWebhookSecret(@PathVariable String ownerId) {
        return Map.of("secret", secrets.rotateForOwner(owners.existing(ownerId)));
    }
}
