package io.lumen.cli.migrate;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code lumen migrate <light-4j config dir> -o <dir>}: writes the Lumen folder and prints its report. */
@Command(name = "migrate", mixinStandardHelpOptions = true,
        description = {"Turns a light-4j service, light-proxy or light-gateway config folder into a Lumen one: handlers"
                + " mapped to Lumen's built-ins, light-4j module files and keys Lumen has no use for left out (each named"
                + " with what to use instead), light-4j's server defaults written out. The report is printed and written"
                + " to <dir>/MIGRATION.md. The same input gives the same output.",
                "Exit codes: 0 written, 1 the folders cannot be used, 2 usage."})
public final class MigrateCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec command;

    @Parameters(index = "0", paramLabel = "<light-4j config dir>", description = "the light-4j config folder (read only)")
    private Path source;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "<dir>",
            description = "the Lumen config folder to write: new, empty, or written by an earlier migrate")
    private Path target;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = command.commandLine().getOut();
        PrintWriter err = command.commandLine().getErr();
        if (source.toAbsolutePath().normalize().equals(target.toAbsolutePath().normalize())) {
            err.println("lumen migrate: the output folder must not be the light-4j folder");
            return 1;
        }
        try {
            MigrationReport report = Migration.run(source, target);
            out.print(report.render());
            out.println();
            out.println("wrote " + target + " (" + report.changed().size() + " changed, " + report.notCarriedOver().size()
                    + " not carried over); next: lumen check " + target);
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("lumen migrate: " + e.getMessage());
            return 1;
        }
    }
}
