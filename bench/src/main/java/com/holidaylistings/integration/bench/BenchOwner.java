package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.stack.Api;
import com.holidaylistings.integration.stack.Owner;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;

/**
 * An owner made for one benchmark run, with its subscriptions to a bench receiver. Its calls to the
 * Integration API change tokens every {@link #CALLS_PER_TOKEN} calls, so that an owner with a
 * hundred subscriptions stays under a token's rate limit (100 a minute by default) while it
 * subscribes and unsubscribes them.
 */
final class BenchOwner {

    static final int CALLS_PER_TOKEN = 90;

    private Owner owner;
    private int callsWithToken;
    private final UnaryOperator<String> urlOf;
    private final Map<String, UUID> hooks = new LinkedHashMap<>();
    private final Map<String, UUID> propertyFilters = new LinkedHashMap<>();

    private BenchOwner(Owner owner, UnaryOperator<String> urlOf) {
        this.owner = owner;
        this.urlOf = urlOf;
    }

    static BenchOwner create(String label, WebhookReceiver receiver) throws IOException {
        return withTargets(label, path -> receiver.url(path));
    }

    /** An owner whose subscriptions' paths become target URLs through {@code urlOf}. */
    static BenchOwner withTargets(String label, UnaryOperator<String> urlOf) throws IOException {
        return new BenchOwner(Owner.create(label), urlOf);
    }

    /** Subscribes the receiver's {@code path} to all the owner's properties. */
    UUID subscribe(String path) throws IOException {
        UUID hook =
                UUID.fromString(caller().subscribe(urlOf.apply(path)).get("id").asString());
        hooks.put(path, hook);
        return hook;
    }

    /** Subscribes the receiver's {@code path} to one property. */
    UUID subscribe(String path, UUID property) throws IOException {
        UUID hook = UUID.fromString(
                caller().subscribe(urlOf.apply(path), property).get("id").asString());
        hooks.put(path, hook);
        propertyFilters.put(path, property);
        return hook;
    }

    UUID addProperty() throws IOException {
        return owner.addProperty("bench");
    }

    EnquiryLoad.Target target() {
        return new EnquiryLoad.Target(owner.id(), owner.propertyId());
    }

    EnquiryLoad.Target target(UUID property) {
        return new EnquiryLoad.Target(owner.id(), property);
    }

    /** The subscriptions whose path starts with {@code prefix}, by path. */
    Map<String, UUID> hooks(String prefix) {
        Map<String, UUID> matching = new LinkedHashMap<>();
        hooks.forEach((path, hook) -> {
            if (path.startsWith(prefix)) {
                matching.put(path, hook);
            }
        });
        return matching;
    }

    /** Removes every subscription, so that no later run reaches this receiver's port. */
    void unsubscribeAll() throws IOException {
        for (String path : hooks.keySet()) {
            UUID property = propertyFilters.get(path);
            if (property == null) {
                caller().unsubscribe(urlOf.apply(path));
            } else {
                caller().unsubscribe(urlOf.apply(path), property);
            }
        }
        hooks.clear();
        propertyFilters.clear();
    }

    /** The owner, with a new token of its own once the current one has made {@link #CALLS_PER_TOKEN} calls. */
    private Owner caller() throws IOException {
        if (callsWithToken == CALLS_PER_TOKEN) {
            String token = Api.internal(
                            "POST",
                            "/owners/" + owner.id() + "/tokens",
                            Map.of(
                                    "name",
                                    "bench-" + UUID.randomUUID().toString().substring(0, 8)))
                    .expect(201)
                    .get("token")
                    .asString();
            owner = new Owner(owner.id(), owner.propertyId(), token, owner.webhookSecret());
            callsWithToken = 0;
        }
        callsWithToken++;
        return owner;
    }
}
