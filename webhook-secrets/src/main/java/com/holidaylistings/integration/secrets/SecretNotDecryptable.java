package com.holidaylistings.integration.secrets;

import java.util.UUID;

/** A stored secret that no listed key opens for its owner. Names the owner and the reason, never the value. */
public final class SecretNotDecryptable extends RuntimeException {

    SecretNotDecryptable(UUID owner, String reason) {
        super("The webhook secret of owner " + owner + " cannot be decrypted: " + reason);
    }
}
