/** Handlers and middleware used by the observability middleware tests through handler.yml. */
package io.lumen.handler.observability;
