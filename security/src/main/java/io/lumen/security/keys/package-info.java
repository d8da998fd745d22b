/** Verification keys by kid: X.509 certificates from the config dirs and a JWKS (URL or file) with rate-limited refresh. */
package io.lumen.security.keys;
