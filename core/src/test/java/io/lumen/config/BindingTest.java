package io.lumen.config;

import static io.lumen.config.TestSupport.fails;
import static io.lumen.config.TestSupport.loader;
import static io.lumen.config.TestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BindingTest {
    @TempDir Path tmp;

    record Server(String host, int httpPort, boolean enableHttp2, List<String> hosts) {
        Server {
            host = host == null ? "0.0.0.0" : host;
            httpPort = httpPort == 0 ? 8080 : httpPort;
            hosts = hosts == null ? List.of() : List.copyOf(hosts);
        }
    }

    record Jwt(String certificate, int clockSkew) {
        Jwt {
            if (clockSkew < 0) {
                throw new IllegalArgumentException("clockSkew must not be negative, got " + clockSkew);
            }
        }
    }

    record Security(boolean enabled, Jwt jwt) {}

    record PathItem(String path, List<String> exec) {}

    record Handler(List<String> handlers, List<PathItem> paths) {}

    record Lists(List<String> names, Map<String, List<String>> scopes, List<Integer> ports, Map<String, String> tags) {}

    record Ratio(double ratio, Integer count) {}

    @Test
    void bindsARecord() {
        write(tmp, "server.yml", "host: example.com\nhttpPort: 9443\nenableHttp2: true\nhosts: [a, b]\n");
        assertEquals(new Server("example.com", 9443, true, List.of("a", "b")), loader(tmp).load("server", Server.class));
    }

    @Test
    void missingFileBindsAnEmptyMapSoDefaultsApply() {
        assertEquals(new Server("0.0.0.0", 8080, false, List.of()), loader(tmp).load("server", Server.class));
    }

    @Test
    void partialFileKeepsConstructorDefaults() {
        write(tmp, "server.yml", "host: h\n");
        assertEquals(new Server("h", 8080, false, List.of()), loader(tmp).load("server", Server.class));
    }

    @Test
    void injectedValuesBindWithTheirTypes() {
        write(tmp, "values.yml", "server.hosts: [x, y]\nserver.http2: true\n");
        write(tmp, "server.yml", "httpPort: ${server.httpPort}\nenableHttp2: ${server.http2}\nhosts: ${server.hosts}\n");
        Server s = loader(tmp, Map.of("SERVER_HTTPPORT", "9090")).load("server", Server.class);
        assertEquals(new Server("0.0.0.0", 9090, true, List.of("x", "y")), s);
    }

    @Test
    void numericStringCoercesToInt() {
        write(tmp, "server.yml", "httpPort: '8081'\n");
        assertEquals(8081, loader(tmp).load("server", Server.class).httpPort());
    }

    @Test
    void unknownKeyListsTheKnownKeys() {
        Path file = write(tmp, "server.yml", "host: a\n\nfoo: 1\n");
        ConfigException e = fails(() -> loader(tmp).load("server", Server.class));
        assertEquals(file + ":3: foo: unknown key 'foo' (known keys: enableHttp2, host, hosts, httpPort)",
                e.getMessage());
        assertEquals("foo", e.key());
    }

    @Test
    void everyWrongKeyOfAFileIsReportedAtOnce() {
        Path file = write(tmp, "server.yml", "host: a\nfoo: 1\nhttpPort: abc\nenableHttp2: maybe\nbar: 2\n");
        ConfigException e = fails(() -> loader(tmp).load("server", Server.class));
        List<String> problems = e.problems().stream().map(ConfigException::getMessage).toList(); // in the file's order
        assertEquals(List.of(
                file + ":2: foo: unknown key 'foo' (known keys: enableHttp2, host, hosts, httpPort)",
                file + ":3: httpPort: expected an integer but got 'abc'",
                file + ":4: enableHttp2: expected a boolean but got 'maybe'",
                file + ":5: bar: unknown key 'bar' (known keys: enableHttp2, host, hosts, httpPort)"),
                problems, e.getMessage());
    }

    @Test
    void stringIntoIntIsAWrongType() {
        Path file = write(tmp, "server.yml", "host: a\nhttpPort: abc\n");
        ConfigException e = fails(() -> loader(tmp).load("server", Server.class));
        assertEquals(file + ":2: httpPort: expected an integer but got 'abc'", e.getMessage());
    }

    @Test
    void floatIntoIntIsRejected() {
        Path file = write(tmp, "server.yml", "httpPort: 2.5\n");
        ConfigException e = fails(() -> loader(tmp).load("server", Server.class));
        assertEquals(file + ":1: httpPort: expected an integer but got 2.5", e.getMessage());
    }

    @Test
    void nullForPrimitiveIsRejected() {
        Path file = write(tmp, "server.yml", "host: a\nhttpPort:\n");
        ConfigException e = fails(() -> loader(tmp).load("server", Server.class));
        assertEquals(file + ":2: httpPort: expected an integer but got null", e.getMessage());
    }

    @Test
    void wrongBooleanAndWrongNumber() {
        Path file = write(tmp, "server.yml", "enableHttp2: maybe\n");
        assertEquals(file + ":1: enableHttp2: expected a boolean but got 'maybe'",
                fails(() -> loader(tmp).load("server", Server.class)).getMessage());
        Path ratio = write(tmp, "ratio.yml", "count: 3\nratio: [1]\n");
        assertEquals(ratio + ":2: ratio: expected a number but got a list",
                fails(() -> loader(tmp).load("ratio", Ratio.class)).getMessage());
    }

    @Test
    void mapIntoListIsAWrongType() {
        Path file = write(tmp, "server.yml", "host: a\nhosts:\n  a: 1\n");
        ConfigException e = fails(() -> loader(tmp).load("server", Server.class));
        assertEquals(file + ":2: hosts: expected a list but got a map", e.getMessage());
    }

    @Test
    void scalarIntoRecordIsAWrongType() {
        Path file = write(tmp, "security.yml", "enabled: true\njwt: abc\n");
        ConfigException e = fails(() -> loader(tmp).load("security", Security.class));
        assertEquals(file + ":2: jwt: expected a map but got 'abc'", e.getMessage());
    }

    @Test
    void errorsInsideListsNameTheItem() {
        Path file = write(tmp, "handler.yml", String.join("\n",
                "handlers: [a]",
                "paths:",
                "  - path: /a",
                "    exec: [a]",
                "  - path: /b",
                "    exec: [a]",
                "  - path: /c",
                "    exec:",
                "      x: 1",
                ""));
        ConfigException e = fails(() -> loader(tmp).load("handler", Handler.class));
        assertEquals(file + ":8: paths[2].exec: expected a list but got a map", e.getMessage());
        assertEquals("paths[2].exec", e.key());

        write(tmp, "handler2.yml", "paths:\n  - path: /a\n    exex: [a]\n");
        ConfigException unknown = fails(() -> loader(tmp).load("handler2", Handler.class));
        assertEquals(3, unknown.line());
        assertEquals("paths[0].exex", unknown.key());
        assertEquals("unknown key 'exex' (known keys: exec, path)", unknown.problem());
    }

    @Test
    void nestedRecord() {
        write(tmp, "security.yml", "enabled: true\njwt:\n  certificate: primary.crt\n  clockSkew: 60\n");
        assertEquals(new Security(true, new Jwt("primary.crt", 60)), loader(tmp).load("security", Security.class));
    }

    @Test
    void constructorValidationMessageIsTheProblem() {
        Path file = write(tmp, "security.yml", "enabled: true\njwt:\n  certificate: primary.crt\n  clockSkew: -1\n");
        ConfigException e = fails(() -> loader(tmp).load("security", Security.class));
        assertEquals(file + ":2: jwt: clockSkew must not be negative, got -1", e.getMessage());
    }

    @Test
    void constructorValidationAtTheRoot() {
        Path file = write(tmp, "jwt.yml", "certificate: primary.crt\nclockSkew: -5\n");
        ConfigException e = fails(() -> loader(tmp).load("jwt", Jwt.class));
        assertEquals(file.toString(), e.file());
        assertNull(e.key());
        assertEquals("clockSkew must not be negative, got -5", e.problem());
    }

    @Test
    void bindAtBindsASubtreeAndKeepsTheFullPathInErrors() {
        Path file = write(tmp, "security.yml", "enabled: true\njwt:\n  certificate: primary.crt\n  clockSkew: soon\n");
        ConfigFile f = loader(tmp).find("security").orElseThrow();
        ConfigException e = fails(() -> f.bindAt("/jwt", Jwt.class));
        assertEquals(file + ":4: jwt.clockSkew: expected an integer but got 'soon'", e.getMessage());

        write(tmp, "ok.yml", "enabled: true\njwt:\n  certificate: primary.crt\n  clockSkew: 5\n");
        ConfigFile ok = loader(tmp).find("ok").orElseThrow();
        assertEquals(new Jwt("primary.crt", 5), ok.bindAt("/jwt", Jwt.class));
        assertEquals(new Jwt(null, 0), ok.bindAt("/missing", Jwt.class));
    }

    @Test
    void listsAndMapsAsJsonStrings() {
        write(tmp, "values.yml", String.join("\n",
                "names: '[\"a\", \"b\"]'",
                "scopes: '{\"read\": [\"r1\", \"r2\"], \"write\": \"w1, w2\"}'",
                "ports: '[80, 443]'",
                "tags: '{env: prod, team: core}'",
                ""));
        write(tmp, "lists.yml", "names: ${names}\nscopes: ${scopes}\nports: ${ports}\ntags: ${tags}\n");
        Lists l = loader(tmp).load("lists", Lists.class);
        assertEquals(List.of("a", "b"), l.names());
        assertEquals(Map.of("read", List.of("r1", "r2"), "write", List.of("w1", "w2")), l.scopes());
        assertEquals(List.of(80, 443), l.ports());
        assertEquals(Map.of("env", "prod", "team", "core"), l.tags());
    }

    @Test
    void listsAsCommaStringsAndBlanks() {
        write(tmp, "lists.yml", "names: ${NAMES}\nports: ${PORTS}\nscopes: ${SCOPES:}\ntags: '  '\n");
        Lists l = loader(tmp, Map.of("NAMES", " a, b ,, c ", "PORTS", "80,443")).load("lists", Lists.class);
        assertEquals(List.of("a", "b", "c"), l.names());
        assertEquals(List.of(80, 443), l.ports());
        assertEquals(Map.of(), l.scopes());
        assertEquals(Map.of(), l.tags());
    }

    @Test
    void badItemInACommaStringIsReported() {
        Path file = write(tmp, "lists.yml", "names: []\nports: 80, http\n");
        ConfigException e = fails(() -> loader(tmp).load("lists", Lists.class));
        assertEquals(file + ":2: ports[1]: expected an integer but got 'http'", e.getMessage());
    }

    @Test
    void plainStringIsNotAMap() {
        Path file = write(tmp, "lists.yml", "tags: just text\n");
        ConfigException e = fails(() -> loader(tmp).load("lists", Lists.class));
        assertEquals(file + ":1: tags: expected a map but got 'just text'", e.getMessage());
    }

    @Test
    void mapperIsStrict() {
        var mapper = loader(tmp).mapper();
        assertTrue(mapper.isEnabled(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES));
        assertTrue(mapper.isEnabled(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES));
        assertTrue(!mapper.isEnabled(DeserializationFeature.ACCEPT_FLOAT_AS_INT));
    }
}
