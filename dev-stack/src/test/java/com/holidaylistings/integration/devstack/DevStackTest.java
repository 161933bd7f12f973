package com.holidaylistings.integration.devstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The launcher's arguments: dev/up.sh takes none, dev/down.sh only --purge; help answers 0. */
class DevStackTest {

    @Test
    void helpIsNoError() {
        assertThat(DevStack.run(List.of("up", "--help"))).isZero();
        assertThat(DevStack.run(List.of("down", "-h"))).isZero();
    }

    @Test
    void unknownArgumentsAreRefusedWithoutStartingAnything() {
        assertThat(DevStack.run(List.of("up", "--purge"))).isEqualTo(2);
        assertThat(DevStack.run(List.of("down", "--force"))).isEqualTo(2);
        assertThat(DevStack.run(List.of("down", "--purge", "extra"))).isEqualTo(2);
        assertThat(DevStack.run(List.of("sideways"))).isEqualTo(2);
        assertThat(DevStack.run(List.of())).isEqualTo(2);
    }
}
