/**
 * The HTTP edge shared by the public and internal APIs, wired here ({@code WebConfig}: the filters'
 * order, JSON everywhere, strict scalars; {@code JsonErrorReportValve} for what Tomcat refuses before
 * any filter runs). Its parts are below it: {@code web.error} (every error body and the exceptions
 * named as facts), {@code web.filter} (the servlet filters every request passes) and
 * {@code web.input} (the validation vocabulary of parameters and bodies). Every feature package uses
 * the edge, so the edge uses none of them: what it needs to know from one (which requests the access
 * log leaves out) it declares as an interface ({@code web.filter.UnloggedRequests}).
 */
package com.holidaylistings.integration.api.web;
