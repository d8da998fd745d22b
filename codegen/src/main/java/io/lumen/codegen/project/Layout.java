package io.lumen.codegen.project;

/** Where things are in a generated project (relative to its folder). */
public final class Layout {
    /** The generated Java sources (a compile source root). */
    public static final String GENERATED_SOURCES = "target/generated-sources/lumen";
    /** The generated resources (a resource root): {@code config/handler.yml}. */
    public static final String GENERATED_RESOURCES = "target/generated-resources/lumen";
    /** The generator's own records: the fingerprint of the last run and the files it wrote. */
    public static final String STATE = "target/lumen-codegen";
    /** The project's spec. */
    public static final String SPEC = "config/openapi.yaml";
    public static final String MAIN_JAVA = "src/main/java";
    public static final String TEST_JAVA = "src/test/java";
    /** Flyway's migrations of a project with a database (classpath {@code db/migration}). */
    public static final String MIGRATIONS = "src/main/resources/db/migration";

    private Layout() {
    }
}
