/** The demo owner, property and token that dev/up.sh seeds once through the internal API. */
package com.holidaylistings.integration.devstack.demo;
