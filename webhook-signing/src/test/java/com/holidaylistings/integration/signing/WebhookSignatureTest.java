package com.holidaylistings.integration.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Known answers, not the signer checked against itself: the example published with the Standard
 * Webhooks specification, and two more computed once with {@code openssl dgst -sha256 -mac HMAC}.
 */
class WebhookSignatureTest {

    // The test vector published with the Standard Webhooks specification.
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final long TIMESTAMP = 1614265330;
    private static final String BODY = "{\"test\": 2432232314}";
    private static final String SIGNED = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

    // base64 of "an older secret of 32 bytes!!!!!"; the vector's request signed with it (openssl)
    private static final String OLDER = "whsec_YW4gb2xkZXIgc2VjcmV0IG9mIDMyIGJ5dGVzISEhISE=";
    private static final String SIGNED_WITH_OLDER = "v1,xrG1mYW9GIiSOaDSOPn9mrOrvwuL2VWE902dcA6E3dM=";

    @Test
    void signsTheStandardWebhooksTestVector() {
        assertThat(WebhookSignature.sign(SECRET, ID, TIMESTAMP, BODY)).isEqualTo(SIGNED);
    }

    @Test
    void signsRawBytesAndATimestampAsReceivedAlike() {
        assertThat(WebhookSignature.sign(SECRET, ID, "1614265330", BODY.getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(SIGNED);
    }

    @Test
    void signsWithOneSecretAsOneEntry() {
        assertThat(WebhookSignature.sign(List.of(SECRET), ID, TIMESTAMP, BODY)).isEqualTo(SIGNED);
    }

    @Test
    void signsWithEachSecretDuringARotationTheCurrentOneFirstSeparatedByASpace() {
        assertThat(WebhookSignature.sign(List.of(SECRET, OLDER), ID, TIMESTAMP, BODY))
                .isEqualTo(SIGNED + " " + SIGNED_WITH_OLDER);
        assertThat(WebhookSignature.sign(List.of(OLDER, SECRET), ID, TIMESTAMP, BODY))
                .isEqualTo(SIGNED_WITH_OLDER + " " + SIGNED);
    }

    @Test
    void needsASecret() {
        assertThatIllegalArgumentException().isThrownBy(() -> WebhookSignature.sign(List.of(), ID, TIMESTAMP, BODY));
    }

    @Test
    void refusesASecretThatIsNotBase64() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> WebhookSignature.sign("whsec_not base64!", ID, TIMESTAMP, BODY))
                .withMessageContaining("whsec_");
        assertThatIllegalArgumentException().isThrownBy(() -> WebhookSignature.sign("whsec_", ID, TIMESTAMP, BODY));
    }

    @Test
    void keysWithTheBase64PartOfTheSecretWithOrWithoutItsPrefix() {
        assertThat(WebhookSignature.sign("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", ID, TIMESTAMP, BODY))
                .isEqualTo(SIGNED);
    }

    @Test
    void changesWithTheIdTheTimestampAndTheBody() {
        assertThat(WebhookSignature.sign(SECRET, "msg_other", TIMESTAMP, BODY)).isNotEqualTo(SIGNED);
        assertThat(WebhookSignature.sign(SECRET, ID, TIMESTAMP + 1, BODY)).isNotEqualTo(SIGNED);
        assertThat(WebhookSignature.sign(SECRET, ID, TIMESTAMP, "{\"test\": 2432232315}"))
                .isNotEqualTo(SIGNED);
    }

    @Test
    void signsTheBodyAsUtf8() {
        // "ë" is 2 bytes in UTF-8: any other encoding gives another signature (openssl's answer)
        assertThat(WebhookSignature.sign(SECRET, ID, TIMESTAMP, "{\"name\":\"Zoë\"}"))
                .isEqualTo("v1,3Y0uOXEca2zsElJwlDVR3YZoq8JPNDFNFfgiXf6SB8Y=");
    }

    @Test
    void verifiesAnyEntryOfTheHeader() {
        byte[] body = BODY.getBytes(StandardCharsets.UTF_8);

        assertThat(WebhookSignature.verifies(SECRET, ID, "1614265330", body, SIGNED))
                .isTrue();
        assertThat(WebhookSignature.verifies(OLDER, ID, "1614265330", body, SIGNED + " " + SIGNED_WITH_OLDER))
                .isTrue();
        assertThat(WebhookSignature.verifies(SECRET, ID, "1614265330", body, "v1,bm90IGl0 " + SIGNED))
                .isTrue();
    }

    @Test
    void verifiesNothingElse() {
        byte[] body = BODY.getBytes(StandardCharsets.UTF_8);

        assertThat(WebhookSignature.verifies(OLDER, ID, "1614265330", body, SIGNED))
                .as("another secret")
                .isFalse();
        assertThat(WebhookSignature.verifies(SECRET, ID, "1614265331", body, SIGNED))
                .as("another timestamp")
                .isFalse();
        assertThat(WebhookSignature.verifies(SECRET, ID, "1614265330", "{}".getBytes(StandardCharsets.UTF_8), SIGNED))
                .as("another body")
                .isFalse();
        assertThat(WebhookSignature.verifies(SECRET, ID, "1614265330", body, SIGNED.replace("v1,", "v2,")))
                .as("another version")
                .isFalse();
        assertThat(WebhookSignature.verifies(SECRET, ID, "1614265330", body, SIGNED + "="))
                .as("a longer entry")
                .isFalse();
        assertThat(WebhookSignature.verifies(SECRET, ID, "1614265330", body, null))
                .as("no header")
                .isFalse();
        assertThat(WebhookSignature.verifies(SECRET, null, "1614265330", body, SIGNED))
                .as("no id")
                .isFalse();
        assertThat(WebhookSignature.verifies("whsec_not base64!", ID, "1614265330", body, SIGNED))
                .as("a secret that is none")
                .isFalse();
    }

    @Test
    void tellsWhichSecretVerifies() {
        byte[] body = BODY.getBytes(StandardCharsets.UTF_8);

        assertThat(WebhookSignature.verifyingSecret(List.of(OLDER, SECRET), ID, "1614265330", body, SIGNED))
                .isEqualTo(1);
        assertThat(WebhookSignature.verifyingSecret(
                        List.of(SECRET, OLDER), ID, "1614265330", body, SIGNED_WITH_OLDER + " " + SIGNED))
                .isZero();
        assertThat(WebhookSignature.verifyingSecret(List.of(OLDER), ID, "1614265330", body, SIGNED))
                .isEqualTo(-1);
    }
}
