package com.holidaylistings.integration.dispatcher.attempt;

import com.holidaylistings.integration.deliverylog.MaskedValue;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hc.core5.http.Header;

/**
 * Headers as the attempt log keeps them for the owner's attempt detail: names in lower case, in the
 * order they came, a repeated header's values joined with ", ", and no more than
 * {@link #KEPT_BYTES} of names and values together (a receiver's answer may carry any number; those
 * past the limit are dropped whole). The values of a hook's custom headers, credentials of the
 * receiving system, are kept as {@link #MASK} only.
 */
final class KeptHeaders {

    static final int KEPT_BYTES = 4096;
    /** The quotes, colon and comma around each header in the stored JSON, counted against the limit. */
    private static final int JSON_OVERHEAD = 8;

    /** What a custom header's value is kept as. */
    static final String MASK = MaskedValue.MASK;

    private KeptHeaders() {}

    static Map<String, String> of(Header[] headers) {
        return of(headers, Set.of());
    }

    /** As {@link #of(Header[])}, the values of the headers named in {@code masked} (in any case) masked. */
    static Map<String, String> of(Header[] headers, Set<String> masked) {
        Set<String> maskedNames = new HashSet<>();
        masked.forEach(name -> maskedNames.add(name.toLowerCase(Locale.ROOT)));
        Map<String, String> kept = new LinkedHashMap<>();
        int bytes = 0;
        for (Header header : headers) {
            String name = header.getName().toLowerCase(Locale.ROOT);
            String value = maskedNames.contains(name) ? MASK : header.getValue() == null ? "" : header.getValue();
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
