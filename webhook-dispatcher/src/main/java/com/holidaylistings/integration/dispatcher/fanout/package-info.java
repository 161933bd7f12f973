/** From one event to one delivery record per matching subscription. */
package com.holidaylistings.integration.dispatcher.fanout;
