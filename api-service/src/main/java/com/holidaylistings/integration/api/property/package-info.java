/** The owners' holiday properties and their public page addresses. */
package com.holidaylistings.integration.api.property;
