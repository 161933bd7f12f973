package com.holidaylistings.integration.api.enquiry;

import java.util.List;

/** The states of an enquiry; any transition between them is allowed. */
final class EnquiryStatus {

    static final String SENT = "sent";
    static final List<String> VALUES = List.of(SENT, "responded", "archived");

    private EnquiryStatus() {}
}
