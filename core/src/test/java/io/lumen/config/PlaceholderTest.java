package io.lumen.config;

import static io.lumen.config.TestSupport.fails;
import static io.lumen.config.TestSupport.loader;
import static io.lumen.config.TestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlaceholderTest {
    @TempDir Path tmp;

    private static Map<?, ?> tree(ConfigLoader loader, String name) {
        return (Map<?, ?>) loader.find(name).orElseThrow().tree();
    }

    @Test
    void resolvesFromValuesYmlWithTypes() {
        write(tmp, "values.yml", String.join("\n",
                "server.httpPort: 9443",
                "server.enableHttp2: true",
                "server.hosts: [a, b]",
                "server.limits: {max: 3}",
                "server.name: petstore",
                "server.ratio: 0.5",
                ""));
        write(tmp, "server.yml", String.join("\n",
                "httpPort: ${server.httpPort}",
                "enableHttp2: ${server.enableHttp2}",
                "hosts: ${server.hosts}",
                "limits: ${server.limits}",
                "name: ${server.name}",
                "ratio: ${server.ratio}",
                ""));
        Map<?, ?> t = tree(loader(tmp), "server");
        assertEquals(9443, t.get("httpPort"));
        assertEquals(true, t.get("enableHttp2"));
        assertEquals(List.of("a", "b"), t.get("hosts"));
        assertEquals(Map.of("max", 3), t.get("limits"));
        assertEquals("petstore", t.get("name"));
        assertEquals(0.5, t.get("ratio"));
    }

    @Test
    void defaultsMayContainBracesSuchAsAnEmptyMap() {
        write(tmp, "cors.yml", String.join("\n",
                "prefixes: ${cors.prefixes:{}}",
                "json: '${cors.json:{\"a\": {\"b\": 1}}}'",
                "mixed: x-${k:{y}}-z",
                ""));
        Map<?, ?> t = tree(loader(tmp), "cors");
        assertEquals("{}", t.get("prefixes"));
        assertEquals("{\"a\": {\"b\": 1}}", t.get("json"));
        assertEquals("x-{y}-z", t.get("mixed"));
    }

    @Test
    void defaultsAreTypedLikeYamlScalars() {
        write(tmp, "server.yml", String.join("\n",
                "port: ${a:8080}",
                "enabled: ${b:true}",
                "disabled: ${b2:FALSE}",
                "ratio: ${c:2.5}",
                "empty: ${d:}",
                "quotes: ${e:''}",
                "text: ${f:hello world}",
                "url: ${g:http://localhost:8080/x}",
                "big: ${h:12345678901}",
                "zip: ${i:01234}",
                ""));
        Map<?, ?> t = tree(loader(tmp), "server");
        assertEquals(8080, t.get("port"));
        assertEquals(true, t.get("enabled"));
        assertEquals(false, t.get("disabled"));
        assertEquals(2.5, t.get("ratio"));
        assertEquals("", t.get("empty"));
        assertEquals("", t.get("quotes"));
        assertEquals("hello world", t.get("text"));
        assertEquals("http://localhost:8080/x", t.get("url"), "only the first colon separates the default");
        assertEquals(12345678901L, t.get("big"));
        assertEquals("01234", t.get("zip"), "leading zeros stay text");
    }

    @Test
    void envBeatsValuesYmlAndIsTyped() {
        write(tmp, "values.yml", "server.httpPort: 9443\nserver.host: fromValues\n");
        write(tmp, "server.yml", "httpPort: ${server.httpPort}\nhost: ${server.host}\nflag: ${server.flag:false}\n");
        ConfigLoader loader = loader(tmp, Map.of("SERVER_HTTPPORT", "9090", "SERVER_FLAG", "true"));
        Map<?, ?> t = tree(loader, "server");
        assertEquals(9090, t.get("httpPort"));
        assertEquals(true, t.get("flag"));
        assertEquals("fromValues", t.get("host"));
        assertEquals(9090, loader.value("server.httpPort").orElseThrow());
        assertEquals("fromValues", loader.value("server.host").orElseThrow());
        assertFalse(loader.value("nope").isPresent());
    }

    @Test
    void envNameMapsEveryNonAlphanumeric() {
        assertEquals("SERVER_HTTPPORT", PlaceholderResolver.envName("server.httpPort"));
        assertEquals("A_B_C_D1", PlaceholderResolver.envName("a-b.c/d1"));
    }

    @Test
    void overridesBeatEnvAndKeepTheirType() {
        write(tmp, "values.yml", "server.httpPort: 9443\n");
        write(tmp, "server.yml", "httpPort: ${server.httpPort}\nhosts: ${server.hosts}\n");
        ConfigLoader loader = ConfigLoader.builder().configDirs(List.of(tmp)).classLoader(TestSupport.emptyClassLoader())
                .env(Map.of("SERVER_HTTPPORT", "9090", "SERVER_HOSTS", "x")::get)
                .overrides(Map.of("server.httpPort", 7001, "server.hosts", List.of("h1", "h2")))
                .build();
        Map<?, ?> t = tree(loader, "server");
        assertEquals(7001, t.get("httpPort"));
        assertEquals(List.of("h1", "h2"), t.get("hosts"));
        assertEquals(7001, loader.value("server.httpPort").orElseThrow());
    }

    @Test
    void embeddedPlaceholdersAreConcatenatedAsText() {
        write(tmp, "values.yml", "host: example.com\nport: 8443\n");
        write(tmp, "client.yml", String.join("\n",
                "url: https://${host}:${port}/api",
                "list:",
                "  - x-${port}",
                "  - ${missing:none}-${host}",
                "nested:",
                "  path: /v${version:1}",
                "noPlaceholder: costs $5 {really}",
                ""));
        Map<?, ?> t = tree(loader(tmp), "client");
        assertEquals("https://example.com:8443/api", t.get("url"));
        assertEquals(List.of("x-8443", "none-example.com"), t.get("list"));
        assertEquals(Map.of("path", "/v1"), t.get("nested"));
        assertEquals("costs $5 {really}", t.get("noPlaceholder"));
    }

    @Test
    void dollarDefaultKeepsTheLiteralWhenUnresolved() {
        write(tmp, "values.yml", "known: yes-value\n");
        write(tmp, "handler.yml", "a: ${secret:$}\nb: prefix ${secret:$} suffix\nc: ${known:$}\n");
        Map<?, ?> t = tree(loader(tmp), "handler");
        assertEquals("${secret}", t.get("a"));
        assertEquals("prefix ${secret} suffix", t.get("b"));
        assertEquals("yes-value", t.get("c"));
    }

    @Test
    void valuesYmlItselfIsNotInjected() {
        write(tmp, "values.yml", "a: ${not.resolved}\n");
        write(tmp, "x.yml", "a: ${a}\n");
        ConfigLoader loader = loader(tmp);
        assertEquals("${not.resolved}", tree(loader, "values").get("a"));
        assertEquals("${not.resolved}", tree(loader, "x").get("a"));
    }

    @Test
    void nullInValuesYmlIsAValue() {
        write(tmp, "values.yml", "a: ~\n");
        write(tmp, "x.yml", "a: ${a}\nb: v${a}v\n");
        ConfigLoader loader = loader(tmp);
        assertNull(tree(loader, "x").get("a"));
        assertEquals("vv", tree(loader, "x").get("b"));
        assertFalse(loader.value("a").isPresent());
    }

    @Test
    void unresolvedPlaceholderFailsWithFileLineAndKey() {
        Path file = write(tmp, "server.yml", "# comment\nhost: localhost\nhttpPort: ${server.httpPort}\n");
        ConfigException e = fails(() -> loader(tmp).find("server"));
        assertEquals(file + ":3: httpPort: no value for ${server.httpPort} "
                + "(set it in values.yml or the environment variable SERVER_HTTPPORT, or give it a default: ${server.httpPort:default})",
                e.getMessage());
        assertEquals(3, e.line());
        assertEquals("httpPort", e.key());
    }

    @Test
    void unresolvedInsideAListNamesTheItem() {
        Path file = write(tmp, "handler.yml", "paths:\n  - path: /a\n    exec:\n      - one\n      - ${x}\n");
        ConfigException e = fails(() -> loader(tmp).find("handler"));
        assertEquals(file + ":5: paths[0].exec[1]: no value for ${x} "
                + "(set it in values.yml or the environment variable X, or give it a default: ${x:default})", e.getMessage());
    }

    @Test
    void aSpecKeepsPlaceholdersOfItsProseAndExtensionsAsWritten() {
        write(tmp, "openapi.yaml", "openapi: 3.1.0\ninfo: {title: t, version: '1', description: 'uses ${speakerRef}'}\n"
                + "paths:\n  /a:\n    get:\n      x-codeSamples:\n        - source: 'fetch(`/a/${speakerRef}`)'\n"
                + "      responses: {'200': {description: ok}}\n");
        Map<?, ?> spec = tree(loader(tmp), "openapi");
        assertEquals("uses ${speakerRef}", ((Map<?, ?>) spec.get("info")).get("description"));
        assertEquals("{/a={get={x-codeSamples=[{source=fetch(`/a/${speakerRef}`)}], responses={200={description=ok}}}}}",
                spec.get("paths").toString());
    }

    @Test
    void aSpecStillNeedsValuesOutsideItsProse() {
        Path file = write(tmp, "openapi.yaml", "openapi: 3.1.0\ninfo: {title: t, version: '1'}\nservers: [{url: '${base}'}]\npaths: {}\n");
        ConfigException e = fails(() -> loader(tmp).find("openapi"));
        assertEquals(file + ":3: servers[0].url: no value for ${base} "
                + "(set it in values.yml or the environment variable BASE, or give it a default: ${base:default})", e.getMessage());
    }

    @Test
    void withoutAnEnvironmentTheMessageNamesNoVariable() {
        write(tmp, "server.yml", "httpPort: ${server.httpPort}\n");
        ConfigLoader noEnv = ConfigLoader.builder().configDirs(List.of(tmp)).env(null).build();
        ConfigException e = fails(() -> noEnv.find("server"));
        assertFalse(e.getMessage().contains("environment"), e.getMessage());
    }

    @Test
    void questionMarkFailsWithTheGivenText() {
        Path file = write(tmp, "secret.yml", "user: admin\npassword: ${db.password:?set DB_PASSWORD to the database password}\n");
        ConfigException e = fails(() -> loader(tmp).find("secret"));
        assertEquals(file + ":2: password: set DB_PASSWORD to the database password", e.getMessage());
    }

    @Test
    void questionMarkIsFineWhenResolved() {
        write(tmp, "secret.yml", "password: ${db.password:?required}\n");
        assertEquals("s3cret", tree(loader(tmp, Map.of("DB_PASSWORD", "s3cret")), "secret").get("password"));
    }

    @Test
    void unterminatedPlaceholderFails() {
        Path file = write(tmp, "server.yml", "a: 1\nb:\n  c: x${y\n");
        ConfigException e = fails(() -> loader(tmp).find("server"));
        assertEquals(file + ":3: b.c: unterminated ${ in 'x${y' (expected a closing })", e.getMessage());
    }

    @Test
    void valuesYmlThatIsNotAMapFails() {
        Path values = write(tmp, "values.yml", "\n- a\n- b\n");
        write(tmp, "server.yml", "a: ${a}\n");
        ConfigException e = fails(() -> loader(tmp).find("server"));
        assertEquals(values + ":2: values.yml must be a map of keys to values, like 'server.httpPort: 8443'",
                e.getMessage());
    }

    @Test
    void failedLoadIsNotCached() {
        write(tmp, "server.yml", "a: ${a}\n");
        Map<String, String> env = new HashMap<>();
        ConfigLoader loader = loader(tmp, env);
        fails(() -> loader.find("server"));
        env.put("A", "now set");
        assertEquals("now set", tree(loader, "server").get("a"));
    }
}
