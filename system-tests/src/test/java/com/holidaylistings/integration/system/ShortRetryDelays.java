package com.holidaylistings.integration.system;

import com.holidaylistings.integration.stack.Stack;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For a test class whose deliveries go through the whole retry schedule: webhook-dispatcher runs
 * with one-second retry delays while the class runs, and with its own settings again afterwards.
 */
class ShortRetryDelays implements BeforeAllCallback, AfterAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        Stack.terminate("webhook-dispatcher");
        Stack.up(Map.of("WEBHOOK_RETRY_DELAYS", "1s,1s,1s,1s,1s"));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Stack.terminate("webhook-dispatcher");
        Stack.up();
    }
}
