/** JWT verification with jose4j: algorithm allow-list, kid-selected keys, time and issuer/audience checks. */
package io.lumen.security.jwt;
