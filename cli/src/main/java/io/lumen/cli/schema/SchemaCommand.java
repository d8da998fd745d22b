package io.lumen.cli.schema;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lumen schema -o <dir>}: writes the JSON Schema of every config file, for editors. */
@Command(name = "schema", mixinStandardHelpOptions = true,
        description = {"Writes the JSON Schemas of Lumen's config files (server.schema.json, handler.schema.json, ...)"
                + " for editors: see docs/config-schemas.md.", "Exit codes: 0 written, 2 usage."})
public final class SchemaCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec command;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "<dir>", description = "where to write them")
    private Path output;

    @Option(names = "--sources", paramLabel = "<repository>",
            description = "generate from the config records, descriptions from their Javadoc in this source tree"
                    + " (the build uses it); default: the schemas shipped in this jar")
    private Path sources;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = command.commandLine().getOut();
        Map<String, String> files = sources == null ? SchemaSet.shipped() : Map.of();
        if (files.isEmpty()) {
            files = SchemaSet.generate(sources);
        }
        Files.createDirectories(output);
        for (Map.Entry<String, String> f : files.entrySet()) {
            Files.writeString(output.resolve(f.getKey()), f.getValue());
        }
        out.println("wrote " + files.size() + " schemas to " + output);
        return 0;
    }
}
