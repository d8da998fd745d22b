package io.lumen.validator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.testkit.TestService;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test fixture: a service from a spec folder of the test resources plus the shared handler.yml. */
final class Fixture {
    static final ObjectMapper JSON = new ObjectMapper();

    private Fixture() {
    }

    /** Copies {@code specs/<folder>/...} (the given files) and {@code specs/handler.yml} into {@code dir}. */
    static TestService service(Path dir, String folder, String... files) {
        TestService s = TestService.in(dir).file("handler.yml", resource("specs/handler.yml"));
        for (String f : files) {
            Path target = dir.resolve(f);
            try {
                Files.createDirectories(target.getParent());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            s.file(f, resource("specs/" + folder + "/" + f));
        }
        return s;
    }

    static String resource(String name) {
        try (InputStream in = Fixture.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode json(HttpResponse<String> r) {
        try {
            return JSON.readTree(r.body());
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + r.body(), e);
        }
    }
}
