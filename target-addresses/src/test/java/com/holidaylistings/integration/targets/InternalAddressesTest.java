package com.holidaylistings.integration.targets;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InternalAddressesTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                // IPv4: private, loopback, link-local (cloud metadata), CGNAT, "this network", special and multicast
                "10.0.0.1",
                "10.255.255.255",
                "172.16.0.1",
                "172.31.255.255",
                "192.168.1.1",
                "192.168.255.255",
                "127.0.0.1",
                "127.255.255.254",
                "169.254.169.254",
                "169.254.0.1",
                "100.64.0.1",
                "100.127.255.255",
                "0.0.0.0",
                "0.1.2.3",
                "192.0.0.1",
                "198.18.0.1",
                "198.19.255.255",
                "224.0.0.1",
                "239.255.255.250",
                "240.0.0.1",
                "255.255.255.255",
                // IPv6: loopback, unspecified, link-local, unique-local (fd00:ec2::254 is AWS metadata), site-local,
                // multicast
                "::1",
                "::",
                "fe80::1",
                "febf:ffff::1",
                "fc00::1",
                "fd00::1",
                "fd00:ec2::254",
                "fec0::1",
                "ff02::1",
                "2001:db8::1",
                // IPv4 inside IPv6: mapped, compatible, NAT64, 6to4
                "::ffff:10.0.0.1",
                "::ffff:127.0.0.1",
                "::ffff:169.254.169.254",
                "::10.0.0.1",
                "::127.0.0.1",
                "64:ff9b::a00:1",
                "64:ff9b::7f00:1",
                "64:ff9b::a9fe:a9fe",
                "2002:0a00:0001::",
                "2002:7f00:0001::1",
                "2002:c0a8:0101::"
            })
    void refusesInternalAddresses(String address) throws UnknownHostException {
        assertThat(InternalAddresses.isInternal(InetAddress.getByName(address)))
                .as(address)
                .isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "8.8.8.8",
                "1.1.1.1",
                "93.184.215.14",
                "100.63.255.255",
                "100.128.0.1",
                "172.15.255.255",
                "172.32.0.1",
                "169.253.255.255",
                "169.255.0.1",
                "192.167.255.255",
                "192.169.0.1",
                "198.17.255.255",
                "198.20.0.1",
                "11.0.0.1",
                "126.255.255.255",
                "128.0.0.1",
                "223.255.255.254",
                "2606:4700:4700::1111",
                "2a00:1450:4001:80b::200e",
                "2001:4860:4860::8888",
                "::ffff:8.8.8.8",
                "64:ff9b::808:808",
                "2002:0808:0808::1"
            })
    void allowsPublicAddresses(String address) throws UnknownHostException {
        assertThat(InternalAddresses.isInternal(InetAddress.getByName(address)))
                .as(address)
                .isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "169.254.169.254",
                "169.254.0.0",
                "169.254.255.255",
                "fe80::1",
                "febf:ffff::1",
                "::ffff:169.254.169.254",
                "64:ff9b::a9fe:a9fe",
                "2002:a9fe:a9fe::1"
            })
    void recognisesLinkLocalAddresses(String address) throws UnknownHostException {
        assertThat(InternalAddresses.isLinkLocal(InetAddress.getByName(address)))
                .as(address)
                .isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "127.0.0.1",
                "10.0.0.1",
                "169.253.255.255",
                "169.255.0.1",
                "::1",
                "fd00:ec2::254",
                "fec0::1",
                "8.8.8.8",
                "2606:4700:4700::1111",
                "::ffff:127.0.0.1"
            })
    void tellsOtherAddressesFromLinkLocalOnes(String address) throws UnknownHostException {
        assertThat(InternalAddresses.isLinkLocal(InetAddress.getByName(address)))
                .as(address)
                .isFalse();
    }
}
