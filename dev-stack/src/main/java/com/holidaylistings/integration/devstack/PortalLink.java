package com.holidaylistings.integration.devstack;

import com.holidaylistings.integration.devstack.demo.DemoData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** A fresh owner-portal link for the demo owner (one use, 10 minutes), made by dev/portal-link.sh. */
final class PortalLink {

    private PortalLink() {}

    static void print(LocalStack stack, DemoData demo) {
        if (demo.ownerId().isEmpty()
                || stack.processes().runningPid("api-service").isEmpty()) {
            return;
        }
        try {
            Process process = new ProcessBuilder("bash", "dev/portal-link.sh")
                    .directory(stack.layout().root().toFile())
                    .redirectErrorStream(true)
                    .start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (process.waitFor() != 0) {
                Console.warn("no portal link: " + output);
                return;
            }
            System.out.printf(
                    "%nOwner portal of the demo owner (open it within 10 minutes, once; the browser trusts %s or warns):%n  %s%n",
                    stack.layout().rel(stack.secrets().caCertificate()), output);
            System.out.println("Another link: dev/portal-link.sh");
        } catch (IOException e) {
            Console.warn("no portal link: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
