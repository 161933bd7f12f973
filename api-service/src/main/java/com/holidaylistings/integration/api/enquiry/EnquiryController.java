package com.holidaylistings.integration.api.enquiry;

import com.holidaylistings.integration.api.auth.AuthenticatedOwner;
import com.holidaylistings.integration.api.auth.RequiredScope;
import com.holidaylistings.integration.api.auth.Scope;
import com.holidaylistings.integration.api.idempotency.IdempotencyKey;
import com.holidaylistings.integration.api.warmup.WarmUpRequests;
import com.holidaylistings.integration.api.web.error.InvalidBodyMessage;
import com.holidaylistings.integration.api.web.input.CanonicalUuid;
import com.holidaylistings.integration.api.web.input.FieldErrors;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The owner's enquiries (list, one, status change) and the listing site's intake of new ones. */
@RestController
class EnquiryController {

    private final Enquiries enquiries;
    private final EnquiryIntake intake;
    private final IntakeRehearsal rehearsal;
    private final WarmUpRequests warmUp;

    EnquiryController(Enquiries enquiries, EnquiryIntake intake, IntakeRehearsal rehearsal, WarmUpRequests warmUp) {
        this.enquiries = enquiries;
        this.intake = intake;
        this.rehearsal = rehearsal;
        this.warmUp = warmUp;
    }

    static final String REPLAYED_HEADER = "Idempotent-Replayed";

    record StatusChange(String status) {}

    @GetMapping("/integration/v1/enquiries")
    @RequiredScope(Scope.ENQUIRIES_READ)
    Map<String, List<Enquiry>> list(
            AuthenticatedOwner owner,
            @RequestParam(required = false) String limit,
            @RequestParam(name = "property_id", required = false) String propertyId,
            @RequestParam(required = false) String status,
            @RequestParam(required = false) String since) {
        EnquirySearch search = EnquirySearch.parse(limit, propertyId, status, since);
        return Map.of("enquiries", enquiries.search(owner.ownerId(), search));
    }

    @GetMapping("/integration/v1/enquiries/{id}")
    @RequiredScope(Scope.ENQUIRIES_READ)
    Map<String, Enquiry> get(AuthenticatedOwner owner, @PathVariable String id) {
        return Map.of("enquiry", enquiries.find(owner.ownerId(), enquiryId(id)).orElseThrow(EnquiryNotFound::new));
    }

    @PatchMapping("/integration/v1/enquiries/{id}")
    @RequiredScope(Scope.ENQUIRIES_WRITE)
    @InvalidBodyMessage("Invalid enquiry update")
    Map<String, Enquiry.Summary> changeStatus(
            AuthenticatedOwner owner, @PathVariable String id, @RequestBody StatusChange change) {
        UUID enquiryId = enquiryId(id);
        FieldErrors errors = new FieldErrors();
        if (errors.required("status", change.status())) {
            errors.oneOf("status", change.status(), EnquiryStatus.VALUES);
        }
        errors.throwIfAny();
        Enquiry updated = enquiries
                .updateStatus(owner.ownerId(), enquiryId, change.status())
                .orElseThrow(EnquiryNotFound::new);
        return Map.of("enquiry", updated.summary());
    }

    /**
     * The listing site's intake; a retry with the same {@code Idempotency-Key} gets the first answer
     * again. The replica's own warm-up requests are rehearsed: run in full, then rolled back.
     */
    @PostMapping("/internal/v1/enquiries")
    ResponseEntity<String> submit(@RequestBody NewEnquiry submission, HttpServletRequest request) {
        Optional<IdempotencyKey> key =
                IdempotencyKey.fromHeader(Collections.list(request.getHeaders(IdempotencyKey.HEADER)));
        EnquiryIntake.Answer answer =
                warmUp.isWarmUp(request) ? rehearsal.rehearse(submission, key) : intake.submit(submission, key);
        ResponseEntity.BodyBuilder response =
                ResponseEntity.status(answer.status()).contentType(MediaType.APPLICATION_JSON);
        if (answer.replayed()) {
            response.header(REPLAYED_HEADER, "true");
        }
        return response.body(answer.body());
    }

    private static UUID enquiryId(String id) {
        return CanonicalUuid.parse(id).orElseThrow(EnquiryNotFound::new);
    }
}
