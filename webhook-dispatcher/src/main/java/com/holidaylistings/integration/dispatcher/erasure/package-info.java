/**
 * A guest's erasure reaching the dispatcher: {@code enquiry.erased} consumed, and the delivery tables'
 * copies of those enquiries anonymised by the delivery store, which alone writes them.
 */
package com.holidaylistings.integration.dispatcher.erasure;
