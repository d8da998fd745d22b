package io.lumen.codegen.project;

import io.lumen.codegen.diagnostics.Warning;
import io.lumen.codegen.operation.OperationModel;

import java.util.List;

/**
 * The outcome of a generation, nothing written yet.
 *
 * @param files      every file of the project
 * @param warnings   every warning, in the order found
 * @param operations the operations' class prefixes ({@code ListPets}), for reporting removed ones later
 * @param sources    the spec's files (the root first, then those its $refs name)
 * @param implPath   where the implementations are, below src/main/java ({@code com/example/impl})
 * @param models     the operations as generated (names, types, stub, test request)
 */
public record Generation(List<GeneratedFile> files, List<Warning> warnings, List<String> operations, List<String> sources,
                         String implPath, List<OperationModel> models) {
}
