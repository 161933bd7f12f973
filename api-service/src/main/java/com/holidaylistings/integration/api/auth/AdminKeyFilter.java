package com.holidaylistings.integration.api.auth;

import com.holidaylistings.integration.api.web.error.ApiError;
import com.holidaylistings.integration.api.web.error.JsonErrorWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Guards {@code /internal/v1} with {@code X-Admin-Key}, one of the configured keys; answers 404 for
 * every path when no key is configured. The key is always checked first, in constant time: the
 * right key passes whatever its client's address did before, so the listing site's back end is
 * never locked out by someone else's mistakes. A wrong or missing key counts as a failed
 * authentication of the client ({@link FailedAuthentications}, the internal API's own count, apart
 * from the public API's) and is answered 401, or 429 once the client has failed too often.
 */
class AdminKeyFilter extends OncePerRequestFilter {

    static final String HEADER = "X-Admin-Key";

    private final boolean enabled;
    // SHA-256 of each key: the comparison takes the same time whatever the given key's length and content.
    private final List<byte[]> keyHashes;
    private final FailedAuthentications failures;
    private final JsonErrorWriter errors;

    AdminKeyFilter(InternalApiProperties properties, FailedAuthentications failures, JsonErrorWriter errors) {
        this.enabled = properties.enabled();
        this.keyHashes = properties.keys().stream().map(TokenHash::of).toList();
        this.failures = failures;
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!enabled) {
            errors.write(response, HttpServletResponse.SC_NOT_FOUND, ApiError.of(ApiError.NOT_FOUND));
            return;
        }
        if (!accepts(request.getHeader(HEADER))) {
            Optional<Duration> refused = failures.fail(request.getRemoteAddr());
            if (refused.isPresent()) {
                int retryAfter = FailedAuthentications.retryAfterSeconds(refused.get());
                response.setHeader(HttpHeaders.RETRY_AFTER, Integer.toString(retryAfter));
                errors.write(response, 429, ApiError.tooManyFailedAuthentications(retryAfter));
                return;
            }
            errors.write(response, HttpServletResponse.SC_UNAUTHORIZED, ApiError.of(ApiError.UNAUTHORIZED));
            return;
        }
        chain.doFilter(request, response);
    }

    /** Compared with every key, without stopping at the first match. */
    private boolean accepts(String given) {
        if (given == null) {
            return false;
        }
        byte[] hash = TokenHash.of(given);
        boolean accepted = false;
        for (byte[] key : keyHashes) {
            accepted |= MessageDigest.isEqual(hash, key);
        }
        return accepted;
    }
}
