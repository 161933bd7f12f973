package com.holidaylistings.integration.bench;

import java.util.Arrays;
import java.util.Random;

/**
 * Draws ranks 1 … n, rank k with a weight of 1 / k^s (Zipf's law: a few owners get most of the
 * enquiries, most get few), from a seeded {@link Random}: a table of cumulative weights, searched
 * by bisection for each draw.
 */
final class ZipfDraw {

    private final double[] cumulative;
    private final Random random;

    ZipfDraw(int n, double exponent, Random random) {
        if (n < 1) {
            throw new IllegalArgumentException("at least one rank, not " + n);
        }
        this.random = random;
        cumulative = new double[n];
        double sum = 0;
        for (int rank = 1; rank <= n; rank++) {
            sum += weight(rank, exponent);
            cumulative[rank - 1] = sum;
        }
    }

    /** The next rank drawn, 1 for the most frequent. */
    int next() {
        double drawn = random.nextDouble() * cumulative[cumulative.length - 1];
        int found = Arrays.binarySearch(cumulative, drawn);
        // the first rank whose cumulative weight exceeds the value drawn (the last one at most, against rounding)
        return Math.min((found >= 0 ? found + 1 : -found - 1) + 1, cumulative.length);
    }

    /** The share of the draws that falls on {@code rank}, 0 to 1. */
    double share(int rank) {
        double below = rank == 1 ? 0 : cumulative[rank - 2];
        return (cumulative[rank - 1] - below) / cumulative[cumulative.length - 1];
    }

    private static double weight(int rank, double exponent) {
        return 1 / Math.pow(rank, exponent);
    }
}
