/**
 * The bounded cache of verified tokens, keyed by the token's SHA-256, never past the token's expiry; it knows
 * its entries only as {@code TokenCache.Expiring}, so it depends on nothing of the middleware.
 */
package io.lumen.security.cache;
