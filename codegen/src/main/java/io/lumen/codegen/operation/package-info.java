/**
 * Operations as the generator sees them: {@link io.lumen.codegen.operation.OperationModelReader} turns
 * each {@link io.lumen.openapi.Operation} into an {@link io.lumen.codegen.operation.OperationModel}
 * (Java names, typed parameters and body, one reply per documented status, the stub's value and a
 * request for the generated test), refusing names that collide. Single-threaded.
 */
package io.lumen.codegen.operation;
