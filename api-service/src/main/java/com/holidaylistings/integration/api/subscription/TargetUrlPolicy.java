package com.holidaylistings.integration.api.subscription;

import com.holidaylistings.integration.api.web.FieldErrors;
import com.holidaylistings.integration.events.InternalAddresses;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * Which URLs may receive webhooks: absolute http(s) URLs without user info or fragment, whose
 * host does not resolve to an internal address (unless private targets are allowed). The
 * dispatcher checks the resolved address again when it connects.
 */
class TargetUrlPolicy {

    static final int MAX_LENGTH = 2048;

    private final HostResolver resolver;
    private final boolean allowPrivateTargets;

    TargetUrlPolicy(HostResolver resolver, boolean allowPrivateTargets) {
        this.resolver = resolver;
        this.allowPrivateTargets = allowPrivateTargets;
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
        if (!allowPrivateTargets) {
            checkAddresses(field, uri.getHost(), errors);
        }
    }

    private void checkAddresses(String field, String host, FieldErrors errors) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        List<InetAddress> addresses;
        try {
            addresses = resolver.resolve(bare);
        } catch (UnknownHostException e) {
            errors.add(field, "host cannot be resolved");
            return;
        }
        if (addresses.isEmpty() || addresses.stream().anyMatch(InternalAddresses::isInternal)) {
            errors.add(field, "must not point to a private, loopback or otherwise internal address");
        }
    }
}
