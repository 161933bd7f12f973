package com.holidaylistings.integration.dispatcher.attempt;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.hc.core5.http.Header;

/**
 * Headers as the attempt log keeps them for the owner's attempt detail: names in lower case, in the
 * order they came, a repeated header's values joined with ", ", and no more than
 * {@link #KEPT_BYTES} of names and values together (a receiver's answer may carry any number; those
 * past the limit are dropped whole).
 */
final class KeptHeaders {

    static final int KEPT_BYTES = 4096;
    /** The quotes, colon and comma around each header in the stored JSON, counted against the limit. */
    private static final int JSON_OVERHEAD = 8;

    private KeptHeaders() {}

    static Map<String, String> of(Header[] headers) {
        Map<String, String> kept = new LinkedHashMap<>();
        int bytes = 0;
        for (Header header : headers) {
            String name = header.getName().toLowerCase(Locale.ROOT);
            String value = header.getValue() == null ? "" : header.getValue();
            int size = utf8Length(name) + utf8Length(value) + JSON_OVERHEAD;
            if (bytes + size > KEPT_BYTES) {
                continue;
            }
            bytes += size;
            kept.merge(name, value, (earlier, later) -> earlier + ", " + later);
        }
        return Collections.unmodifiableMap(kept);
    }

    private static int utf8Length(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
