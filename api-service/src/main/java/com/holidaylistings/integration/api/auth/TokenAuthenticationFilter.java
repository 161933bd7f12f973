package com.holidaylistings.integration.api.auth;

import com.holidaylistings.integration.api.ratelimit.RateLimitDecision;
import com.holidaylistings.integration.api.ratelimit.RateLimiter;
import com.holidaylistings.integration.api.web.ApiError;
import com.holidaylistings.integration.api.web.JsonErrorWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates every Integration API request by its personal access token, then counts it
 * against the token's rate limits: two database round trips in all.
 */
class TokenAuthenticationFilter extends OncePerRequestFilter {

    static final String API_KEY_HEADER = "X-API-Key";
    static final String OPENAPI_PATH = "/integration/v1/openapi.json";
    private static final String BEARER = "bearer ";

    private final AccessTokens tokens;
    private final RateLimiter rateLimiter;
    private final JsonErrorWriter errors;

    TokenAuthenticationFilter(AccessTokens tokens, RateLimiter rateLimiter, JsonErrorWriter errors) {
        this.tokens = tokens;
        this.rateLimiter = rateLimiter;
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return OPENAPI_PATH.equals(request.getRequestURI());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<AuthenticatedOwner> owner = presentedToken(request)
                .filter(AccessTokenFormat::isWellFormed)
                .flatMap(tokens::authenticate);
        if (owner.isEmpty()) {
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"owner-integration\"");
            errors.write(response, HttpServletResponse.SC_UNAUTHORIZED, ApiError.of(ApiError.UNAUTHORIZED));
            return;
        }
        RateLimitDecision decision = rateLimiter.take(owner.get().tokenId());
        response.setHeader("X-RateLimit-Limit", Integer.toString(decision.limit()));
        response.setHeader("X-RateLimit-Remaining", Integer.toString(decision.remaining()));
        response.setHeader("X-RateLimit-Reset", Long.toString(decision.resetAt()));
        if (!decision.allowed()) {
            response.setHeader(HttpHeaders.RETRY_AFTER, Integer.toString(decision.retryAfter()));
            errors.write(response, 429, ApiError.rateLimited(decision.retryAfter()));
            return;
        }
        request.setAttribute(AuthenticatedOwner.REQUEST_ATTRIBUTE, owner.get());
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
