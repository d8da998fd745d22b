package io.lumen.codegen.maven;

import io.lumen.codegen.Generator;
import io.lumen.codegen.datasource.DatasourceRequest;
import io.lumen.codegen.diagnostics.Warning;
import io.lumen.codegen.project.GeneratedFile;
import io.lumen.codegen.project.Generation;
import io.lumen.codegen.project.GeneratorOptions;
import io.lumen.codegen.project.Layout;
import io.lumen.codegen.project.ProjectWriter;
import io.lumen.codegen.project.Versions;
import io.lumen.config.ConfigException;
import org.apache.maven.model.Resource;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Generates the generated layer of a Lumen service from its OpenAPI spec: Java sources into
 * {@code target/generated-sources/lumen} (added as a compile source root) and the route table into
 * {@code target/generated-resources/lumen/config/handler.yml} (added as a resource root, so it is
 * the jar's classpath {@code config/handler.yml}). User-owned files are never written here: the
 * CLI creates them. An operation without {@code <package>.impl.<Op>Impl} in the sources answers
 * its example. Skipped when the spec folder's files, the implementations present and the options
 * are the same as at the last run (a SHA-256 fingerprint in {@code target/lumen-codegen}). Needs
 * no network. A broken spec or colliding names fail the build with {@code file:line: problem}.
 */
@Mojo(name = "generate", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public final class GenerateMojo extends AbstractMojo {
    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    /** The service's OpenAPI spec. */
    @Parameter(property = "lumen.codegen.spec", defaultValue = "${project.basedir}/config/openapi.yaml", required = true)
    private File spec;

    /** The Java package of the generated code (and of the implementations: {@code <package>.impl}). */
    @Parameter(property = "lumen.codegen.package", required = true)
    private String packageName;

    /** Where the implementations are looked for. */
    @Parameter(defaultValue = "${project.basedir}/src/main/java", required = true)
    private File implementations;

    /**
     * Adds a database ({@code --datasource} of the CLI): the route table then has
     * {@code /health/liveness} and {@code /health/readiness}. Unset: as the spec's
     * {@code x-lumen-datasource} says; {@code false}: none, whatever the spec says.
     */
    @Parameter(property = "lumen.codegen.datasource")
    private Boolean datasource;

    /** The pool's name ({@code --datasource-name}); implies {@code datasource}. */
    @Parameter(property = "lumen.codegen.datasourceName")
    private String datasourceName;

    /** The JDBC driver, {@code h2} or {@code postgresql} ({@code --datasource-driver}); implies {@code datasource}. */
    @Parameter(property = "lumen.codegen.datasourceDriver")
    private String datasourceDriver;

    /** Whether Flyway migrations run ({@code --datasource-migrations}); implies {@code datasource}. */
    @Parameter(property = "lumen.codegen.datasourceMigrations")
    private Boolean datasourceMigrations;

    /** Skips the goal. */
    @Parameter(property = "lumen.codegen.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("lumen-codegen: skipped");
            return;
        }
        Path base = project.getBasedir().toPath();
        Path build = Path.of(project.getBuild().getDirectory());
        Path sources = build.resolve(Layout.GENERATED_SOURCES.substring("target/".length()));
        Path resources = build.resolve(Layout.GENERATED_RESOURCES.substring("target/".length()));
        Path implDir = implementations.toPath().resolve(packageName.replace('.', '/')).resolve("impl");
        try {
            String fingerprint = fingerprint(implDir);
            Path stamp = build.resolve(Layout.STATE.substring("target/".length())).resolve("fingerprint");
            if (Files.isDirectory(sources) && Files.isRegularFile(stamp) && Files.readString(stamp).equals(fingerprint)) {
                getLog().info("lumen-codegen: " + base.relativize(spec.toPath().toAbsolutePath()) + " unchanged, generated layer up to date");
            } else {
                Generation generation = Generator.generate(spec.toPath(),
                        title -> new GeneratorOptions(project.getGroupId(), project.getArtifactId(), packageName, Versions.lumen(),
                                new DatasourceRequest(datasource, datasourceName, datasourceDriver, datasourceMigrations)),
                        type -> Files.isRegularFile(implDir.resolve(type + "Impl.java")));
                if (getLog().isDebugEnabled()) {
                    generation.warnings().forEach(w -> getLog().warn("lumen-codegen: " + w.detail()));
                } else {
                    Warning.summary(generation.warnings()).forEach(w -> getLog().warn("lumen-codegen: " + w));
                }
                ProjectWriter.Report report = ProjectWriter.write(base, build, generation, ProjectWriter.Mode.WRITE,
                        EnumSet.of(GeneratedFile.Owner.GENERATED));
                report.removed().forEach(r -> getLog().warn("lumen-codegen: removed: " + r));
                for (String op : generation.operations()) {
                    if (!Files.isRegularFile(implDir.resolve(op + "Impl.java"))) {
                        getLog().info("lumen-codegen: " + op + " has no implementation (" + base.relativize(implDir.resolve(op + "Impl.java"))
                                + "): it answers its example");
                    }
                }
                getLog().info("lumen-codegen: " + generation.operations().size() + " operation(s), "
                        + report.written().size() + " file(s) written, " + report.deleted().size() + " deleted");
                Files.createDirectories(stamp.getParent());
                Files.writeString(stamp, fingerprint);
            }
        } catch (ConfigException e) {
            throw new MojoFailureException(e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("lumen-codegen: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("lumen-codegen: " + e.getMessage(), e);
        }
        project.addCompileSourceRoot(sources.toString());
        Resource resource = new Resource();
        resource.setDirectory(resources.toString());
        project.addResource(resource);
    }

    /** SHA-256 of the generator version, the options (datasource ones included), the spec folder's YAML/JSON files and the implementations present. */
    private String fingerprint(Path implDir) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        update(sha, "lumen-codegen " + Versions.lumen() + " " + packageName + " " + spec.getAbsolutePath()
                + " datasource=" + datasource + "," + datasourceName + "," + datasourceDriver + "," + datasourceMigrations);
        Path specDir = spec.toPath().toAbsolutePath().getParent();
        try (Stream<Path> files = Files.walk(specDir)) {
            List<Path> inputs = files.filter(Files::isRegularFile)
                    .filter(p -> p.toString().matches(".*\\.(ya?ml|json)$")).sorted().toList();
            for (Path p : inputs) {
                update(sha, specDir.relativize(p).toString());
                sha.update(Files.readAllBytes(p));
            }
        }
        if (Files.isDirectory(implDir)) {
            try (Stream<Path> files = Files.list(implDir)) {
                for (Path p : files.map(Path::getFileName).sorted().toList()) {
                    update(sha, p.toString());
                }
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static void update(MessageDigest sha, String text) {
        sha.update(text.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
    }
}
