/**
 * A second test application, with Spring Security (HTTP Basic, an open path), outside the package the
 * main test application scans: Lumen's order against Spring Security's filter chain, and Problem Details.
 */
package io.lumen.spring.itsecured;
