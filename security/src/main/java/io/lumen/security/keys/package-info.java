/**
 * Verification keys: X.509 certificates from the config dirs, JWKS documents as providers publish them (URL or file,
 * rate-limited refresh), and light-4j's key servers named in client.yml.
 */
package io.lumen.security.keys;
