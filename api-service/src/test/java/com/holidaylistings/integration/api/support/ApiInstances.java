package com.holidaylistings.integration.api.support;

import com.holidaylistings.integration.api.ApiServiceApplication;
import com.holidaylistings.integration.testsupport.TestPostgres;
import com.holidaylistings.integration.testsupport.TestSchema;
import com.holidaylistings.integration.testsupport.TestSecrets;
import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Further instances of the service on the same database, e.g. replicas or differently configured ones. */
public final class ApiInstances {

    private ApiInstances() {}

    /**
     * What every test instance runs with: the shared database (with the dispatcher's schema too, whose
     * views api-service reads), the test certificate, the admin keys, the encryption keys.
     */
    public static Map<String, Object> testProperties() {
        TestPostgres.Connection db = TestSchema.database();
        Map<String, Object> properties = new HashMap<>();
        properties.put("spring.datasource.url", db.jdbcUrl());
        // as in production: the service logs in as its own role, the migrations run as the schema's owner
        properties.put("spring.datasource.username", db.as("api_service").username());
        properties.put("spring.datasource.password", db.as("api_service").password());
        properties.put("spring.flyway.user", db.username());
        properties.put("spring.flyway.password", db.password());
        properties.put("spring.ssl.bundle.jks.api.keystore.location", "file:" + TestTls.keystore());
        properties.put("spring.ssl.bundle.jks.api.keystore.password", TestTls.PASSWORD);
        properties.put("owner-api.internal.admin-api-key", TestWorld.ADMIN_KEY + ", " + TestWorld.NEXT_ADMIN_KEY);
        properties.put("secrets.encryption-keys", TestSecrets.ENCRYPTION_KEYS);
        properties.put("management.server.port", "0");
        // the consumer of the dispatcher's findings reads the JVM's real broker; erasures every second
        properties.put("spring.kafka.bootstrap-servers", OperationalTopic.bootstrapServers());
        properties.put("spring.kafka.security.protocol", "PLAINTEXT"); // the tests' broker authenticates nobody
        properties.put("secrets.erase-interval", "1s");
        // Portal links take the host of the request, as on the local stack: the tests reach the service on localhost.
        properties.put("owner-api.portal.allow-request-host", "true");
        // Every test calls from one address and many check 401s: the throttle is tested on instances of its own.
        properties.put("owner-api.failed-authentications.max-per-address", "1000000");
        // No warm-up before each context's readiness: it is tested on instances of its own (WarmUpIT).
        properties.put("owner-api.warm-up.requests", "0");
        return properties;
    }

    /** The shared database as its owner, for tests that prepare or inspect rows the service may not touch. */
    public static JdbcClient ownerJdbc() {
        TestPostgres.Connection db = TestSchema.database();
        return JdbcClient.create(db.pooled());
    }

    /** Starts another instance on random ports with {@code overrides} on top of the test properties. */
    public static Running start(Map<String, Object> overrides) {
        return start(overrides, new ApplicationListener<?>[0]);
    }

    /** As {@link #start(Map)}, with {@code listeners} told of the application's events from its start. */
    public static Running start(Map<String, Object> overrides, ApplicationListener<?>... listeners) {
        Map<String, Object> properties = new HashMap<>(testProperties());
        properties.put("server.port", "0");
        properties.putAll(overrides);
        // As command-line arguments: they outrank application.yml, as an operator's settings do.
        String[] arguments = properties.entrySet().stream()
                .map(entry -> "--" + entry.getKey() + "=" + entry.getValue())
                .toArray(String[]::new);
        ConfigurableApplicationContext context = new SpringApplicationBuilder(ApiServiceApplication.class)
                .listeners(listeners)
                .run(arguments);
        return new Running(context);
    }

    public record Running(ConfigurableApplicationContext context) implements AutoCloseable {

        public int port() {
            return ((WebServerApplicationContext) context).getWebServer().getPort();
        }

        /** The plain-HTTP management port (health probes). */
        public int managementPort() {
            return context.getEnvironment().getRequiredProperty("local.management.port", Integer.class);
        }

        @Override
        public void close() {
            context.close();
        }
    }
}
