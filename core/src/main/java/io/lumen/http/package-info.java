/**
 * Questions about an HTTP request that several modules ask ({@code RequestShape}: has it a body,
 * its media type, an upgrade, an idempotent method), answered once. Pure functions; any thread.
 */
package io.lumen.http;
