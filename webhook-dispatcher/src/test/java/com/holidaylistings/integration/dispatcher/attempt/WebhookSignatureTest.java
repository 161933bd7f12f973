package com.holidaylistings.integration.dispatcher.attempt;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class WebhookSignatureTest {

    // The test vector published with the Standard Webhooks specification.
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final long TIMESTAMP = 1614265330;
    private static final String BODY = "{\"test\": 2432232314}";

    @Test
    void signsTheStandardWebhooksTestVector() {
        assertThat(WebhookSignature.sign(SECRET, ID, TIMESTAMP, BODY))
                .isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void signsWithOneSecretAsOneEntry() {
        assertThat(WebhookSignature.sign(java.util.List.of(SECRET), ID, TIMESTAMP, BODY))
                .isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void signsWithEachSecretDuringARotationTheCurrentOneFirstSeparatedByASpace() {
        String previous = "whsec_"
                + Base64.getEncoder()
                        .encodeToString("an older secret of 32 bytes!!!!!".getBytes(StandardCharsets.UTF_8));

        String header = WebhookSignature.sign(java.util.List.of(SECRET, previous), ID, TIMESTAMP, BODY);

        String[] entries = header.split(" ");
        assertThat(entries)
                .containsExactly(
                        "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
                        "v1,"
                                + Base64.getEncoder()
                                        .encodeToString(hmac(
                                                previous.substring("whsec_".length()),
                                                ID + "." + TIMESTAMP + "." + BODY)));
        assertThat(header).doesNotContain(",v1").contains("= v1,");
    }

    @Test
    void needsASecret() {
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> WebhookSignature.sign(java.util.List.of(), ID, TIMESTAMP, BODY));
    }

    @Test
    void keysWithTheBase64PartOfTheSecretWithOrWithoutItsPrefix() {
        assertThat(WebhookSignature.sign("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", ID, TIMESTAMP, BODY))
                .isEqualTo(WebhookSignature.sign(SECRET, ID, TIMESTAMP, BODY));
    }

    @Test
    void changesWithTheId() {
        assertThat(WebhookSignature.sign(SECRET, "msg_other", TIMESTAMP, BODY))
                .isNotEqualTo(WebhookSignature.sign(SECRET, ID, TIMESTAMP, BODY));
    }

    @Test
    void changesWithTheTimestamp() {
        assertThat(WebhookSignature.sign(SECRET, ID, TIMESTAMP + 1, BODY))
                .isNotEqualTo(WebhookSignature.sign(SECRET, ID, TIMESTAMP, BODY));
    }

    @Test
    void changesWithTheBody() {
        assertThat(WebhookSignature.sign(SECRET, ID, TIMESTAMP, "{\"test\": 2432232315}"))
                .isNotEqualTo(WebhookSignature.sign(SECRET, ID, TIMESTAMP, BODY));
    }

    @Test
    void signsTheBodyAsUtf8() {
        // "é" is 2 bytes in UTF-8: any other encoding gives another signature.
        assertThat(WebhookSignature.sign(SECRET, ID, TIMESTAMP, "{\"name\":\"Zoë\"}"))
                .isEqualTo("v1,"
                        + Base64.getEncoder()
                                .encodeToString(hmac(
                                        "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                                        ID + "." + TIMESTAMP + ".{\"name\":\"Zoë\"}")));
    }

    private static byte[] hmac(String base64Key, String content) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(base64Key), "HmacSHA256"));
            return mac.doFinal(content.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
