package io.lumen.codegen;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.codegen.datasource.Datasource;
import io.lumen.codegen.datasource.DatasourceExtension;
import io.lumen.codegen.java.ApiWriter;
import io.lumen.codegen.java.HandlerWriter;
import io.lumen.codegen.java.JavaSources;
import io.lumen.codegen.java.ModelWriter;
import io.lumen.codegen.java.UserCodeWriter;
import io.lumen.codegen.operation.OperationModel;
import io.lumen.codegen.operation.OperationModelReader;
import io.lumen.codegen.project.GeneratedFile;
import io.lumen.codegen.project.Layout;
import io.lumen.codegen.project.ProjectFiles;
import io.lumen.codegen.schema.Model;
import io.lumen.codegen.schema.TypeMapper;
import io.lumen.config.ConfigException;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.Operation;
import io.lumen.openapi.SpecLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

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
        Datasource datasource = DatasourceExtension.resolve(openApi, options.datasource()).orElse(null);
        JavaSources names = new JavaSources(options.packageName(), Set.of());
        TypeMapper types = new TypeMapper(openApi, names.model(), diagnostics);
        types.resolveComponents();
        Set<String> jwtSchemes = jwtSchemes(openApi, diagnostics);
        List<OperationModel> operations = new OperationModelReader(openApi, types, diagnostics, jwtSchemes).read();
        JavaSources sources = new JavaSources(options.packageName(), JavaSources.shadowing(types.classNames()));

        List<GeneratedFile> files = new ArrayList<>();
        String specName = spec.getFileName().toString();
        String specFile = "config/openapi" + specName.substring(specName.lastIndexOf('.'));
        files.add(new GeneratedFile(specFile, openApi.source(), GeneratedFile.Owner.SPEC));
        referencedFiles(spec, openApi, files, diagnostics);
        ModelWriter models = new ModelWriter(sources);
        for (Model m : types.models()) {
            Map.Entry<String, String> f = models.write(m);
            files.add(GeneratedFile.text(Layout.GENERATED_SOURCES + "/" + f.getKey(), f.getValue(), GeneratedFile.Owner.GENERATED));
        }
        ApiWriter api = new ApiWriter(sources);
        HandlerWriter handlers = new HandlerWriter(sources, api);
        List<String> types2 = new ArrayList<>();
        for (OperationModel op : operations) {
            api.write(op).forEach((path, text) -> files.add(
                    GeneratedFile.text(Layout.GENERATED_SOURCES + "/" + path, text, GeneratedFile.Owner.GENERATED)));
            Map.Entry<String, String> h = handlers.write(op, implemented.test(op.type()));
            files.add(GeneratedFile.text(Layout.GENERATED_SOURCES + "/" + h.getKey(), h.getValue(), GeneratedFile.Owner.GENERATED));
            types2.add(op.type());
        }
        ProjectFiles project = new ProjectFiles(openApi, options, diagnostics, operations, specFile, datasource);
        files.add(project.handlerYml(handlers));
        files.addAll(project.userFiles(new UserCodeWriter(sources, api, handlers, datasource)));
        files.sort(Comparator.comparing(GeneratedFile::path));
        return new Generation(files, diagnostics.warnings(), types2, openApi.sourceNames(),
                options.packageName().replace('.', '/') + "/impl", List.copyOf(operations));
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

    /**
     * The security schemes Lumen's {@code security} middleware enforces (oauth2, openIdConnect, http
     * bearer); the others are warned about once each: the implementation has to check them.
     */
    private static Set<String> jwtSchemes(OpenApiSpec spec, Diagnostics diagnostics) {
        Set<String> jwt = new LinkedHashSet<>();
        Set<String> used = new LinkedHashSet<>();
        spec.bundle().path("security").forEach(r -> r.fieldNames().forEachRemaining(used::add));
        for (Operation op : spec.operations()) {
            spec.bundle().at(op.pointer()).path("security").forEach(r -> r.fieldNames().forEachRemaining(used::add));
        }
        for (Iterator<Map.Entry<String, JsonNode>> it =
             spec.bundle().path("components").path("securitySchemes").properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode scheme = e.getValue();
            if (scheme.has("$ref")) {
                scheme = spec.bundle().at(scheme.get("$ref").asText().substring(1));
            }
            String type = scheme.path("type").asText("");
            boolean bearer = type.equals("http") && scheme.path("scheme").asText("").equalsIgnoreCase("bearer");
            if (type.equals("oauth2") || type.equals("openIdConnect") || bearer) {
                jwt.add(e.getKey());
            } else if (used.contains(e.getKey())) {
                diagnostics.warn("security scheme Lumen does not enforce", "/components/securitySchemes/" + e.getKey().replace("~", "~0").replace("/", "~1"),
                        "security scheme '" + e.getKey() + "' (" + type + ") is not enforced by Lumen's security middleware, which "
                                + "verifies JWT bearer tokens: check it in the implementations");
            }
        }
        return jwt;
    }
}
