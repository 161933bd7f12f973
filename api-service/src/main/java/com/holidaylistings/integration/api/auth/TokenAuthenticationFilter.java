package com.holidaylistings.integration.api.auth;

import com.holidaylistings.integration.api.ratelimit.RateLimitDecision;
import com.holidaylistings.integration.api.ratelimit.RateLimitProperties;
import com.holidaylistings.integration.api.web.error.ApiError;
import com.holidaylistings.integration.api.web.error.JsonErrorWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates every Integration API request by its personal access token and counts it
 * against the token's rate limits, in one database round trip
 * ({@link AccessTokens#authenticateAndTake}). The token is always checked first: a live token
 * passes whatever its client's address did before. A missing, malformed, unknown or revoked token
 * counts as a failed authentication of the client ({@link FailedAuthentications}, the public API's
 * own count) and is answered 401, or 429 once the client has failed too often. A token the database
 * rejected before is refused from memory ({@link RejectedTokens}) without another round trip.
 */
class TokenAuthenticationFilter extends OncePerRequestFilter {

    static final String API_KEY_HEADER = "X-API-Key";
    static final String OPENAPI_PATH = "/integration/v1/openapi.json";
    private static final String BEARER = "bearer ";

    private final AccessTokens tokens;
    private final RateLimitProperties limits;
    private final FailedAuthentications failures;
    private final RejectedTokens rejected;
    private final JsonErrorWriter errors;

    TokenAuthenticationFilter(
            AccessTokens tokens,
            RateLimitProperties limits,
            FailedAuthentications failures,
            RejectedTokens rejected,
            JsonErrorWriter errors) {
        this.tokens = tokens;
        this.limits = limits;
        this.failures = failures;
        this.rejected = rejected;
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return OPENAPI_PATH.equals(request.getRequestURI());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<String> token = presentedToken(request).filter(AccessTokenFormat::isWellFormed);
        Optional<AccessTokens.Admission> admission = token.filter(wellFormed -> !rejected.contains(wellFormed))
                .flatMap(wellFormed -> tokens.authenticateAndTake(wellFormed, limits));
        if (admission.isEmpty()) {
            token.ifPresent(rejected::add);
            Optional<Duration> refused = failures.fail(request.getRemoteAddr());
            if (refused.isPresent()) {
                int retryAfter = FailedAuthentications.retryAfterSeconds(refused.get());
                response.setHeader(HttpHeaders.RETRY_AFTER, Integer.toString(retryAfter));
                errors.write(response, 429, ApiError.tooManyFailedAuthentications(retryAfter));
                return;
            }
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"owner-integration\"");
            errors.write(response, HttpServletResponse.SC_UNAUTHORIZED, ApiError.of(ApiError.UNAUTHORIZED));
            return;
        }
        RateLimitDecision decision = admission.get().decision();
        response.setHeader("X-RateLimit-Limit", Integer.toString(decision.limit()));
        response.setHeader("X-RateLimit-Remaining", Integer.toString(decision.remaining()));
        response.setHeader("X-RateLimit-Reset", Long.toString(decision.resetAt()));
        if (!decision.allowed()) {
            response.setHeader(HttpHeaders.RETRY_AFTER, Integer.toString(decision.retryAfter()));
            errors.write(response, 429, ApiError.rateLimited(decision.retryAfter()));
            return;
        }
        request.setAttribute(
                AuthenticatedOwner.REQUEST_ATTRIBUTE, admission.get().owner());
        chain.doFilter(request, response);
    }

    /** The token from exactly one of the two headers; both with different values is no token at all. */
    static Optional<String> presentedToken(HttpServletRequest request) {
        String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
        String apiKey = request.getHeader(API_KEY_HEADER);
        String bearer = null;
        if (authorization != null) {
            if (!authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
                return Optional.empty();
            }
            bearer = authorization.substring(BEARER.length()).trim();
        }
        if (bearer != null && apiKey != null && !bearer.equals(apiKey.trim())) {
            return Optional.empty();
        }
        return Optional.ofNullable(bearer != null ? bearer : apiKey == null ? null : apiKey.trim());
    }
}
