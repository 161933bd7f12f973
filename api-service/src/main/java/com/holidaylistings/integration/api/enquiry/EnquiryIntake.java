package com.holidaylistings.integration.api.enquiry;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.api.property.ListingSiteProperties;
import com.holidaylistings.integration.api.property.PropertyRepository;
import com.holidaylistings.integration.api.web.InvalidRequest;
import com.holidaylistings.integration.api.web.RequestIdFilter;
import com.holidaylistings.integration.events.EnquiryCreated;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A guest's enquiry: the enquiry row and its {@code enquiry.created} outbox row commit together,
 * so there is never an event without its enquiry nor an enquiry without its event.
 */
@Service
class EnquiryIntake {

    private final PropertyRepository properties;
    private final Enquiries enquiries;
    private final ListingSiteProperties listingSite;

    EnquiryIntake(PropertyRepository properties, Enquiries enquiries, ListingSiteProperties listingSite) {
        this.properties = properties;
        this.enquiries = enquiries;
        this.listingSite = listingSite;
    }

    @Transactional
    Enquiry submit(NewEnquiry submission) {
        submission.validate();
        PropertyRepository.EnquirableProperty property = properties.enquirable(submission.propertyId())
                .orElseThrow(() -> InvalidRequest.of("property_id", "must be an active property"));
        EnquiryCreated event = EnquiryCreated.of(
                TimeOrderedUuid.next(),
                property.id(),
                property.title(),
                listingSite.propertyUrl(property.urlSlug()),
                property.ownerEmail(),
                submission.subject(),
                submission.message(),
                Timestamps.now(),
                submission.userName(),
                submission.userEmail(),
                submission.party());
        enquiries.insert(property.ownerId(), event, RequestIdFilter.current());
        return Enquiry.of(event);
    }
}
