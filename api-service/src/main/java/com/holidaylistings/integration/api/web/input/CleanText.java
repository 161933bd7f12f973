package com.holidaylistings.integration.api.web.input;

/**
 * Text that PostgreSQL stores and every client renders as it was sent: no NUL or other control
 * characters (tab, line feed and carriage return are fine) and no unpaired UTF-16 surrogates,
 * which would otherwise be replaced silently when encoded to UTF-8.
 */
final class CleanText {

    private CleanText() {}

    static boolean isClean(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= value.length() || !Character.isLowSurrogate(value.charAt(i + 1))) {
                    return false;
                }
                i++;
            } else if (Character.isLowSurrogate(c) || isForbiddenControl(c)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isForbiddenControl(char c) {
        return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F || (c >= 0x80 && c < 0xA0);
    }
}
