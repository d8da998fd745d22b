package io.lumen.codegen.project;

import io.lumen.codegen.datasource.DatasourceRequest;
import io.lumen.codegen.naming.Names;

import java.util.Locale;

/**
 * What the user chose for the generated project.
 *
 * @param groupId      the Maven groupId
 * @param artifactId   the Maven artifactId and the jar's name ({@code target/<artifactId>.jar})
 * @param packageName  the Java package of everything generated ({@code .model}, {@code .api}, ...)
 * @param lumenVersion the Lumen version the project depends on
 * @param datasource   the database asked for on the command line or by the Maven plugin
 *                     ({@link DatasourceRequest#NONE}: as the spec's {@code x-lumen-datasource} says)
 */
public record GeneratorOptions(String groupId, String artifactId, String packageName, String lumenVersion,
                               DatasourceRequest datasource) {

    public GeneratorOptions {
        if (datasource == null) {
            datasource = DatasourceRequest.NONE;
        }
        if (!artifactId.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("--artifact '" + artifactId + "': letters, digits, '.', '_' and '-' only");
        }
        if (!groupId.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("--group '" + groupId + "': letters, digits, '.', '_' and '-' only");
        }
        if (!Names.isPackageName(packageName)) {
            throw new IllegalArgumentException("--package '" + packageName + "' is not a Java package name");
        }
    }

    /** Options without a database request (the spec's {@code x-lumen-datasource} decides). */
    public GeneratorOptions(String groupId, String artifactId, String packageName, String lumenVersion) {
        this(groupId, artifactId, packageName, lumenVersion, DatasourceRequest.NONE);
    }

    /** The same options with the database request {@code request}. */
    public GeneratorOptions withDatasource(DatasourceRequest request) {
        return new GeneratorOptions(groupId, artifactId, packageName, lumenVersion, request);
    }

    /**
     * Options with defaults for the parts not given: artifactId from the spec's title
     * ({@code Swagger Petstore} -> {@code swagger-petstore}), groupId {@code com.example},
     * package {@code <groupId>.<artifactId without separators>}.
     */
    public static GeneratorOptions withDefaults(String groupId, String artifactId, String packageName, String title,
                                                String lumenVersion) {
        String group = groupId == null ? "com.example" : groupId;
        String artifact = artifactId;
        if (artifact == null) {
            artifact = title == null ? "" : title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
            if (artifact.isEmpty()) {
                artifact = "service";
            }
        }
        String pkg = packageName;
        if (pkg == null) {
            String last = artifact.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
            if (last.isEmpty() || !Character.isLetter(last.charAt(0))) {
                last = "service" + last;
            }
            pkg = group.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]", "") + "." + last;
            if (!Names.isPackageName(pkg)) {
                pkg = "com.example." + last;
            }
        }
        return new GeneratorOptions(group, artifact, pkg, lumenVersion);
    }
}
