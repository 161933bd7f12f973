package com.holidaylistings.integration.bench;

import java.util.Map;

/** How figures and the machine read in the markdown. */
final class Format {

    private Format() {}

    /** Whole numbers without decimals, others with at most two significant decimals. */
    static String number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return String.format("%,d", (long) value);
        }
        return Math.abs(value) >= 100
                ? String.format("%,.0f", value)
                : Math.abs(value) >= 1 ? String.format("%.1f", value) : String.format("%.2f", value);
    }

    static final String TABLE_HEADER = "| Figure | Measured | Goal | Met? |\n|---|---|---|---|\n";

    /** One row of a figures table. */
    static String row(String figure, double measured, String unit, String goal, Boolean met) {
        return "| " + figure + " | " + number(measured) + unitSuffix(unit) + " | " + (goal == null ? "" : goal) + " | "
                + (met == null ? "" : met ? "yes" : "**no**") + " |\n";
    }

    static String unitSuffix(String unit) {
        return unit.isEmpty() || unit.equals("×") ? unit : " " + unit;
    }

    static String machine(Map<String, ?> machine) {
        String described = "%s, %s cores, %s GiB, %s, %s, PostgreSQL %s, Kafka %s (%s)"
                .formatted(
                        machine.get("cpu"),
                        machine.get("cores"),
                        machine.get("memory_gib"),
                        machine.get("os"),
                        machine.get("java"),
                        machine.get("postgresql"),
                        machine.get("kafka"),
                        machine.get("note"));
        return machine.get("load_average") == null
                ? described
                : described + "; load average (1, 5, 15 min) at the start: " + machine.get("load_average");
    }
}
