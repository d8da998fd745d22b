/**
 * Test helpers for database tests, published in lumen-datasource's test-jar: a throwaway
 * PostgreSQL cluster on a free loopback port.
 */
package io.lumen.datasource.testing;
