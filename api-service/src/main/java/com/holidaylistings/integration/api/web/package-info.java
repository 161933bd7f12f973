/**
 * The HTTP edge shared by the public and internal APIs: request ids, HTTPS, limits, errors. Every
 * feature package uses it, so it uses none of them: what it needs to know from one (which requests
 * the access log leaves out) it declares as an interface here ({@link UnloggedRequests}).
 */
package com.holidaylistings.integration.api.web;
