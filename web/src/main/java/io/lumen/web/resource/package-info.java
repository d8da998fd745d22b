/**
 * The {@code static} (alias {@code resource}) handler: files from a folder or the classpath under
 * URL path prefixes, on Undertow's {@code ResourceHandler} (ETag, Last-Modified, conditional
 * requests, ranges), with Cache-Control rules, precompressed siblings, a single-page-app fallback and
 * a guard that refuses hostile paths before any file is looked up. IO thread; see docs/web.md.
 */
package io.lumen.web.resource;
