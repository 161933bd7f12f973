package com.holidaylistings.integration.devstack;

/**
 * The stack's database as the stack's own account sees it (JDBC_* in .dev/stack.env); {@code external}
 * when SPRING_DATASOURCE_URL named one from outside, whose credentials the services then use too.
 */
public record Database(String jdbcUrl, String username, String password, boolean external) {}
