package com.holidaylistings.integration.api.deadletter;

import com.holidaylistings.integration.api.web.filter.RequestIdFilter;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /internal/v1/dead-letters/replay}: operators ask for the abandoned deliveries again,
 * of one owner, one hook, since a time, or all of them (an empty object). Answers 202
 * {@code {"queued": n}}; webhook-dispatcher sends them within about a second.
 */
@RestController
class DeadLetterController {

    record Queued(int queued) {}

    private final DeadLetters deadLetters;

    DeadLetterController(DeadLetters deadLetters) {
        this.deadLetters = deadLetters;
    }

    @PostMapping("/internal/v1/dead-letters/replay")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Queued replay(@RequestBody Map<String, Object> body) {
        return new Queued(deadLetters.replay(ReplayRequest.of(body), RequestIdFilter.current()));
    }
}
