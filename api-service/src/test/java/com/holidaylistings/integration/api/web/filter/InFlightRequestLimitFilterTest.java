package com.holidaylistings.integration.api.web.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.api.web.error.JsonErrorWriter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

class InFlightRequestLimitFilterTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final InFlightRequestLimitFilter filter = new InFlightRequestLimitFilter(
            2, new JsonErrorWriter(JsonMapper.builder().build()), registry);

    @Test
    void answersTheRequestsOverTheBound503AtOnceAndTheNextOnesOnceOneEnds() throws Exception {
        CountDownLatch working = new CountDownLatch(2);
        CountDownLatch finish = new CountDownLatch(1);
        Work slow = () -> {
            working.countDown();
            finish.await(30, TimeUnit.SECONDS);
        };
        ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor();
        Future<MockHttpServletResponse> first = clients.submit(() -> send(chain(slow)));
        Future<MockHttpServletResponse> second = clients.submit(() -> send(chain(slow)));
        assertThat(working.await(30, TimeUnit.SECONDS))
                .as("both requests are being worked on")
                .isTrue();
        assertThat(registry.get("http.server.requests.in.flight").gauge().value())
                .isEqualTo(2);

        MockHttpServletResponse refused = send(chain(() -> {
            throw new AssertionError("a request over the bound must not be worked on");
        }));

        assertThat(refused.getStatus()).isEqualTo(503);
        assertThat(refused.getHeader("Retry-After")).isEqualTo("2");
        assertThat(refused.getContentAsString()).contains("\"error\"");
        assertThat(registry.get("http.server.requests.refused").counter().count())
                .isEqualTo(1);

        finish.countDown();
        assertThat(first.get(30, TimeUnit.SECONDS).getStatus()).isEqualTo(200);
        assertThat(second.get(30, TimeUnit.SECONDS).getStatus()).isEqualTo(200);
        assertThat(send(chain(() -> {})).getStatus()).as("the permits are back").isEqualTo(200);
        assertThat(registry.get("http.server.requests.in.flight").gauge().value())
                .isZero();
        clients.close();
    }

    @Test
    void givesThePermitBackWhenTheRequestFails() {
        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(() -> filter.doFilter(
                            new MockHttpServletRequest("POST", "/v1/x"), new MockHttpServletResponse(), chain(() -> {
                                throw new IllegalStateException("failed");
                            })))
                    .hasMessage("failed");
        }

        assertThat(send(chain(() -> {})).getStatus()).isEqualTo(200);
    }

    private MockHttpServletResponse send(MockFilterChain chain) {
        MockHttpServletResponse response = new MockHttpServletResponse();
        try {
            filter.doFilter(new MockHttpServletRequest("POST", "/internal/v1/enquiries"), response, chain);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return response;
    }

    private interface Work {
        void run() throws Exception;
    }

    private static MockFilterChain chain(Work work) {
        return new MockFilterChain(new jakarta.servlet.http.HttpServlet() {
            @Override
            protected void service(
                    jakarta.servlet.http.HttpServletRequest request,
                    jakarta.servlet.http.HttpServletResponse response) {
                try {
                    work.run();
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        });
    }
}
