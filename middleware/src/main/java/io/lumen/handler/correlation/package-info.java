/**
 * The {@code correlation} middleware: correlation id ({@code X-Correlation-Id}) and W3C trace
 * context ({@code traceparent}) for every request, as headers, exchange attachments and MDC
 * entries. Runs on the IO thread and never fails a request: missing or malformed ids are replaced.
 */
package io.lumen.handler.correlation;
