/** Test helpers of lumen-otel: the OTLP/HTTP test collector, traced test services, a trace-showing handler. */
package io.lumen.otel.testing;
