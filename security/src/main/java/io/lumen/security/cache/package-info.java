/** The bounded cache of verified tokens, keyed by the token's SHA-256, never past the token's expiry. */
package io.lumen.security.cache;
