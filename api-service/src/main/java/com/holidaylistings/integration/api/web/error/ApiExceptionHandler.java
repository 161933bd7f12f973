package com.holidaylistings.integration.api.web.error;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/** The one place where exceptions become the spec's error bodies. */
@RestControllerAdvice
class ApiExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    @ExceptionHandler
    ResponseEntity<ApiError> invalidRequest(InvalidRequest exception, HandlerMethod handler) {
        return invalid(handler, exception.fieldErrors());
    }

    @ExceptionHandler
    ResponseEntity<ApiError> unreadableBody(
            HttpMessageNotReadableException exception, HandlerMethod handler, HttpServletRequest request) {
        if (causedByOversizedBody(exception)) {
            return status(HttpStatus.CONTENT_TOO_LARGE, ApiError.forStatus(413));
        }
        // Spring reports a DELETE body it has no converter for as a missing body, not as 415.
        if (exception.getCause() == null && !isJsonOrAbsent(request.getContentType())) {
            return status(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ApiError.forStatus(415));
        }
        return invalid(handler, JsonBodyErrors.of(exception));
    }

    @ExceptionHandler
    ResponseEntity<ApiError> typeMismatch(MethodArgumentTypeMismatchException exception, HandlerMethod handler) {
        return invalid(handler, Map.of(exception.getName(), List.of("is invalid")));
    }

    @ExceptionHandler
    ResponseEntity<ApiError> missingParameter(
            MissingServletRequestParameterException exception, HandlerMethod handler) {
        return invalid(handler, Map.of(exception.getParameterName(), List.of("is required")));
    }

    @ExceptionHandler
    ResponseEntity<ApiError> notFound(NotFound exception) {
        return status(HttpStatus.NOT_FOUND, ApiError.of(exception.getMessage()));
    }

    @ExceptionHandler({NoResourceFoundException.class, NoHandlerFoundException.class})
    ResponseEntity<ApiError> noSuchPath() {
        return status(HttpStatus.NOT_FOUND, ApiError.of(ApiError.NOT_FOUND));
    }

    @ExceptionHandler
    ResponseEntity<ApiError> forbidden(Forbidden exception) {
        return status(HttpStatus.FORBIDDEN, ApiError.of(ApiError.FORBIDDEN));
    }

    @ExceptionHandler
    ResponseEntity<ApiError> conflict(Conflict exception) {
        return status(HttpStatus.CONFLICT, ApiError.of(exception.getMessage()));
    }

    @ExceptionHandler
    ResponseEntity<ApiError> tooManyRequests(TooManyRequests exception) {
        return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
                .header(HttpHeaders.RETRY_AFTER, Integer.toString(exception.retryAfterSeconds()))
                .contentType(MediaType.APPLICATION_JSON)
                .body(ApiError.retryLater(exception.getMessage(), exception.retryAfterSeconds()));
    }

    @ExceptionHandler
    ResponseEntity<ApiError> methodNotAllowed(HttpRequestMethodNotSupportedException exception) {
        // RFC 9110: a 405 names the methods the resource does support.
        HttpHeaders headers = new HttpHeaders();
        if (exception.getSupportedHttpMethods() != null) {
            headers.setAllow(exception.getSupportedHttpMethods());
        }
        return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
                .headers(headers)
                .contentType(MediaType.APPLICATION_JSON)
                .body(ApiError.forStatus(405));
    }

    @ExceptionHandler
    ResponseEntity<ApiError> unsupportedMediaType(HttpMediaTypeNotSupportedException exception) {
        return status(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ApiError.forStatus(415));
    }

    @ExceptionHandler
    ResponseEntity<ApiError> notAcceptable(HttpMediaTypeNotAcceptableException exception) {
        return status(HttpStatus.NOT_ACCEPTABLE, ApiError.forStatus(406));
    }

    @ExceptionHandler
    ResponseEntity<ApiError> unprocessable(UnprocessableRequest exception) {
        return status(HttpStatus.UNPROCESSABLE_CONTENT, ApiError.of(exception.getMessage()));
    }

    /** A defect is a 500; PostgreSQL out of reach is a 503 that the client should retry ({@link Outage}). */
    @ExceptionHandler
    ResponseEntity<ApiError> unexpected(Exception exception) {
        if (Outage.explains(exception)) {
            Outage.report(exception);
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .header(HttpHeaders.RETRY_AFTER, Integer.toString(Outage.RETRY_AFTER_SECONDS))
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(ApiError.of(ApiError.SERVICE_UNAVAILABLE));
        }
        log.error("Unexpected error", exception);
        return status(HttpStatus.INTERNAL_SERVER_ERROR, ApiError.of(ApiError.INTERNAL));
    }

    private static ResponseEntity<ApiError> invalid(HandlerMethod handler, Map<String, List<String>> fieldErrors) {
        InvalidBodyMessage message = handler == null ? null : handler.getMethodAnnotation(InvalidBodyMessage.class);
        String error = message == null ? ApiError.INVALID_REQUEST : message.value();
        return status(HttpStatus.BAD_REQUEST, ApiError.invalid(error, fieldErrors));
    }

    private static ResponseEntity<ApiError> status(HttpStatus status, ApiError body) {
        return ResponseEntity.status(status)
                .contentType(MediaType.APPLICATION_JSON)
                .body(body);
    }

    private static boolean isJsonOrAbsent(String contentType) {
        if (contentType == null) {
            return true;
        }
        try {
            MediaType type = MediaType.parseMediaType(contentType);
            return MediaType.APPLICATION_JSON.isCompatibleWith(type)
                    || type.getSubtype().endsWith("+json");
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }

    private static boolean causedByOversizedBody(Throwable exception) {
        for (Throwable t = exception; t != null; t = t.getCause()) {
            if (t instanceof PayloadTooLarge) {
                return true;
            }
        }
        return false;
    }
}
