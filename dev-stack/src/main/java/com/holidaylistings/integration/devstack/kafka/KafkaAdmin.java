package com.holidaylistings.integration.devstack.kafka;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.acl.AclBinding;

/**
 * The broker's admin, in the launcher's own process: Kafka's admin client with the settings of
 * {@code .dev/kafka/admin.properties} (SASL_PLAINTEXT, SCRAM-SHA-512, as {@code admin}), where dev/up.sh
 * used to start a JVM of Kafka's command-line tools for each ACL and credential.
 */
final class KafkaAdmin implements AutoCloseable {

    /** As long as each request of a readiness check may take: the check is repeated until its deadline. */
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);

    /** How long an ACL or a credential may take, as long as Kafka's tools waited by default. */
    private static final Duration CHANGE_TIMEOUT = Duration.ofSeconds(60);

    /** ConfigCommand's iterations for a SCRAM-SHA-512 credential. */
    private static final int SCRAM_ITERATIONS = 4096;

    private final Admin admin;

    private KafkaAdmin(Admin admin) {
        this.admin = admin;
    }

    /** The admin on {@code bootstrapServers}, with the settings of {@code adminProperties}. */
    static KafkaAdmin connect(Path adminProperties, String bootstrapServers) {
        return new KafkaAdmin(Admin.create(settings(adminProperties, bootstrapServers, CHANGE_TIMEOUT)));
    }

    /**
     * Null when the broker answers a metadata request (lists its topics) within a few seconds; otherwise
     * why it did not.
     */
    static String whyNotAnswering(Path adminProperties, String bootstrapServers) {
        try (Admin probe = Admin.create(settings(adminProperties, bootstrapServers, PROBE_TIMEOUT))) {
            probe.listTopics(new ListTopicsOptions().timeoutMs((int) PROBE_TIMEOUT.toMillis()))
                    .names()
                    .get(PROBE_TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS);
            return null;
        } catch (ExecutionException e) {
            return e.getCause().toString();
        } catch (TimeoutException | RuntimeException e) {
            return e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return e.toString();
        }
    }

    /** Adds, or changes, the SCRAM-SHA-512 credential of {@code user}. */
    void scramCredential(String user, String password) throws KafkaAdminException {
        await(admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(
                        user, new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, SCRAM_ITERATIONS), password)))
                .all());
    }

    /** Adds {@code bindings}; one that is there already stays as it is. */
    void addAcls(Collection<AclBinding> bindings) throws KafkaAdminException {
        await(admin.createAcls(bindings).all());
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(5));
    }

    private static void await(KafkaFuture<Void> future) throws KafkaAdminException {
        try {
            future.get(CHANGE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new KafkaAdminException(e.getCause());
        } catch (TimeoutException e) {
            throw new KafkaAdminException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaAdminException(e);
        }
    }

    private static Properties settings(Path adminProperties, String bootstrapServers, Duration timeout) {
        Properties settings = new Properties();
        try (Reader reader = Files.newBufferedReader(adminProperties)) {
            settings.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + adminProperties, e);
        }
        settings.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        settings.put(AdminClientConfig.CLIENT_ID_CONFIG, "dev-stack-admin");
        settings.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Integer.toString((int) timeout.toMillis()));
        settings.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Integer.toString((int) timeout.toMillis()));
        return settings;
    }

    /** A request of the admin that failed; its message is the broker's (or the client's) reason. */
    static final class KafkaAdminException extends Exception {

        KafkaAdminException(Throwable cause) {
            super(cause.toString(), cause);
        }
    }
}
