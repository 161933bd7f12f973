package com.holidaylistings.integration.targets;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.targets.TargetAddressRule.Refusal;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TargetAddressRuleTest {

    private static final Set<Integer> STACK_PORTS = Set.of(8443, 8081, 5432, 9092);
    private static final TargetAddressRule PRODUCTION = new TargetAddressRule(false, STACK_PORTS);
    private static final TargetAddressRule LOCAL_STACK = new TargetAddressRule(true, STACK_PORTS);

    @Test
    void allowsPublicAddressesOnAnyPort() throws UnknownHostException {
        for (TargetAddressRule rule : new TargetAddressRule[] {PRODUCTION, LOCAL_STACK}) {
            assertThat(rule.refusal(address("93.184.215.14"), 443)).isEmpty();
            assertThat(rule.refusal(address("93.184.215.14"), 5432))
                    .as("a stack port is refused on internal hosts only")
                    .isEmpty();
            assertThat(rule.refusal(address("2606:4700:4700::1111"), 9092)).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "10.0.0.5", "192.168.1.1", "::1", "fd00::1", "169.254.169.254", "fe80::1"})
    void refusesEveryInternalAddressWhenPrivateTargetsAreNotAllowed(String internal) throws UnknownHostException {
        assertThat(PRODUCTION.refusal(address(internal), 8080)).contains(Refusal.INTERNAL);
    }

    @Test
    void allowsPrivateAddressesOnOtherPortsWhereAllowed() throws UnknownHostException {
        assertThat(LOCAL_STACK.refusal(address("127.0.0.1"), 38211)).isEmpty();
        assertThat(LOCAL_STACK.refusal(address("10.0.0.5"), 80)).isEmpty();
        assertThat(LOCAL_STACK.refusal(address("::1"), 8080)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "10.0.0.5", "172.18.0.3", "::1", "0.0.0.0", "::ffff:127.0.0.1"})
    void refusesTheStacksOwnPortsOnInternalAddressesEvenWhereAllowed(String internal) throws UnknownHostException {
        for (int port : STACK_PORTS) {
            assertThat(LOCAL_STACK.refusal(address(internal), port))
                    .as(internal + ":" + port)
                    .contains(Refusal.STACK_PORT);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "169.254.169.254",
                "169.254.0.1",
                "fe80::1",
                "febf:ffff::1",
                "::ffff:169.254.169.254",
                "64:ff9b::a9fe:a9fe",
                "2002:a9fe:a9fe::1"
            })
    void refusesLinkLocalAddressesEvenWherePrivateTargetsAreAllowed(String linkLocal) throws UnknownHostException {
        assertThat(LOCAL_STACK.refusal(address(linkLocal), 80)).as(linkLocal).contains(Refusal.LINK_LOCAL);
    }

    @Test
    void explainsEachRefusalAsAFieldError() {
        assertThat(Refusal.INTERNAL.fieldError())
                .isEqualTo("must not point to a private, loopback or otherwise internal address");
        assertThat(Refusal.LINK_LOCAL.fieldError()).isEqualTo("must not point to a link-local address");
        assertThat(Refusal.STACK_PORT.fieldError())
                .isEqualTo("must not point to one of the stack's own ports (its services, PostgreSQL, Kafka)");
    }

    @Test
    void refusesNothingElseForLackOfRefusedPorts() throws UnknownHostException {
        assertThat(new TargetAddressRule(true, Set.of()).refusal(address("127.0.0.1"), 5432))
                .isEqualTo(Optional.empty());
    }

    private static InetAddress address(String literal) throws UnknownHostException {
        return InetAddress.getByName(literal);
    }
}
