/**
 * The petstore reference service: four operations over a {@link io.lumen.petstore.PetStore}
 * seeded with the two reference pets, kept in memory (the default; the handlers run on the IO
 * thread) or in a database through lumen-datasource (petstore.yml {@code store: jdbc}; the
 * handlers are then {@code Blocking} and run on virtual threads on Java 21+, else the worker pool).
 * The operations exist twice over the same store: generated adapters calling the typed
 * implementations of {@code io.lumen.petstore.impl} (config/petstore/embedded and db, through the
 * generated route table), and the untyped hand-written handlers of this package (config/petstore/http,
 * https and the code generation benchmark's baseline).
 */
package io.lumen.petstore;
