package io.lumen.config;

import static io.lumen.config.TestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A prefetch changes when files are parsed, never what a find returns or reports. */
class PrefetchTest {
    @TempDir Path dir;

    record Server(Integer httpPort, String ip) {}

    private ConfigLoader loader() {
        return ConfigLoader.builder().configDirs(List.of(dir)).classLoader(TestSupport.fixtureClassLoader())
                .env(Map.<String, String>of()::get).build();
    }

    private void files() {
        write(dir, "values.yml", "server.httpPort: 9090\n");
        write(dir, "server.yml", "httpPort: ${server.httpPort:8080}\nip: ${server.ip:0.0.0.0}\n");
        write(dir, "other.yaml", "a: [1, 2]\n");
        write(dir, "notes.txt", "not a config file\n");
    }

    @Test
    void findsTheSameFilesAndReportsNothingLoadedUntilFound() {
        files();
        ConfigLoader plain = loader();
        ConfigLoader prefetched = loader();
        prefetched.prefetch();
        assertTrue(prefetched.loaded().isEmpty(), "a prefetch loads nothing on its own");
        assertEquals(plain.load("server", Server.class), prefetched.load("server", Server.class));
        assertEquals(new Server(9090, "0.0.0.0"), prefetched.load("server", Server.class));
        assertEquals(plain.find("other").get().tree(), prefetched.find("other").get().tree());
        assertEquals(plain.find("shared").get().tree(), prefetched.find("shared").get().tree()); // classpath config/
        assertEquals(plain.loaded().stream().map(ConfigFile::displayName).toList(),
                prefetched.loaded().stream().map(ConfigFile::displayName).toList());
    }

    @Test
    void aBrokenFileIsReportedByTheFindWithItsLine() {
        files();
        write(dir, "broken.yml", "a: 1\nb: [unclosed\n");
        ConfigLoader plain = loader();
        ConfigLoader prefetched = loader();
        prefetched.prefetch(); // does not throw
        ConfigException expected = assertThrows(ConfigException.class, () -> plain.find("broken"));
        ConfigException actual = assertThrows(ConfigException.class, () -> prefetched.find("broken"));
        assertEquals(expected.getMessage(), actual.getMessage());
        assertTrue(actual.getMessage().startsWith(dir.resolve("broken.yml") + ":"), actual.getMessage());
        assertEquals(new Server(9090, "0.0.0.0"), prefetched.load("server", Server.class));
    }

    @Test
    void aFindDuringThePrefetchGetsTheOneParse() throws Exception {
        files();
        for (int i = 0; i < 30; i++) {
            write(dir, "f" + i + ".yml", "n: " + i + "\n");
        }
        for (int round = 0; round < 20; round++) {
            ConfigLoader loader = loader();
            CountDownLatch go = new CountDownLatch(1);
            Thread prefetch = new Thread(() -> {
                await(go);
                loader.prefetch();
            });
            prefetch.start();
            go.countDown();
            for (int i = 29; i >= 0; i--) { // the other end first, so both threads meet in the middle
                ConfigFile f = loader.find("f" + i).orElseThrow();
                assertEquals(Map.of("n", i), f.tree());
                assertSame(f, loader.find("f" + i).orElseThrow());
            }
            prefetch.join();
            assertEquals(new Server(9090, "0.0.0.0"), loader.load("server", Server.class));
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
