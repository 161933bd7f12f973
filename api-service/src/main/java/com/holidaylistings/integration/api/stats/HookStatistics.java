package com.holidaylistings.integration.api.stats;

import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * A hook's statistics from {@code attempt_counts}, which the dispatcher adds to with each batch of
 * attempts: a few rows per day however many attempts the hook had, rather than a count over the
 * attempt log. Pending deliveries are counted on the partial index of unfinished ones.
 */
@Repository
public class HookStatistics {

    private final JdbcClient jdbc;

    HookStatistics(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    private record Count(LocalDate day, DeliveryOutcome outcome, int httpStatus, long attempts) {}

    /** The hook's last {@code days} days, today (UTC) the last of them. */
    public HookStats of(UUID hookId, int days) {
        LocalDate first = LocalDate.now(ZoneOffset.UTC).minusDays(days - 1L);
        List<Count> counts = jdbc.sql("""
                        select day, outcome, http_status, attempts from attempt_counts
                         where subscription_id = :hook and day >= :first
                        """)
                .param("hook", hookId)
                .param("first", first)
                .query((rs, n) -> new Count(
                        rs.getObject("day", LocalDate.class),
                        DeliveryOutcome.of(rs.getString("outcome")),
                        rs.getInt("http_status"),
                        rs.getLong("attempts")))
                .list();
        // the statuses are written out, not bound: a generic plan of "status in ($2, $3)" could not
        // use deliveries_unfinished_idx, whose predicate names them
        long pending = jdbc.sql("""
                        select count(*) from deliveries
                         where subscription_id = :hook and status in ('pending', 'waiting') and not test
                        """).param("hook", hookId).query(Long.class).single();
        return summary(first, days, counts, pending);
    }

    private static HookStats summary(LocalDate first, int days, List<Count> counts, long pending) {
        long delivered = 0;
        long failed = 0;
        long abandoned = 0;
        Map<Integer, Long> byStatus = new TreeMap<>();
        Map<LocalDate, long[]> perDay = new LinkedHashMap<>();
        for (int i = 0; i < days; i++) {
            perDay.put(first.plusDays(i), new long[2]);
        }
        for (Count count : counts) {
            long[] day = perDay.get(count.day());
            if (day == null) { // a day after today (UTC), the dispatcher's clock being ahead: not in the window
                continue;
            }
            boolean succeeded = count.outcome() == DeliveryOutcome.SUCCEEDED;
            delivered += succeeded ? count.attempts() : 0;
            failed += succeeded ? 0 : count.attempts();
            abandoned += count.outcome() == DeliveryOutcome.ABANDONED ? count.attempts() : 0;
            byStatus.merge(count.httpStatus(), count.attempts(), Long::sum);
            day[succeeded ? 0 : 1] += count.attempts();
        }
        Map<String, Long> byHttpStatus = new LinkedHashMap<>();
        byStatus.forEach((status, attempts) -> byHttpStatus.put(status == 0 ? "none" : status.toString(), attempts));
        List<HookStats.Day> daysList = new ArrayList<>();
        perDay.forEach((date, day) -> daysList.add(new HookStats.Day(date, day[0], day[1])));
        return new HookStats(
                first.atStartOfDay(ZoneOffset.UTC).toInstant(),
                delivered,
                failed,
                abandoned,
                pending,
                byHttpStatus,
                daysList);
    }
}
