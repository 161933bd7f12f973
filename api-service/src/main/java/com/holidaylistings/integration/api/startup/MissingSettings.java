package com.holidaylistings.integration.api.startup;

import java.util.List;
import java.util.stream.Collectors;

/** The service was started without settings it cannot do without. */
class MissingSettings extends RuntimeException {

    private final String service;
    private final List<RequiredSettings.Setting> settings;

    MissingSettings(String service, List<RequiredSettings.Setting> settings) {
        super(service + " cannot start without " + settings.stream().map(Object::toString).collect(Collectors.joining(", ")));
        this.service = service;
        this.settings = List.copyOf(settings);
    }

    String service() {
        return service;
    }

    List<RequiredSettings.Setting> settings() {
        return settings;
    }
}
