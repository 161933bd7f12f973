package com.holidaylistings.integration.devstack;

import com.holidaylistings.integration.devstack.demo.DemoData;

/** A fresh owner-portal link for the demo owner (one use, 10 minutes), made by dev/portal-link.sh. */
final class PortalLink {

    private PortalLink() {}

    static void print(LocalStack stack, DemoData demo) {
        if (demo.ownerId().isEmpty()
                || stack.processes().runningPid("api-service").isEmpty()) {
            return;
        }
        Command.Result link = Command.of("bash", "dev/portal-link.sh")
                .in(stack.layout().root())
                .capture();
        String output = link.output().trim();
        if (!link.ok()) {
            Console.warn("no portal link: " + output);
            return;
        }
        System.out.printf(
                "%nOwner portal of the demo owner (open it within 10 minutes, once; the browser trusts %s or warns):%n  %s%n",
                stack.layout().rel(stack.secrets().caCertificate()), output);
        System.out.println("Another link: dev/portal-link.sh");
    }
}
