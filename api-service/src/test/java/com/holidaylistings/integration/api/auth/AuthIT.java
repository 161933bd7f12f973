package com.holidaylistings.integration.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import org.junit.jupiter.api.Test;

class AuthIT extends ApiIntegrationTest {

    @Test
    void answersWhoseTokenItIs() {
        TestWorld.Account account = world.newAccount();

        ApiClient.Response response = as(account).get("/integration/v1/auth");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("id").asString()).isEqualTo(account.ownerId().toString());
        assertThat(response.json().get("email").asString()).isEqualTo(account.email());
        assertThat(response.json().propertyNames()).containsExactlyInAnyOrder("id", "email");
    }
}
