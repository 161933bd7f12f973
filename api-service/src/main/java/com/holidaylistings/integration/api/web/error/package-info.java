/**
 * Errors as the spec writes them: {@code ApiError}, the one body of every error; the exceptions a
 * feature throws, named as facts ({@code NotFound}, {@code Conflict}, {@code Forbidden},
 * {@code InvalidRequest}, {@code UnprocessableRequest}); the one controller advice that turns them
 * into answers; and the writer that filters use where no advice reaches. {@code Outage} tells an
 * unreachable database (503, retry) from a defect (500). The bottom of the edge: it uses no other
 * part of it.
 */
package com.holidaylistings.integration.api.web.error;
