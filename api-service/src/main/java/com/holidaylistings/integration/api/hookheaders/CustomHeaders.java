package com.holidaylistings.integration.api.hookheaders;

import com.holidaylistings.integration.api.web.input.FieldErrors;
import com.holidaylistings.integration.deliverylog.MaskedValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The custom headers of one hook, in the order the owner gave them, each name and value checked:
 * at most {@value #MAX_HEADERS}; a name an RFC 9110 token of at most {@value #MAX_NAME_LENGTH}
 * characters that overrides nothing the delivery itself carries (its {@code webhook-*} headers, its
 * {@code content-*} headers, {@code host}, {@code user-agent}, {@code accept-encoding},
 * {@code expect} and the hop-by-hop headers), not given twice in another case; a value of 1 to
 * {@value #MAX_VALUE_LENGTH} printable ASCII characters (spaces inside, no control characters, CR or
 * LF, which would split the request). The values are credentials of the receiving system: they are
 * shown only {@link #masked()}.
 */
public record CustomHeaders(Map<String, String> headers) {

    public static final String FIELD = "headers";
    public static final int MAX_HEADERS = 10;
    public static final int MAX_NAME_LENGTH = 100;
    public static final int MAX_VALUE_LENGTH = 1024;
    /** What a saved value is shown as. */
    public static final String MASK = MaskedValue.MASK;

    public static final CustomHeaders NONE = new CustomHeaders(Map.of());

    // tchar of RFC 9110 section 5.6.2
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+\\-.^_`|~0-9A-Za-z]+");
    // visible ASCII and spaces, not starting or ending with a space (which a receiver's parser would drop)
    private static final Pattern VALUE = Pattern.compile("[\\x21-\\x7E]([\\x20-\\x7E]*[\\x21-\\x7E])?");
    private static final Set<String> PREFIXES = Set.of("webhook-", "content-");
    /**
     * Set by the dispatcher on every request (host, user-agent, accept-encoding), changing how the
     * request travels (expect), or hop-by-hop (RFC 9110 section 7.6.1, and RFC 2616's list).
     */
    private static final Set<String> RESERVED = Set.of(
            "host",
            "user-agent",
            "accept-encoding",
            "expect",
            "connection",
            "keep-alive",
            "proxy-authenticate",
            "proxy-authorization",
            "proxy-connection",
            "te",
            "trailer",
            "transfer-encoding",
            "upgrade");

    public CustomHeaders {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /**
     * The body of {@code PUT …/headers}, {@code {"headers": {"Name": "value", …}}}; every broken rule
     * is answered at once, 400 with {@code fieldErrors} ({@code headers} for the object as a whole,
     * {@code headers.<Name>} for one header).
     */
    public static CustomHeaders of(Map<String, Object> body) {
        FieldErrors errors = new FieldErrors();
        Object given = body == null ? null : body.get(FIELD);
        if (!(given instanceof Map<?, ?> map)) {
            errors.add(
                    FIELD,
                    given == null ? "is required ({} removes every header)" : "must be an object of names and values");
            errors.throwIfAny();
            throw new IllegalStateException("unreachable");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        Map<String, String> seen = new LinkedHashMap<>();
        if (map.size() > MAX_HEADERS) {
            errors.add(FIELD, "must hold at most " + MAX_HEADERS + " headers");
        }
        for (Map.Entry<?, ?> header : map.entrySet()) {
            String name = String.valueOf(header.getKey());
            String field = FIELD + "." + name;
            String earlier = seen.putIfAbsent(name.toLowerCase(Locale.ROOT), name);
            if (earlier != null) {
                errors.add(field, "repeats the header " + earlier + " (names are case-insensitive)");
                continue;
            }
            boolean valid = checkName(errors, field, name);
            if (!(header.getValue() instanceof String value)) {
                errors.add(field, "must have a string value");
                continue;
            }
            if (checkValue(errors, field, value) && valid) {
                headers.put(name, value);
            }
        }
        errors.throwIfAny();
        return new CustomHeaders(headers);
    }

    /** These headers with one more, or its value replaced (a name in another case is the same header). */
    public CustomHeaders with(String name, String value) {
        Map<String, Object> next = new LinkedHashMap<>();
        headers.forEach((existing, v) -> {
            if (!existing.equalsIgnoreCase(name)) {
                next.put(existing, v);
            }
        });
        next.put(name, value);
        return of(Map.of(FIELD, next));
    }

    /** These headers without {@code name} (in any case). */
    public CustomHeaders without(String name) {
        Map<String, String> next = new LinkedHashMap<>(headers);
        next.keySet().removeIf(existing -> existing.equalsIgnoreCase(name));
        return new CustomHeaders(next);
    }

    /** The names with every value masked: all that is ever shown of a saved header. */
    public Map<String, String> masked() {
        Map<String, String> masked = new LinkedHashMap<>();
        headers.keySet().forEach(name -> masked.put(name, MASK));
        return masked;
    }

    public boolean isEmpty() {
        return headers.isEmpty();
    }

    private static boolean checkName(FieldErrors errors, String field, String name) {
        if (name.isEmpty()
                || name.length() > MAX_NAME_LENGTH
                || !TOKEN.matcher(name).matches()) {
            errors.add(
                    field,
                    "must be a header name (letters, digits and !#$%&'*+-.^_`|~, at most " + MAX_NAME_LENGTH
                            + " characters)");
            return false;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        if (RESERVED.contains(lower) || PREFIXES.stream().anyMatch(lower::startsWith)) {
            errors.add(field, "is set by the delivery itself and cannot be overridden");
            return false;
        }
        return true;
    }

    private static boolean checkValue(FieldErrors errors, String field, String value) {
        if (value.isEmpty() || value.length() > MAX_VALUE_LENGTH) {
            errors.add(field, "must have a value of 1 to " + MAX_VALUE_LENGTH + " characters");
            return false;
        }
        if (!VALUE.matcher(value).matches()) {
            errors.add(
                    field,
                    "must have a value of printable ASCII characters, without control characters,"
                            + " line breaks or spaces at either end");
            return false;
        }
        return true;
    }
}
