package com.holidaylistings.integration.dispatcher.operational;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * A hook's target URL as {@code webhook.operational} may show it to every downstream team: scheme,
 * host (with its port) and path only. Query strings, user info and fragments often carry the
 * receiver's credentials (a token in {@code ?key=}, an iPaaS's signed URL), so they stay with the
 * hook's owner and the dispatcher.
 */
final class DownstreamTargetUrl {

    private DownstreamTargetUrl() {}

    static String of(String targetUrl) {
        try {
            URI uri = new URI(targetUrl);
            if (uri.getScheme() == null || uri.getHost() == null) {
                return withoutSecretParts(targetUrl);
            }
            String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
            String path = uri.getRawPath() == null ? "" : uri.getRawPath();
            return uri.getScheme() + "://" + uri.getHost() + port + path;
        } catch (URISyntaxException e) {
            return withoutSecretParts(targetUrl);
        }
    }

    /** A URL that does not parse: cut at the query or fragment, and drop anything before an {@code @}. */
    private static String withoutSecretParts(String targetUrl) {
        String cut = targetUrl.split("[?#]", 2)[0];
        return cut.replaceFirst("^([A-Za-z][A-Za-z0-9+.-]*://)[^/]*@", "$1");
    }
}
