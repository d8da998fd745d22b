package io.lumen.codegen.cli;

import io.lumen.codegen.Generator;
import io.lumen.codegen.datasource.DatasourceRequest;
import io.lumen.codegen.diagnostics.Warning;
import io.lumen.codegen.project.Generation;
import io.lumen.codegen.project.GeneratorOptions;
import io.lumen.codegen.project.ProjectWriter;
import io.lumen.codegen.project.Versions;
import io.lumen.config.ConfigException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code lumen-codegen}: generates a Lumen service project from an OpenAPI spec.
 *
 * <pre>
 * java -jar lumen-codegen.jar generate -i openapi.yaml -o petstore [--group g] [--artifact a] [--package p]
 *                                      [--datasource [--datasource-name n] [--datasource-driver h2|postgresql]
 *                                       [--datasource-migrations true|false]] [--check | --dry-run]
 * </pre>
 */
@Command(name = "lumen-codegen", mixinStandardHelpOptions = true, versionProvider = CodegenCli.Version.class,
        description = "Generates a Lumen service from an OpenAPI 3.0/3.1 spec.",
        subcommands = CodegenCli.Generate.class)
public final class CodegenCli implements Runnable {
    /** Exit code: the generated part differs from the spec ({@code --check}). */
    public static final int STALE = 1;
    /** Exit code: the spec is broken or names collide. */
    public static final int SPEC_ERROR = 3;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new CodegenCli());
        cli.setOut(out);
        cli.setErr(err);
        return cli.execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a command: generate");
    }

    /** The version of Lumen the generator belongs to. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"lumen-codegen " + Versions.lumen()};
        }
    }

    @Command(name = "generate", mixinStandardHelpOptions = true,
            description = {"Writes a service project: the generated layer (records, API interfaces, adapters, routes)"
                    + " every time, the user-owned files (implementations, tests, pom, config, README, Dockerfile) only"
                    + " when missing.", "Exit codes: 0 done, 1 stale (--check), 2 usage, 3 spec error."})
    public static final class Generate implements Callable<Integer> {
        @CommandLine.Spec
        private CommandLine.Model.CommandSpec command;

        @Option(names = {"-i", "--input"}, required = true, paramLabel = "<spec>", description = "the OpenAPI spec (.yaml, .yml, .json)")
        private Path input;

        @Option(names = {"-o", "--output"}, required = true, paramLabel = "<dir>", description = "the project folder")
        private Path output;

        @Option(names = "--group", paramLabel = "<groupId>", description = "Maven groupId (default: com.example)")
        private String group;

        @Option(names = "--artifact", paramLabel = "<artifactId>", description = "Maven artifactId and jar name (default: from info.title)")
        private String artifact;

        @Option(names = "--package", paramLabel = "<package>", description = "Java package (default: <group>.<artifact>)")
        private String packageName;

        @Option(names = "--datasource", negatable = true, description = {"add a database: lumen-datasource, a JDBC driver,"
                + " config/datasource.yml with one pool, migrations; blocking implementations holding the pool",
                "(--no-datasource: none, whatever the spec's x-lumen-datasource says)"})
        private Boolean datasource;

        @Option(names = "--datasource-name", paramLabel = "<pool>", description = "the pool's name (default: main); implies --datasource")
        private String datasourceName;

        @Option(names = "--datasource-driver", paramLabel = "<h2|postgresql>",
                description = "the JDBC driver (default: h2, a file under ./data); implies --datasource")
        private String datasourceDriver;

        @Option(names = "--datasource-migrations", arity = "1", paramLabel = "<true|false>",
                description = "Flyway migrations from src/main/resources/db/migration (default: true); implies --datasource")
        private Boolean datasourceMigrations;

        @Option(names = "--check", description = "write nothing; exit 1 when the project differs from what the spec generates")
        private boolean check;

        @Option(names = "--verbose", description = "every warning on its own line (default: one line per kind, with a count)")
        private boolean verbose;

        @Option(names = "--dry-run", description = "write nothing; list what would be written")
        private boolean dryRun;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = command.commandLine().getOut();
            PrintWriter err = command.commandLine().getErr();
            if (check && dryRun) {
                throw new CommandLine.ParameterException(command.commandLine(), "--check and --dry-run exclude each other");
            }
            Generation generation;
            try {
                generation = Generator.generate(input, this::options, type -> true);
            } catch (ConfigException e) {
                err.println(e.getMessage());
                return SPEC_ERROR;
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(command.commandLine(), e.getMessage());
            }
            if (verbose) {
                generation.warnings().forEach(w -> err.println("warning: " + w.detail()));
            } else {
                Warning.summary(generation.warnings()).forEach(w -> err.println("warning: " + w));
            }
            ProjectWriter.Mode mode = check ? ProjectWriter.Mode.CHECK : dryRun ? ProjectWriter.Mode.DRY_RUN : ProjectWriter.Mode.WRITE;
            ProjectWriter.Report report = ProjectWriter.write(output, generation, mode);
            report.removed().forEach(r -> err.println("removed: " + r));
            if (check) {
                report.stale().forEach(s -> out.println("stale: " + s));
                out.println(report.stale().isEmpty() ? "up to date: " + output : report.stale().size() + " stale file(s) in " + output);
                return report.stale().isEmpty() ? 0 : STALE;
            }
            String verb = dryRun ? "would write" : "wrote";
            report.written().forEach(p -> out.println(verb + ": " + p));
            report.created().forEach(p -> out.println((dryRun ? "would create" : "created") + ": " + p));
            report.deleted().forEach(p -> out.println((dryRun ? "would delete" : "deleted") + ": " + p));
            out.println(generation.operations().size() + " operation(s); " + report.written().size() + " generated file(s) "
                    + (dryRun ? "to write" : "written") + ", " + report.created().size() + " of yours "
                    + (dryRun ? "to create" : "created") + ", " + report.kept().size() + " of yours left as they are");
            return 0;
        }

        /** The options given, defaults (from the spec's title) for the rest. */
        private GeneratorOptions options(String title) {
            return GeneratorOptions.withDefaults(group, artifact, packageName, title, Versions.lumen())
                    .withDatasource(new DatasourceRequest(datasource, datasourceName, datasourceDriver, datasourceMigrations));
        }
    }
}
