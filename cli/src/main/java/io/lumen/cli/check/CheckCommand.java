package io.lumen.cli.check;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lumen check <dir>...}: every problem of each config folder, one line each; exit 0 when none. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Checks config folders offline, as a service's startup reads them, without starting a server:"
                + " every file, every problem in one pass (file:line: key: problem).",
                "Exit codes: 0 no errors (warnings allowed), 1 errors, 2 usage."})
public final class CheckCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec command;

    @Parameters(arity = "1..*", paramLabel = "<config dir>", description = "the folders to check")
    private List<Path> dirs;

    @Option(names = {"-cp", "--classpath"}, paramLabel = "<jars and folders>", split = "${sys:path.separator}",
            description = "where your handler classes are (your service's jar); without it they are reported missing")
    private List<Path> classpath = new ArrayList<>();

    @Override
    public Integer call() throws MalformedURLException {
        PrintWriter out = command.commandLine().getOut();
        ClassLoader parent = Thread.currentThread().getContextClassLoader();
        List<URL> urls = new ArrayList<>();
        for (Path p : classpath) {
            urls.add(p.toUri().toURL());
        }
        ClassLoader loader = urls.isEmpty() ? parent : new URLClassLoader(urls.toArray(URL[]::new), parent);
        int failed = 0;
        for (Path dir : dirs) {
            FolderCheck.Result result = FolderCheck.check(dir, System::getenv, loader);
            result.warnings().forEach(w -> out.println("warning: " + w));
            result.errors().forEach(e -> out.println("error: " + e));
            out.println(dir + ": " + (result.passed() ? "ok" : result.errors().size() + " error(s)")
                    + (result.warnings().isEmpty() ? "" : ", " + result.warnings().size() + " warning(s)"));
            failed += result.passed() ? 0 : 1;
        }
        return failed == 0 ? 0 : 1;
    }
}
