package com.holidaylistings.integration.dispatcher.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A receiver that hangs far past the 1 s timeout, next to a healthy one on the same host and for
 * the same events: the healthy one gets every event promptly, and the hanging one's circuit opens
 * so that it stops tying up connections.
 */
class IsolationIT extends DispatcherIntegrationTest {

    private static final Logger log = LoggerFactory.getLogger(IsolationIT.class);
    private static final int EVENTS = 30;
    private static final Duration PROMPTLY = Duration.ofMillis(1500);

    @Autowired
    private HookBreakers guards;

    @Test
    void deliversPromptlyToAHealthyReceiverNextToAHangingOne() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        data.subscribe(owner, receiver.url("/hanging", WebhookReceiver.Answer.hang(Duration.ofSeconds(10))), null);
        data.subscribe(owner, receiver.url("/healthy", WebhookReceiver.Answer.ok()), null);

        List<Events.Published> published = publish(property);

        await().atMost(Duration.ofSeconds(30))
                .until(() -> receiver.requests("/healthy").size() >= EVENTS);
        Map<String, WebhookDelivery> received = receiver.requests("/healthy").stream()
                .collect(Collectors.toMap(WebhookDelivery::body, Function.identity()));
        List<Long> latencies = published.stream()
                .map(event -> Duration.between(
                                event.publishedAt(),
                                received.get(event.payload()).receivedAt())
                        .toMillis())
                .toList();
        log.info("Healthy receiver's latencies next to a hanging one (ms): {}", latencies);
        assertThat(received).hasSize(EVENTS);
        assertThat(latencies).allSatisfy(latency -> assertThat(latency).isLessThanOrEqualTo(PROMPTLY.toMillis()));
    }

    @Test
    void opensTheCircuitOfAHangingReceiver() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        String hangingUrl = receiver.url("/hanging", WebhookReceiver.Answer.hang(Duration.ofSeconds(10)));
        UUID hanging = data.subscribe(owner, hangingUrl, null);
        data.subscribe(owner, receiver.url("/healthy", WebhookReceiver.Answer.ok()), null);

        publish(property);

        await().atMost(Duration.ofSeconds(30))
                .until(() -> receiver.requests("/healthy").size() >= EVENTS);
        // Every delivery to the hanging receiver ends abandoned after its 4 attempts.
        await().atMost(Duration.ofSeconds(90))
                .until(() -> data.attempts(hanging).size() == EVENTS * 4);
        List<TestData.Attempt> attempts = data.attempts(hanging);
        List<TestData.Attempt> shortCircuited = attempts.stream()
                .filter(attempt -> attempt.error() != null && attempt.error().startsWith("circuit open"))
                .toList();
        List<TestData.Attempt> sent = attempts.stream()
                .filter(attempt -> attempt.error() == null || !attempt.error().startsWith("circuit open"))
                .toList();
        log.info(
                "Hanging receiver: {} attempts, {} sent, {} short-circuited, {} requests received",
                attempts.size(),
                sent.size(),
                shortCircuited.size(),
                receiver.requests("/hanging").size());
        assertThat(shortCircuited).isNotEmpty().allSatisfy(attempt -> {
            assertThat(attempt.httpStatus()).isNull();
            assertThat(attempt.durationMs()).isZero();
        });
        assertThat(receiver.requests("/hanging"))
                .as("requests that reached the hanging receiver")
                .hasSize(sent.size());
        assertThat(sent).as("attempts that reached the hanging receiver").hasSizeLessThan(EVENTS * 2);
        assertThat(guards.breaker(SubscriptionId.of(hanging)).getState()).isEqualTo(CircuitBreaker.State.OPEN);
        assertThat(receiver.requests("/healthy")).hasSize(EVENTS);
    }

    /**
     * Owners A and V subscribe one receiver URL, which serves all its owners and rejects A's
     * deliveries (A's secret is wrong there: 401). A's failures open A's breaker alone: V's
     * deliveries, sent after A's have failed enough to open a breaker, arrive on time.
     */
    @Test
    @Tag("security")
    void oneOwnersFailuresAtASharedReceiverLeaveAnotherOwnersDeliveriesOnTime() {
        TestData.Owner a = data.owner();
        UUID aProperty = data.property(a);
        TestData.Owner v = data.owner();
        UUID vProperty = data.property(v);
        String shared = receiver.url("/shared-by-owners");
        receiver.answer(
                "/shared-by-owners",
                delivery -> delivery.body() != null && delivery.body().contains(aProperty.toString())
                        ? WebhookReceiver.Answer.status(401)
                        : WebhookReceiver.Answer.status(204));
        UUID aHook = data.subscribe(a, shared, null);
        UUID vHook = data.subscribe(v, shared, null);

        publish(aProperty);
        await().atMost(Duration.ofSeconds(60)).until(() -> data.attempts(aHook).size() >= EVENTS);
        assertThat(guards.breaker(SubscriptionId.of(aHook)).getState())
                .as("A's breaker")
                .isEqualTo(CircuitBreaker.State.OPEN);

        List<Events.Published> vs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            vs.add(events.enquiryOn(vProperty));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> data.attempts(vHook).size() >= vs.size());
        assertThat(data.attempts(vHook))
                .as("each of V's deliveries received at its first attempt, none short-circuited")
                .hasSize(vs.size())
                .allSatisfy(attempt -> {
                    assertThat(attempt.outcome()).isEqualTo("succeeded");
                    assertThat(attempt.attempt()).isOne();
                });
    }

    private List<Events.Published> publish(UUID property) {
        List<Events.Published> published = new ArrayList<>();
        for (int i = 0; i < EVENTS; i++) {
            published.add(events.enquiryOn(property));
        }
        return published;
    }
}
