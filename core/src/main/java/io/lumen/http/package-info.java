/**
 * Questions about an HTTP request that several modules ask ({@code RequestShape}: has it a body,
 * its media type, an upgrade, an idempotent method), answered once, and the one list of HTTP methods
 * and OpenAPI operation keys ({@code HttpMethods}). Pure functions; any thread.
 */
package io.lumen.http;
