/** The HTTP edge shared by the public and internal APIs: request ids, HTTPS, limits, errors. */
package com.holidaylistings.integration.api.web;
