/**
 * The {@code logger} admin endpoint ({@code /adm/logger}): lists and changes log levels at run
 * time when Logback is the SLF4J binding. Runs on the IO thread; the POST body is read with the
 * non-blocking receiver; every error is the error JSON.
 */
package io.lumen.handler.logger;
