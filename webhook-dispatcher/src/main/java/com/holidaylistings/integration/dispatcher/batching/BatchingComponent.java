package com.holidaylistings.integration.dispatcher.batching;

import org.springframework.context.SmartLifecycle;

/**
 * A component that does its work through {@link Batches}: their thread starts with the application
 * and stops after the listeners (a low phase), so that the attempts still under way can read, write
 * and reserve what they need while the consumers stop.
 */
public abstract class BatchingComponent implements SmartLifecycle {

    /** The batches this component runs. */
    protected abstract Batches<?, ?> batches();

    @Override
    public void start() {
        batches().start();
    }

    @Override
    public void stop() {
        batches().stop();
    }

    @Override
    public boolean isRunning() {
        return batches().isRunning();
    }

    @Override
    public int getPhase() {
        return Integer.MIN_VALUE + 1000;
    }
}
