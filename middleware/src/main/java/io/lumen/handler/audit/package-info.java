/**
 * The {@code audit} middleware: one structured JSON line per request to the {@code audit} logger
 * (route the logger to its own, preferably asynchronous, appender). Runs on the IO thread; lines
 * are written when the exchange completes, on the completing thread. Audit never fails a request.
 */
package io.lumen.handler.audit;
