package com.holidaylistings.integration.api.property;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ListingSitePropertiesTest {

    @Test
    void appendsThePropertyPathToTheBaseUrl() {
        assertThat(new ListingSiteProperties("https://www.holidaylistings.example").propertyUrl("seaview-cottage"))
                .isEqualTo("https://www.holidaylistings.example/properties/seaview-cottage");
    }

    @Test
    void ignoresATrailingSlashOfTheBaseUrl() {
        assertThat(new ListingSiteProperties("https://listings.test/").propertyUrl("barn-2"))
                .isEqualTo("https://listings.test/properties/barn-2");
    }

    @Test
    void keepsABasePath() {
        assertThat(new ListingSiteProperties("http://localhost:8080/site").propertyUrl("a-1"))
                .isEqualTo("http://localhost:8080/site/properties/a-1");
    }
}
