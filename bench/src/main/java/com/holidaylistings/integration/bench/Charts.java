package com.holidaylistings.integration.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The benchmarks' charts, drawn with XChart as PNG files. */
final class Charts {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 520;

    private Charts() {}

    /**
     * Latency by percentile for each series: the x axis counts nines (1 = p90, 2 = p99,
     * 3 = p99.9), the y axis is logarithmic milliseconds.
     */
    static void percentiles(Path file, String title, Map<String, Latencies> series) {
        XYChart chart = new XYChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(title)
                .xAxisTitle("percentile, in nines: 0.3 = p50, 1 = p90, 2 = p99, 3 = p99.9")
                .yAxisTitle("latency (ms)")
                .build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        series.forEach((name, latencies) -> {
            List<Double> nines = new ArrayList<>();
            List<Double> millis = new ArrayList<>();
            latencies.curve().forEach((percentile, value) -> {
                nines.add(Math.log10(100 / (100 - percentile)));
                millis.add(Math.max(value, 0.1));
            });
            if (!nines.isEmpty()) {
                chart.addSeries(name, nines, millis).setMarker(SeriesMarkers.NONE);
            }
        });
        save(chart, file);
    }

    /** One bar per entry. */
    static void bars(Path file, String title, String yTitle, Map<String, Double> values) {
        CategoryChart chart = new CategoryChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(title)
                .yAxisTitle(yTitle)
                .build();
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        chart.getStyler().setLabelsVisible(true);
        chart.addSeries(yTitle, new ArrayList<>(values.keySet()), new ArrayList<>(values.values()));
        save(chart, file);
    }

    /** A time series: seconds since the start on x, one line per series. */
    static void timeline(Path file, String title, String yTitle, Map<String, Map<Double, Double>> series) {
        timeline(file, title, "seconds since the start", yTitle, series);
    }

    /** A time series: seconds since {@code xTitle}'s origin on x, one line per series. */
    static void timeline(
            Path file, String title, String xTitle, String yTitle, Map<String, Map<Double, Double>> series) {
        timeline(file, title, xTitle, yTitle, series, false, List.of());
    }

    /**
     * A time series as {@link #timeline(Path, String, String, String, Map)}, its y axis logarithmic
     * if {@code logarithmic} (values under 0.1 drawn at 0.1), with a vertical line at each x of
     * {@code marks} (a period's start and end, say); with marks the legend goes below the chart.
     */
    static void timeline(
            Path file,
            String title,
            String xTitle,
            String yTitle,
            Map<String, Map<Double, Double>> series,
            boolean logarithmic,
            List<Double> marks) {
        XYChart chart = new XYChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(title)
                .xAxisTitle(xTitle)
                .yAxisTitle(yTitle)
                .build();
        chart.getStyler()
                .setLegendPosition(marks.isEmpty() ? Styler.LegendPosition.InsideNW : Styler.LegendPosition.OutsideS);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        chart.getStyler().setYAxisLogarithmic(logarithmic);
        series.forEach((name, points) -> {
            if (!points.isEmpty()) {
                List<Double> values = new ArrayList<>(points.values());
                if (logarithmic) {
                    values.replaceAll(value -> Math.max(value, 0.1));
                }
                chart.addSeries(name, new ArrayList<>(points.keySet()), values).setMarker(SeriesMarkers.NONE);
            }
        });
        marks.forEach(x -> chart.addAnnotation(new AnnotationLine(x, true, false)));
        save(chart, file);
    }

    private static void save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path file) {
        try {
            java.nio.file.Files.createDirectories(file.getParent());
            String name = file.toString();
            BitmapEncoder.saveBitmap(
                    chart,
                    name.endsWith(".png") ? name.substring(0, name.length() - 4) : name,
                    BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
