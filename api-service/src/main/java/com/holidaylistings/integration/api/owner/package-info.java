/** Owner accounts and their webhook signing secrets. */
package com.holidaylistings.integration.api.owner;
