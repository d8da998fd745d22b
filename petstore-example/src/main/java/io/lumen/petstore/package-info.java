/**
 * The petstore reference service: four operations over an in-memory store seeded with the two
 * reference pets. Every handler runs on the IO thread.
 */
package io.lumen.petstore;
