/**
 * Java sources with JavaPoet (imports, qualification of clashing names, formatting):
 * {@link io.lumen.codegen.java.ModelWriter} (records, enums, sealed interfaces),
 * {@link io.lumen.codegen.java.ApiWriter} (per-operation interface, request record, response types),
 * {@link io.lumen.codegen.java.HandlerWriter} (adapters) and
 * {@link io.lumen.codegen.java.UserCodeWriter} (the implementation and test written once).
 */
package io.lumen.codegen.java;
