package com.holidaylistings.integration.api.web.error;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The error text of a handler's 400 answers, where the spec gives one other than "Invalid request". */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface InvalidBodyMessage {
    String value();
}
