package com.holidaylistings.integration.api.hook;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.web.input.FieldErrors;
import com.holidaylistings.integration.targets.TargetAddressRule;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TargetUrlPolicyTest {

    private static final String INTERNAL = "must not point to a private, loopback or otherwise internal address";
    private static final String NOT_HTTP = "must be an absolute http or https URL";
    private static final String LINK_LOCAL = "must not point to a link-local address";
    private static final String STACK_PORT =
            "must not point to one of the stack's own ports (its services, PostgreSQL, Kafka)";
    private static final Set<Integer> STACK_PORTS = Set.of(80, 5432, 8443, 9092);

    /** A resolver that knows a few names and records what it was asked. */
    private static final class FakeResolver implements HostResolver {

        private final Map<String, List<String>> names;
        private final List<String> asked = new ArrayList<>();

        FakeResolver(Map<String, List<String>> names) {
            this.names = names;
        }

        @Override
        public List<InetAddress> resolve(String host) throws UnknownHostException {
            asked.add(host);
            List<String> literals = names.get(host);
            if (literals == null) {
                // IP literals resolve to themselves without DNS, as InetAddress does.
                if (host.matches("[0-9.]+") || host.contains(":")) {
                    return List.of(InetAddress.getByName(host));
                }
                throw new UnknownHostException(host);
            }
            List<InetAddress> addresses = new ArrayList<>();
            for (String literal : literals) {
                addresses.add(InetAddress.getByAddress(
                        host, InetAddress.getByName(literal).getAddress()));
            }
            return addresses;
        }
    }

    private static final FakeResolver DNS = new FakeResolver(Map.of(
            "hooks.internal.example", List.of("10.0.0.5"),
            "hooks.example.com", List.of("93.184.215.14"),
            "v6.example.com", List.of("2606:4700:4700::1111"),
            "mixed.example.com", List.of("93.184.215.14", "10.0.0.5"),
            "metadata.example.com", List.of("169.254.169.254"),
            "rebind.example.com", List.of("93.184.215.14", "127.0.0.1"),
            "nothing.example.com", List.of()));

    @Test
    void refusesANameThatResolvesToAPrivateAddress() {
        assertThat(errors(DNS, false, "https://hooks.internal.example/receive")).containsExactly(INTERNAL);
        assertThat(errors(DNS, false, "http://metadata.example.com/latest/meta-data"))
                .containsExactly(INTERNAL);
    }

    @Test
    void acceptsANameThatResolvesToPublicAddresses() {
        assertThat(errors(DNS, false, "https://hooks.example.com/receive?secret=abc"))
                .isEmpty();
        assertThat(errors(DNS, false, "http://v6.example.com:8080/hook")).isEmpty();
    }

    @Test
    void refusesANameThatCannotBeResolved() {
        assertThat(errors(DNS, false, "https://unknown.example.com/hook")).containsExactly("host cannot be resolved");
        assertThat(errors(DNS, false, "https://nothing.example.com/hook")).containsExactly(INTERNAL);
    }

    @Test
    void refusesANameWithAnyPrivateAddressAmongPublicOnes() {
        assertThat(errors(DNS, false, "https://mixed.example.com/hook")).containsExactly(INTERNAL);
        assertThat(errors(DNS, false, "https://rebind.example.com/hook")).containsExactly(INTERNAL);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://127.0.0.1/",
                "http://10.0.0.1/",
                "http://192.168.1.1/",
                "http://172.16.0.1/",
                "http://169.254.169.254/latest/meta-data",
                "http://100.64.0.1/",
                "http://[::1]/",
                "http://[fd00::1]/",
                "http://[::ffff:127.0.0.1]/",
                "http://0.0.0.0/",
                "https://[fe80::1]:8443/x"
            })
    void refusesInternalIpLiterals(String url) {
        assertThat(errors(DNS, false, url)).containsExactly(INTERNAL);
    }

    @Test
    void resolvesTheBareAddressOfAnIpv6Literal() {
        FakeResolver resolver = new FakeResolver(Map.of());

        assertThat(errors(resolver, false, "https://[2606:4700:4700::1111]:8443/hook"))
                .isEmpty();
        assertThat(resolver.asked).containsExactly("2606:4700:4700::1111");
    }

    @Test
    void acceptsPublicIpLiterals() {
        assertThat(errors(DNS, false, "https://93.184.215.14/hook")).isEmpty();
        assertThat(errors(DNS, false, "HTTP://8.8.8.8:8080/a/b?c=d")).isEmpty();
    }

    @Test
    void allowsPrivateTargetsWhereAllowed() {
        FakeResolver resolver = new FakeResolver(Map.of("localhost", List.of("127.0.0.1", "::1")));

        for (String url : List.of(
                "http://127.0.0.1:8080/hook",
                "http://localhost:9000/",
                "http://10.0.0.5:81/",
                "https://hooks.internal.example/receive",
                "http://[::1]:8080/",
                "http://unknown.example.com/x")) {
            assertThat(errors(resolver, true, url)).as(url).isEmpty();
        }
    }

    @Test
    void refusesTheStacksOwnPortsOnInternalAddressesEvenWherePrivateTargetsAreAllowed() {
        FakeResolver resolver =
                new FakeResolver(Map.of("localhost", List.of("127.0.0.1"), "postgres", List.of("172.18.0.2")));

        for (String url : List.of(
                "http://127.0.0.1:5432/",
                "https://localhost:8443/integration/v1/auth",
                "http://postgres:5432/x",
                "http://[::1]:9092/",
                "http://10.0.0.5/",
                "https://0.0.0.0:8443/")) {
            assertThat(errors(resolver, true, url)).as(url).containsExactly(STACK_PORT);
        }
        assertThat(errors(DNS, true, "http://93.184.215.14:5432/"))
                .as("a public host's port is its own")
                .isEmpty();
    }

    @Test
    void refusesLinkLocalTargetsEvenWherePrivateTargetsAreAllowed() {
        for (String url : List.of(
                "http://169.254.169.254/latest/meta-data",
                "http://metadata.example.com:8080/",
                "http://[fe80::1]:8080/",
                "http://[::ffff:169.254.169.254]/")) {
            assertThat(errors(DNS, true, url)).as(url).containsExactly(LINK_LOCAL);
        }
    }

    @Test
    void refusesMalformedTargetsEvenWhenPrivateTargetsAreAllowed() {
        for (boolean allowPrivate : List.of(true, false)) {
            assertThat(errors(DNS, allowPrivate, "ftp://93.184.215.14/hook")).containsExactly(NOT_HTTP);
            assertThat(errors(DNS, allowPrivate, "/relative/hook")).containsExactly(NOT_HTTP);
            assertThat(errors(DNS, allowPrivate, "93.184.215.14/hook")).containsExactly(NOT_HTTP);
            assertThat(errors(DNS, allowPrivate, "mailto:ops@example.com")).containsExactly(NOT_HTTP);
            assertThat(errors(DNS, allowPrivate, "https:///path")).containsExactly(NOT_HTTP);
            assertThat(errors(DNS, allowPrivate, "https://user:secret@93.184.215.14/hook"))
                    .containsExactly("must not contain user info");
            assertThat(errors(DNS, allowPrivate, "https://93.184.215.14/hook#top"))
                    .containsExactly("must not contain a fragment");
            assertThat(errors(DNS, allowPrivate, "https://93.184.215.14/a b")).containsExactly("must be a valid URL");
        }
    }

    @Test
    void requiresANonBlankUrlOfAtMost2048Characters() {
        String prefix = "https://93.184.215.14/";
        String longest = prefix + "a".repeat(2048 - prefix.length());

        assertThat(errors(DNS, false, null)).containsExactly("is required");
        assertThat(errors(DNS, false, " ")).containsExactly("must not be blank");
        assertThat(errors(DNS, false, longest)).isEmpty();
        assertThat(errors(DNS, false, longest + "a")).containsExactly("must be at most 2048 characters");
    }

    @Test
    void reportsUnderTheGivenField() {
        FieldErrors errors = new FieldErrors();

        new TargetUrlPolicy(DNS, new TargetAddressRule(false, STACK_PORTS))
                .check("targetUrl", "http://10.0.0.1/", errors);

        assertThat(errors.asMap()).isEqualTo(Map.of("targetUrl", List.of(INTERNAL)));
    }

    private static List<String> errors(HostResolver resolver, boolean allowPrivate, String url) {
        FieldErrors errors = new FieldErrors();
        new TargetUrlPolicy(resolver, new TargetAddressRule(allowPrivate, STACK_PORTS)).check("field", url, errors);
        return errors.asMap().getOrDefault("field", List.of());
    }
}
