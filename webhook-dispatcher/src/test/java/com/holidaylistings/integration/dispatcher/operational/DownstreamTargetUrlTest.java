package com.holidaylistings.integration.dispatcher.operational;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What downstream teams see of a hook's target URL on webhook.operational: nothing that could be a credential. */
@Tag("security")
class DownstreamTargetUrlTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            https://hooks.example.com/in/owner-7?token=s3cret           | https://hooks.example.com/in/owner-7
            https://user:pa55@hooks.example.com/in                      | https://hooks.example.com/in
            https://hooks.example.com:8443/in?a=1&b=2#section           | https://hooks.example.com:8443/in
            https://hooks.example.com/in#access_token=s3cret            | https://hooks.example.com/in
            https://hooks.example.com                                   | https://hooks.example.com
            http://127.0.0.1:9000/hooks/demo                            | http://127.0.0.1:9000/hooks/demo
            https://[2001:db8::1]:8443/in?key=s3cret                    | https://[2001:db8::1]:8443/in
            https://hooks.example.com/a%20b?x=y                         | https://hooks.example.com/a%20b
            """)
    void keepsOnlySchemeHostAndPath(String subscribed, String shown) {
        assertThat(DownstreamTargetUrl.of(subscribed)).isEqualTo(shown);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            https://user:pa55@hooks.example.com/a b?token=s3cret        | https://hooks.example.com/a b
            https://token@hooks.example.com/in^x#s3cret                 | https://hooks.example.com/in^x
            """)
    void dropsTheSecretPartsOfAUrlThatDoesNotParse(String subscribed, String shown) {
        assertThat(DownstreamTargetUrl.of(subscribed)).isEqualTo(shown);
    }
}
