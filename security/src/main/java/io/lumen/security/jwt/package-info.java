/**
 * Why a JWT was refused ({@code Rejection}, {@code TokenRejectedException}): what {@code JwtVerifier}
 * (in {@code io.lumen.security}, beside the token it verifies into) throws and the middleware maps to codes.
 */
package io.lumen.security.jwt;
