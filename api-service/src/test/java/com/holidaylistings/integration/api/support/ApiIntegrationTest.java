package com.holidaylistings.integration.api.support;

import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The service on a random HTTPS port against the JVM's shared real PostgreSQL. Every test class
 * extending this shares one application context; tests isolate themselves by creating their own
 * owners.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
public abstract class ApiIntegrationTest {

    @LocalServerPort
    protected int port;

    /**
     * The test's own view of the database, as the schema's owner: the service itself runs as its role
     * {@code api_service} (V15) and cannot, for example, write the dispatcher's attempt log that a
     * test prepares.
     */
    protected final JdbcClient jdbc = ApiInstances.ownerJdbc();

    protected ApiClient http;
    protected TestWorld world;

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        ApiInstances.testProperties().forEach((key, value) -> registry.add(key, () -> value));
    }

    @BeforeEach
    void clients() {
        http = ApiClient.https(port);
        world = new TestWorld(http);
    }

    protected ApiClient as(TestWorld.Account account) {
        return http.withToken(account.token());
    }
}
