package com.holidaylistings.integration.testsupport;

/**
 * {@code SECRETS_ENCRYPTION_KEYS} of every test run: the key {@value #CURRENT_KEY_ID} encrypts, the
 * retired {@value #RETIRED_KEY_ID} still decrypts (so that tests can store what an older key made).
 * For tests only: these keys are public.
 */
public final class TestSecrets {

    public static final String CURRENT_KEY_ID = "test-current";
    public static final String RETIRED_KEY_ID = "test-retired";
    public static final String RETIRED_KEY = RETIRED_KEY_ID + ":Wdf8Tg+lq3m4fzmd0SS0wt1HOg6R5EedBmQQYd+thwY=";
    public static final String ENCRYPTION_KEYS =
            CURRENT_KEY_ID + ":0LpbxXawqffgMWmdgb3ExX8ukBeKDWsqlUySj/B1U+c=," + RETIRED_KEY;

    private TestSecrets() {}
}
