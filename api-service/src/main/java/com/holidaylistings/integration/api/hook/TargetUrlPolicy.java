package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.api.web.input.FieldErrors;
import com.holidaylistings.integration.targets.TargetAddressRule;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which URLs may receive webhooks: absolute http(s) URLs without user info or fragment, whose
 * host resolves to addresses that {@link TargetAddressRule} allows on the URL's port: no internal
 * address unless private targets are allowed, and even then no link-local address and none of the
 * stack's own ports. The dispatcher checks the resolved address again when it connects.
 */
class TargetUrlPolicy {

    static final int MAX_LENGTH = 2048;

    private final HostResolver resolver;
    private final TargetAddressRule rule;

    TargetUrlPolicy(HostResolver resolver, TargetAddressRule rule) {
        this.resolver = resolver;
        this.rule = rule;
    }

    /** Adds the reasons {@code targetUrl} is refused, if any, to {@code errors}. */
    void check(String field, String targetUrl, FieldErrors errors) {
        if (!errors.requiredText(field, targetUrl, MAX_LENGTH)) {
            return;
        }
        URI uri;
        try {
            uri = new URI(targetUrl);
        } catch (URISyntaxException e) {
            errors.add(field, "must be a valid URL");
            return;
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || !(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
            errors.add(field, "must be an absolute http or https URL");
            return;
        }
        if (uri.getRawUserInfo() != null) {
            errors.add(field, "must not contain user info");
            return;
        }
        if (uri.getRawFragment() != null) {
            errors.add(field, "must not contain a fragment");
            return;
        }
        int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
        checkAddresses(field, uri.getHost(), port, errors);
    }

    private void checkAddresses(String field, String host, int port, FieldErrors errors) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        List<InetAddress> addresses;
        try {
            addresses = resolver.resolve(bare);
        } catch (UnknownHostException e) {
            // Where private targets are allowed (the local stack) a name may resolve only where the
            // dispatcher runs; it checks the addresses again as it connects.
            if (!rule.allowPrivateTargets()) {
                errors.add(field, "host cannot be resolved");
            }
            return;
        }
        if (addresses.isEmpty()) {
            errors.add(field, TargetAddressRule.Refusal.INTERNAL.fieldError());
            return;
        }
        addresses.stream()
                .map(address -> rule.refusal(address, port))
                .flatMap(Optional::stream)
                .findFirst()
                .ifPresent(refusal -> errors.add(field, refusal.fieldError()));
    }
}
