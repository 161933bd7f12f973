package com.holidaylistings.integration.api.enquiry;

import com.holidaylistings.integration.api.web.error.NotFound;

/** No such enquiry on the owner's properties (or no valid id at all). */
class EnquiryNotFound extends NotFound {

    EnquiryNotFound() {
        super("Enquiry not found");
    }
}
