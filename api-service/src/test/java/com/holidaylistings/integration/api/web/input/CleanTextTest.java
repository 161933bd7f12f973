package com.holidaylistings.integration.api.web.input;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CleanTextTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "plain", "", "tab\there", "line\nbreak", "windows\r\nline", "Zoë’s café in Málaga", "Ærøskøbing, Øst",
                "日本の別荘", "Привет", "🏖️ beach 😀 house", "👨‍👩‍👧‍👦 family", "a\u00A0non-breaking space",
                        "ﬁ ligature", "\uD83D\uDE00"
            })
    void acceptsPrintableTextWithTabsAndNewlines(String text) {
        assertThat(CleanText.isClean(text)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "nul\u0000byte",
                "\u0000",
                "bell\u0007",
                "backspace\b",
                "escape\u001B[31m",
                "form\ffeed",
                "vertical\u000Btab",
                "delete\u007F",
                "c1\u0085next line",
                "c1\u009Fend",
                "\u001F"
            })
    void refusesControlCharacters(String text) {
        assertThat(CleanText.isClean(text)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "\uD83D",
                "lone high \uD83D at the end",
                "\uD83Dx",
                "lone low \uDE00",
                "\uDE00\uD83D",
                "\uD83D\uD83D\uDE00x\uDE00"
            })
    void refusesUnpairedSurrogates(String text) {
        assertThat(CleanText.isClean(text)).isFalse();
    }
}
