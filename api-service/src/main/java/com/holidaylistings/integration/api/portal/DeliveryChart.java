package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.stats.HookStats;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The bars of the "Deliveries in the last 7 days" figure, drawn by the server as inline SVG: the
 * portal's content security policy allows no script and no inline style, and the SVG's geometry is
 * attributes, which it does not restrict. Each day has a bar of delivered attempts on top of one of
 * failed attempts, scaled to the busiest day; the page repeats the numbers in a table.
 */
record DeliveryChart(List<Bar> bars, long busiest) {

    static final int WIDTH = 560;
    static final int HEIGHT = 160;
    /** Room under the bars for the days' labels. */
    static final int LABELS = 24;

    private static final DateTimeFormatter LABEL = DateTimeFormatter.ofPattern("EEE d", Locale.ENGLISH);

    /** One day: its label and position, and the heights of its two stacked parts. */
    record Bar(
            String label,
            HookStats.Day day,
            int x,
            int width,
            int deliveredY,
            int deliveredHeight,
            int failedY,
            int failedHeight) {

        public int labelX() {
            return x + width / 2;
        }
    }

    static DeliveryChart of(HookStats stats) {
        List<HookStats.Day> days = stats.perDay();
        long busiest = stats.busiestDay();
        int slot = WIDTH / Math.max(1, days.size());
        int width = Math.max(4, slot * 3 / 5);
        int chart = HEIGHT - LABELS;
        List<Bar> bars = new ArrayList<>();
        for (int i = 0; i < days.size(); i++) {
            HookStats.Day day = days.get(i);
            int failed = height(day.failedAttempts(), busiest, chart);
            int delivered = height(day.delivered(), busiest, chart);
            int failedY = chart - failed;
            bars.add(new Bar(
                    LABEL.format(day.date()),
                    day,
                    i * slot + (slot - width) / 2,
                    width,
                    failedY - delivered,
                    delivered,
                    failedY,
                    failed));
        }
        return new DeliveryChart(bars, busiest);
    }

    /** A count as pixels; any count above zero shows at least a sliver. */
    private static int height(long count, long busiest, int chart) {
        if (count == 0 || busiest == 0) {
            return 0;
        }
        return (int) Math.max(2, Math.round((double) count * chart / busiest));
    }

    public int width() {
        return WIDTH;
    }

    public int height() {
        return HEIGHT;
    }

    public int baseline() {
        return HEIGHT - LABELS;
    }
}
