package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.stack.Owner;
import com.holidaylistings.integration.testsupport.WebhookReceiver;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** An owner made for one benchmark run, with its subscriptions to the bench receiver. */
final class BenchOwner {

    private final Owner owner;
    private final WebhookReceiver receiver;
    private final Map<String, UUID> hooks = new LinkedHashMap<>();
    private final Map<String, UUID> propertyFilters = new LinkedHashMap<>();

    private BenchOwner(Owner owner, WebhookReceiver receiver) {
        this.owner = owner;
        this.receiver = receiver;
    }

    static BenchOwner create(String label, WebhookReceiver receiver) throws IOException {
        return new BenchOwner(Owner.create(label), receiver);
    }

    /** Subscribes the receiver's {@code path} to all the owner's properties. */
    UUID subscribe(String path) throws IOException {
        UUID hook = UUID.fromString(owner.subscribe(receiver.url(path)).get("id").asString());
        hooks.put(path, hook);
        return hook;
    }

    /** Subscribes the receiver's {@code path} to one property. */
    UUID subscribe(String path, UUID property) throws IOException {
        UUID hook = UUID.fromString(owner.subscribe(receiver.url(path), property).get("id").asString());
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
                owner.unsubscribe(receiver.url(path));
            } else {
                owner.unsubscribe(receiver.url(path), property);
            }
        }
        hooks.clear();
        propertyFilters.clear();
    }
}
