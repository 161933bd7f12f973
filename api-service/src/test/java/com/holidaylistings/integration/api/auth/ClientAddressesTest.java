package com.holidaylistings.integration.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClientAddressesTest {

    @Test
    void countsAnIpv4AddressAsItself() {
        assertThat(ClientAddresses.counted("203.0.113.7")).isEqualTo("203.0.113.7");
    }

    @Test
    void countsAnIpv6AddressByItsSlash64WhateverItsSpelling() {
        assertThat(ClientAddresses.counted("2001:db8:0:1::1")).isEqualTo("2001:db8:0:1::/64");
        assertThat(ClientAddresses.counted("2001:0DB8:0000:0001:ffff:ffff:ffff:ffff"))
                .isEqualTo("2001:db8:0:1::/64");
        assertThat(ClientAddresses.counted("0:0:0:0:0:0:0:1")).isEqualTo("0:0:0:0::/64");
        assertThat(ClientAddresses.counted("fe80::1%1")).isEqualTo("fe80:0:0:0::/64");
    }

    @Test
    void countsAnIpv4MappedAddressAsItsIpv4Address() {
        assertThat(ClientAddresses.counted("::ffff:203.0.113.7")).isEqualTo("203.0.113.7");
    }

    @Test
    void keepsWhatIsNotAnAddressAsItsOwnKey() {
        assertThat(ClientAddresses.counted("not:an:address:at:all")).isEqualTo("not:an:address:at:all");
        assertThat(ClientAddresses.counted(null)).isEmpty();
    }
}
