package io.lumen.cli;

import io.lumen.cli.check.CheckCommand;
import io.lumen.cli.migrate.MigrateCommand;
import io.lumen.cli.schema.SchemaCommand;
import io.lumen.codegen.cli.CodegenCli;
import io.lumen.codegen.project.Versions;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

/**
 * {@code lumen}: one command line for Lumen's tools.
 *
 * <pre>
 * lumen generate -i openapi.yaml -o petstore     the code generator (as lumen-codegen.jar generate)
 * lumen check config/ [more dirs]               every problem of a config folder, offline; exit 0 or 1
 * lumen migrate light4j-config/ -o config/      a light-4j config folder to a Lumen one, with a report
 * lumen schema -o dir                           the JSON Schemas of the config files
 * </pre>
 */
@Command(name = "lumen", mixinStandardHelpOptions = true, versionProvider = LumenCli.Version.class,
        description = "Lumen's command line: generate a service, check or migrate a config folder.",
        subcommands = {CodegenCli.Generate.class, CheckCommand.class, MigrateCommand.class, SchemaCommand.class})
public final class LumenCli implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new LumenCli());
        cli.setOut(out);
        cli.setErr(err);
        return cli.execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a command: generate, check, migrate or schema");
    }

    /** The version of Lumen the tools belong to. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"lumen " + Versions.lumen()};
        }
    }
}
