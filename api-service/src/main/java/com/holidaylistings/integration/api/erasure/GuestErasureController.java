package com.holidaylistings.integration.api.erasure;

import java.util.Map;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /internal/v1/guests/erasures}: the listing site asks for a guest to be erased, by their
 * e-mail address. Answers 200 {@code {"enquiries": n}}, the enquiries erased now: a repeat finds none
 * left to erase and answers 0.
 */
@RestController
class GuestErasureController {

    record Erased(int enquiries) {}

    private final GuestErasure erasure;

    GuestErasureController(GuestErasure erasure) {
        this.erasure = erasure;
    }

    @PostMapping("/internal/v1/guests/erasures")
    Erased erase(@RequestBody Map<String, Object> body) {
        return new Erased(erasure.erase(GuestEmail.of(body)));
    }
}
