package io.lumen.datasource.testing;

import com.sun.security.auth.module.UnixSystem;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throwaway PostgreSQL cluster for tests: {@code initdb} into a fresh folder under the temp
 * directory, {@code pg_ctl start} on a free port on 127.0.0.1 (its Unix socket in the same folder),
 * password authentication over TCP for the superuser {@link #USER}, and everything removed on
 * {@link #close()}. {@link #stop()} and {@link #start()} take the server down and back up on the
 * same port, for outage tests.
 *
 * <p>Binaries: {@code $PG_BIN}, else the newest {@code /usr/lib/postgresql/<version>/bin}
 * (Debian's {@code postgresql} package), else {@code initdb} on the PATH. When they are missing the
 * test is skipped with a message saying so, except under CI ({@code CI=true}), where
 * {@code .ci/run} installs them and a missing binary fails the test. PostgreSQL refuses to run as
 * root: as root every command runs as the unprivileged user {@code $PG_TEST_USER} (default
 * {@code postgres}, which the Debian package creates) through {@code runuser}, and the folder is
 * handed to that user.
 */
public final class PostgresCluster implements AutoCloseable {
    public static final String USER = "lumen";
    public static final String PASSWORD = "lumen-test-password";
    private static final long COMMAND_TIMEOUT_S = 90;

    private final Path bin;
    private final Path dir;
    private final Path data;
    private final String runAs; // null when not root
    private final int port;
    private boolean running;

    private PostgresCluster(Path bin, Path dir, String runAs, int port) {
        this.bin = bin;
        this.dir = dir;
        this.data = dir.resolve("data");
        this.runAs = runAs;
        this.port = port;
    }

    /** Creates and starts a cluster, or skips the calling test when PostgreSQL is not installed (fails under CI). */
    public static PostgresCluster create() {
        Path bin = findBinaries();
        if (bin == null) {
            String message = "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found: install Debian's "
                    + "postgresql package (apt-get install postgresql; .ci/run does) or set PG_BIN to their folder";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                Assertions.fail(message);
            }
            Assumptions.abort(message);
        }
        String runAs = isRoot() ? System.getenv().getOrDefault("PG_TEST_USER", "postgres") : null;
        Path dir;
        try {
            dir = Files.createTempDirectory("lumen-pg-");
            Path pw = Files.writeString(dir.resolve("pwfile"), PASSWORD + "\n");
            if (runAs != null) {
                UserPrincipal owner = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(runAs);
                Files.setOwner(dir, owner);
                Files.setOwner(pw, owner);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare a folder for PostgreSQL (as user " + runAs + ")", e);
        }
        PostgresCluster cluster = new PostgresCluster(bin, dir, runAs, freePort());
        try {
            cluster.run("initdb", "-D", cluster.data.toString(), "-U", USER, "--pwfile=" + dir.resolve("pwfile"),
                    "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync");
            cluster.start();
        } catch (RuntimeException | Error e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    /** Starts the (stopped) server again, on the same port. */
    public synchronized void start() {
        run("pg_ctl", "-D", data.toString(), "-l", dir.resolve("postgres.log").toString(), "-w", "-t", "60",
                "-o", "-p " + port + " -c listen_addresses=127.0.0.1 -k " + dir
                        + " -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100",
                "start");
        running = true;
    }

    /** Stops the server now ({@code -m fast}: open connections are closed); {@link #start()} brings it back. */
    public synchronized void stop() {
        if (running) {
            run("pg_ctl", "-D", data.toString(), "-m", "fast", "-w", "-t", "60", "stop");
            running = false;
        }
    }

    public int port() {
        return port;
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    /** A new, empty database owned by {@link #USER}. */
    public String createDatabase(String name) {
        try (Connection c = connect("postgres"); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name + ": " + e.getMessage(), e);
        }
        return jdbcUrl(name);
    }

    /** A direct connection (not pooled) as the superuser. */
    public Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(jdbcUrl(database), USER, PASSWORD);
    }

    @Override
    public synchronized void close() {
        try {
            stop();
        } finally {
            deleteTree(dir);
        }
    }

    private void run(String tool, String... args) {
        List<String> command = new ArrayList<>();
        if (runAs != null) {
            command.addAll(List.of("runuser", "-u", runAs, "--"));
        }
        command.add(bin.resolve(tool).toString());
        command.addAll(List.of(args));
        Path log = dir.resolve("commands.log");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            if (!p.waitFor(COMMAND_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(tool + " did not finish within " + COMMAND_TIMEOUT_S + " s" + tail(log));
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited " + p.exitValue() + tail(log));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + tool, e);
        }
    }

    private String tail(Path log) {
        List<String> lines = new ArrayList<>();
        for (Path f : List.of(log, dir.resolve("postgres.log"))) {
            try {
                List<String> all = Files.readAllLines(f);
                lines.addAll(all.subList(Math.max(0, all.size() - 15), all.size()));
            } catch (IOException ignored) {
                // not written yet
            }
        }
        return lines.isEmpty() ? "" : ":\n" + String.join("\n", lines);
    }

    static Path findBinaries() {
        String env = System.getenv("PG_BIN");
        if (env != null && !env.isBlank()) {
            return hasTools(Path.of(env)) ? Path.of(env) : null;
        }
        Path debian = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(debian)) {
            try (Stream<Path> versions = Files.list(debian)) {
                Path best = versions.map(v -> v.resolve("bin")).filter(PostgresCluster::hasTools)
                        .max(Comparator.comparingInt(PostgresCluster::version)).orElse(null);
                if (best != null) {
                    return best;
                }
            } catch (IOException ignored) {
                // fall through to the PATH
            }
        }
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!d.isEmpty() && hasTools(Path.of(d))) {
                return Path.of(d);
            }
        }
        return null;
    }

    private static boolean hasTools(Path dir) {
        return Stream.of("initdb", "pg_ctl", "postgres").allMatch(t -> Files.isExecutable(dir.resolve(t)));
    }

    private static int version(Path bin) {
        try {
            return Integer.parseInt(bin.getParent().getFileName().toString().replaceAll("\\D.*", ""));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static boolean isRoot() {
        return new UnixSystem().getUid() == 0;
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // best effort: a temp folder
        }
    }
}
