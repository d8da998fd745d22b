package io.lumen.codegen;

import io.lumen.codegen.datasource.Datasource;
import io.lumen.codegen.datasource.DatasourceExtension;
import io.lumen.codegen.diagnostics.Diagnostics;
import io.lumen.codegen.java.ApiWriter;
import io.lumen.codegen.java.HandlerWriter;
import io.lumen.codegen.java.JavaSources;
import io.lumen.codegen.java.ModelWriter;
import io.lumen.codegen.java.UserCodeWriter;
import io.lumen.codegen.lint.ErrorFormatFallbacks;
import io.lumen.codegen.lint.RepeatedRequired;
import io.lumen.codegen.operation.OperationModel;
import io.lumen.codegen.operation.OperationModelReader;
import io.lumen.codegen.operation.SpecSchemes;
import io.lumen.codegen.project.GeneratedFile;
import io.lumen.codegen.project.Generation;
import io.lumen.codegen.project.GeneratorOptions;
import io.lumen.codegen.project.Layout;
import io.lumen.codegen.project.ProjectFiles;
import io.lumen.codegen.schema.Model;
import io.lumen.codegen.schema.TypeMapper;
import io.lumen.config.ConfigException;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.SpecLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Generates a service project from an OpenAPI spec, in memory: the spec is read by
 * {@link SpecLoader#load(Path)} (the loader services use), its schemas mapped to Java types, its
 * operations to APIs, adapters and routes, and every file rendered. Errors (a broken spec, names
 * that collide, a bad {@code x-lumen-datasource}) are {@link io.lumen.config.ConfigException}s
 * {@code file:line: pointer: problem}.
 * The same spec and options give the same bytes.
 */
public final class Generator {
    private Generator() {
    }

    /**
     * @param spec        the spec file
     * @param optionsForTitle group, artifact, package and Lumen version, given the spec's {@code info.title}
     *                        (for defaults); may throw {@link IllegalArgumentException}
     * @param implemented whether the project has (or gets in this run) {@code <Type>Impl} for an
     *                    operation's class prefix; the adapter of one without calls the stub
     */
    public static Generation generate(Path spec, Function<String, GeneratorOptions> optionsForTitle, Predicate<String> implemented) {
        OpenApiSpec openApi = SpecLoader.load(spec);
        GeneratorOptions options = optionsForTitle.apply(openApi.bundle().path("info").path("title").asText(null));
        Diagnostics diagnostics = new Diagnostics(openApi);
        RepeatedRequired.check(openApi.bundle(), diagnostics);
        ErrorFormatFallbacks.check(openApi, diagnostics);
        Datasource datasource = DatasourceExtension.resolve(openApi, options.datasource()).orElse(null);
        JavaSources names = new JavaSources(options.packageName(), Set.of());
        TypeMapper types = new TypeMapper(openApi, names.model(), diagnostics);
        types.resolveComponents();
        SpecSchemes schemes = new SpecSchemes(openApi, diagnostics);
        List<OperationModel> operations = new OperationModelReader(openApi, types, diagnostics, schemes).read();
        JavaSources sources = new JavaSources(options.packageName(), JavaSources.shadowing(types.classNames()));

        List<GeneratedFile> files = new ArrayList<>();
        String specName = spec.getFileName().toString();
        String specFile = "config/openapi" + specName.substring(specName.lastIndexOf('.'));
        files.add(new GeneratedFile(specFile, openApi.source(), GeneratedFile.Owner.SPEC));
        referencedFiles(spec, openApi, files, diagnostics);
        ApiWriter api = new ApiWriter(sources);
        HandlerWriter handlers = new HandlerWriter(sources, api);
        files.addAll(generatedSources(types.models(), operations, new ModelWriter(sources), api, handlers, implemented));
        List<String> types2 = operations.stream().map(OperationModel::type).toList();
        ProjectFiles project = new ProjectFiles(openApi, options, diagnostics, operations, specFile, datasource, schemes);
        files.add(project.handlerYml(handlers));
        files.addAll(project.userFiles(new UserCodeWriter(sources, api, handlers, datasource)));
        files.sort(Comparator.comparing(GeneratedFile::path));
        return new Generation(files, diagnostics.warnings(), types2, openApi.sourceNames(),
                options.packageName().replace('.', '/') + "/impl", List.copyOf(operations));
    }

    /**
     * The generated layer's Java sources: one task per model and per operation, rendered on every
     * core (JavaPoet's rendering is most of a large spec's generation; the writers share nothing
     * mutable), collected in the order of the tasks, so the result does not depend on the scheduling.
     */
    private static List<GeneratedFile> generatedSources(List<Model> models, List<OperationModel> operations, ModelWriter modelWriter,
                                                        ApiWriter api, HandlerWriter handlers, Predicate<String> implemented) {
        List<Supplier<List<GeneratedFile>>> tasks = new ArrayList<>();
        for (Model m : models) {
            tasks.add(() -> List.of(generated(modelWriter.write(m))));
        }
        for (OperationModel op : operations) {
            boolean hasImpl = implemented.test(op.type());
            tasks.add(() -> {
                List<GeneratedFile> out = new ArrayList<>();
                api.write(op).entrySet().forEach(f -> out.add(generated(f)));
                out.add(generated(handlers.write(op, hasImpl)));
                return out;
            });
        }
        return tasks.parallelStream().map(Supplier::get).flatMap(List::stream).toList();
    }

    private static GeneratedFile generated(Map.Entry<String, String> pathAndText) {
        return GeneratedFile.text(Layout.GENERATED_SOURCES + "/" + pathAndText.getKey(), pathAndText.getValue(), GeneratedFile.Owner.GENERATED);
    }

    /** Copies the files the spec's $refs name next to the project's spec (those beside or below it). */
    private static void referencedFiles(Path spec, OpenApiSpec openApi, List<GeneratedFile> files, Diagnostics diagnostics) {
        Path dir = spec.toAbsolutePath().normalize().getParent();
        List<String> names = openApi.sourceNames();
        for (int i = 1; i < names.size(); i++) {
            Path file = Path.of(names.get(i)).toAbsolutePath().normalize();
            if (!file.startsWith(dir)) {
                diagnostics.warn("referenced file outside the spec's folder", "", "referenced file " + file + " is outside the spec's folder: copy it next to config/ yourself");
                continue;
            }
            try {
                files.add(new GeneratedFile("config/" + dir.relativize(file).toString().replace('\\', '/'),
                        Files.readAllBytes(file), GeneratedFile.Owner.SPEC));
            } catch (IOException e) {
                throw new ConfigException(file.toString(), 0, null, "cannot read: " + e.getMessage(), e);
            }
        }
    }
}
