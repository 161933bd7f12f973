package com.holidaylistings.integration.api.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.PayloadApplicationEvent;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A replica runs the intake's whole path before it reports ready, and the warm-up leaves nothing
 * behind: its enquiries are answered 201 as a guest's are, in a transaction that is rolled back (no
 * owner, property, enquiry, outbox row or idempotency key of theirs remains); they are observed, but
 * their spans are not exported and their samples are gone by readiness; and the access log has no
 * line of theirs.
 */
class WarmUpIT {

    private static final String WARM_UP_EMAIL = "warm-up@example.invalid";

    @Test
    void theReplicaRunsItsIntakeBeforeItReportsReadyAndStoresNothing() {
        List<Object> seen = new CopyOnWriteArrayList<>();
        InMemorySpanExporter spans = InMemorySpanExporter.create();
        ListAppender<ILoggingEvent> accessLog = new ListAppender<>();
        accessLog.start();
        Logger access = (Logger) LoggerFactory.getLogger("access");
        ApplicationListener<ApplicationEvent> listener = event -> {
            if (event instanceof ApplicationPreparedEvent prepared) {
                access.addAppender(accessLog); // once the application has set up its logging, which drops appenders
                prepared.getApplicationContext().getBeanFactory().registerSingleton("testSpanExporter", spans);
            } else if (event instanceof PayloadApplicationEvent<?> payload
                    && payload.getPayload() instanceof RequestPathWarmUp.WarmUpFinished finished) {
                seen.add(finished);
            } else if (event instanceof AvailabilityChangeEvent<?> change
                    && change.getState() == ReadinessState.ACCEPTING_TRAFFIC) {
                seen.add(ReadinessState.ACCEPTING_TRAFFIC);
            }
        };

        try (ApiInstances.Running replica = ApiInstances.start(Map.of("owner-api.warm-up.requests", "300"), listener)) {
            assertThat(seen).hasSize(2);
            assertThat(seen.get(0))
                    .as("the warm-up ends before readiness")
                    .isInstanceOf(RequestPathWarmUp.WarmUpFinished.class);
            assertThat(seen.get(1)).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
            RequestPathWarmUp.WarmUpFinished finished = (RequestPathWarmUp.WarmUpFinished) seen.get(0);
            assertThat(finished.sent()).isEqualTo(300);
            assertThat(finished.answers())
                    .as("the valid enquiries rehearsed in full (201), every sixteenth refused by the intake itself;"
                            + " none refused by TLS or the admin key")
                    .isEqualTo(Map.of(201, 281, 400, 19));
            assertThat(replica.context()
                            .getBean(MeterRegistry.class)
                            .find("http.server.requests")
                            .tag("uri", "/internal/v1/enquiries")
                            .timers())
                    .as("the warm-up's samples are gone from the intake's metrics by readiness")
                    .isEmpty();
            assertThat(ApiClient.https(replica.port())
                            .get("/integration/v1/enquiries")
                            .status())
                    .as("a request from outside, without a token")
                    .isEqualTo(401);
            replica.context().getBean(SdkTracerProvider.class).forceFlush().join(10, TimeUnit.SECONDS);
            assertThat(spans.getFinishedSpanItems())
                    .as("spans are exported (the request from outside's), but none of the warm-up's")
                    .isNotEmpty()
                    .noneMatch(span -> span.getAttributes().asMap().keySet().stream()
                            .anyMatch(key -> key.getKey().equals(WarmUpRequests.SPAN_TAG)))
                    .noneMatch(span -> span.getName().contains("/internal/v1/enquiries")
                            || String.valueOf(span.getAttributes().asMap().values())
                                    .contains("/internal/v1/enquiries"));
            assertThat(accessLog.list)
                    .extracting(ILoggingEvent::getFormattedMessage)
                    .as("nor logged: no access-log line per warm-up request")
                    .noneMatch(line -> line.startsWith("POST /internal/v1/enquiries"));
        } finally {
            access.detachAppender(accessLog);
        }
        JdbcClient db = ApiInstances.ownerJdbc();
        assertThat(db.sql("select count(*) from enquiries where user_email = ?")
                        .param(WARM_UP_EMAIL)
                        .query(Long.class)
                        .single())
                .as("no enquiry stored")
                .isZero();
        assertThat(db.sql("select count(*) from outbox where payload::text like ?")
                        .param("%" + WARM_UP_EMAIL + "%")
                        .query(Long.class)
                        .single())
                .as("no event in the outbox")
                .isZero();
        assertThat(db.sql("select count(*) from idempotency_keys where response_body::text like ?")
                        .param("%" + WARM_UP_EMAIL + "%")
                        .query(Long.class)
                        .single())
                .as("no idempotency key kept")
                .isZero();
        assertThat(db.sql("select count(*) from owners where email like 'rehearsal-%'")
                        .query(Long.class)
                        .single())
                .as("no rehearsal owner")
                .isZero();
        assertThat(db.sql("select count(*) from properties where url_slug like 'rehearsal-%'")
                        .query(Long.class)
                        .single())
                .as("no rehearsal property")
                .isZero();
    }

    @Test
    void withNoRequestsTheReplicaIsReadyWithoutAWarmUp() {
        List<RequestPathWarmUp.WarmUpFinished> seen = new CopyOnWriteArrayList<>();
        ApplicationListener<PayloadApplicationEvent<RequestPathWarmUp.WarmUpFinished>> listener =
                event -> seen.add(event.getPayload());

        try (ApiInstances.Running replica = ApiInstances.start(Map.of("owner-api.warm-up.requests", "0"), listener)) {
            assertThat(seen)
                    .singleElement()
                    .satisfies(finished -> assertThat(finished.sent()).isZero());
        }
    }
}
