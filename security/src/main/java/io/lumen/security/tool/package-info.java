/** The developer tool ({@code DevTokens}): dev key pairs with self-signed certificates, and signed test tokens. */
package io.lumen.security.tool;
