/**
 * The stack's local PostgreSQL (dev/README.md): one cluster under {@code .dev/postgres} (or a private
 * directory in /var/tmp that {@code .dev/postgres/location} names), made with installed server binaries or
 * the embedded ones of the build's tests, run as an unprivileged OS user, with the services' roles made in
 * single-user mode before each start; a server killed earlier is settled before it starts again.
 */
package com.holidaylistings.integration.devstack.postgres;
