package com.holidaylistings.integration.settings;

import java.util.List;
import java.util.stream.Collectors;

/** The service was started without settings it cannot do without. */
public class MissingSettings extends RuntimeException {

    private final String service;
    private final List<RequiredSettings.Setting> settings;

    MissingSettings(String service, List<RequiredSettings.Setting> settings) {
        super(service + " cannot start without "
                + settings.stream().map(Object::toString).collect(Collectors.joining(", ")));
        this.service = service;
        this.settings = List.copyOf(settings);
    }

    public String service() {
        return service;
    }

    public List<RequiredSettings.Setting> settings() {
        return settings;
    }
}
