package io.lumen.config;

import static io.lumen.config.TestSupport.fails;
import static io.lumen.config.TestSupport.loader;
import static io.lumen.config.TestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lumen.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a light-4j config folder relies on: module values, unread keys, light-4j keys, CRYPT:, errors at values.yml lines. */
class Light4jConfigTest {
    @TempDir Path tmp;

    @Test
    void aModuleKeyInValuesYmlSetsTheRecordWithoutTheModulesFile() {
        write(tmp, "values.yml", "server.httpPort: 9090\nserver.serviceId: pets\n");
        ServerConfig server = loader(tmp).load("server", ServerConfig.class);
        assertEquals(9090, server.httpPort());
        assertEquals("pets", server.serviceId());
    }

    @Test
    void theEnvironmentSetsAModuleKeyAndAKeyTheFileSetsWins() {
        write(tmp, "server.yml", "httpPort: 7070\n");
        ServerConfig server = loader(tmp, Map.of("SERVER_HTTPPORT", "9090", "SERVER_SERVICEID", "from-env"))
                .load("server", ServerConfig.class);
        assertEquals(7070, server.httpPort(), "the file's own key wins");
        assertEquals("from-env", server.serviceId());
    }

    @Test
    void valuesKeysNothingReadAreListedWithTheirLines() {
        write(tmp, "values.yml", "server.httpPort: 9090\nservice.singletons: []\nserver.placeholder: x\nsecurity.enableVerifyJwt: false\n");
        write(tmp, "server.yml", "serviceId: ${server.placeholder}\n");
        ConfigLoader loader = loader(tmp);
        loader.load("server", ServerConfig.class);
        List<ValueOrigin> unread = loader.unreadValues();
        assertEquals(List.of("service.singletons", "security.enableVerifyJwt"), unread.stream().map(ValueOrigin::key).toList());
        assertEquals(2, unread.get(0).line());
        assertTrue(unread.get(0).toString().endsWith("values.yml:2: service.singletons"), unread.get(0).toString());
    }

    @Test
    void aValuesKeyTheEnvironmentOverridesIsReadNotWarnedAbout() {
        // a generated project's values.yml has server.httpPort, and its README starts it with SERVER_HTTPPORT
        write(tmp, "values.yml", "server.httpPort: 8080\n");
        write(tmp, "server.yml", "httpPort: ${server.httpPort:8080}\n");
        ConfigLoader loader = loader(tmp, Map.of("SERVER_HTTPPORT", "9090"));
        assertEquals(9090, loader.load("server", ServerConfig.class).httpPort());
        assertEquals(List.of(), loader.unreadValues(), "the placeholder names the key: the environment only chose its value");
    }

    @Test
    void aBadValueInjectedFromValuesYmlIsReportedAtItsValuesLine() {
        write(tmp, "values.yml", "# ports\nserver.httpPort: lots\n");
        write(tmp, "server.yml", "ip: 127.0.0.1\nhttpPort: ${server.httpPort}\n");
        ConfigException e = fails(() -> loader(tmp).load("server", ServerConfig.class));
        assertEquals(tmp.resolve("values.yml").toString(), e.file());
        assertEquals(2, e.line());
        assertEquals("server.httpPort", e.key());
        assertTrue(e.getMessage().contains("(as server.yml httpPort at line 2 of " + tmp.resolve("server.yml") + ")"), e.getMessage());
    }

    @Test
    void aBadModuleValueIsReportedAtItsValuesLine() {
        write(tmp, "values.yml", "server.ioThreads: many\n");
        ConfigException e = fails(() -> loader(tmp).load("server", ServerConfig.class));
        assertEquals(1, e.line());
        assertTrue(e.getMessage().startsWith(tmp.resolve("values.yml") + ":1: server.ioThreads: "), e.getMessage());
    }

    @Test
    void encryptedValuesAreRefusedNamingTheKeyNeverTheSecret() {
        write(tmp, "server.yml", "ip: 127.0.0.1\nkeystorePass: CRYPT:3370aedc:b41007bf\n");
        ConfigException inFile = fails(() -> loader(tmp).load("server", ServerConfig.class));
        assertTrue(inFile.getMessage().startsWith(tmp.resolve("server.yml") + ":2: keystorePass: a light-4j encrypted value"),
                inFile.getMessage());
        assertFalse(inFile.getMessage().contains("3370aedc"), inFile.getMessage());

        write(tmp, "server.yml", "keystorePass: ${server.keystorePass}\n");
        write(tmp, "values.yml", "server.serviceId: s\nserver.keystorePass: CRYPT:3370aedc:b41007bf\n");
        ConfigException injected = fails(() -> loader(tmp).load("server", ServerConfig.class));
        assertTrue(injected.getMessage().startsWith(tmp.resolve("values.yml") + ":2: server.keystorePass: a light-4j encrypted value"),
                injected.getMessage());

        Path other = tmp.resolve("module-value");
        write(other, "values.yml", "server.keyPass: CRYPT:00:11\n");
        ConfigException moduleValue = fails(() -> loader(other).load("server", ServerConfig.class));
        assertTrue(moduleValue.getMessage().startsWith(other.resolve("values.yml") + ":1: server.keyPass: a light-4j encrypted value"),
                moduleValue.getMessage());
    }

    record BasicAuth(Boolean enabled, List<Map<String, Object>> users) {
    }

    @Test
    void basicAuthIsOffWithoutItsFileAndTakesLight4jsBasicValuesKeys() {
        // light-4j's shipped basic-auth.yml: enabled: ${basic.enabled:false}, users: ${basic.users:} (prefix 'basic', not
        // the file's name); light-hybrid-4j's rpc-security test folder names BasicAuthHandler with neither
        assertEquals(false, loader(tmp).load("basic-auth", BasicAuth.class).enabled());
        write(tmp, "values.yml", "basic.enabled: true\nbasic.users:\n  - username: user1\n    password: user1pass\n");
        ConfigLoader loader = loader(tmp);
        BasicAuth basic = loader.load("basic-auth", BasicAuth.class);
        assertEquals(true, basic.enabled());
        assertEquals("user1", basic.users().get(0).get("username"));
        assertEquals(List.of(), loader.unreadValues(), "basic.* are read");
    }

    /** light-gateway's handler.yml and cors.yml keys as Lumen's records bind them, for the tests below. */
    record Routes(Map<String, List<String>> chains, List<Map<String, Object>> paths) {
    }

    record Cors(Boolean enabled) {
    }

    record Registry(Map<String, Object> directUrls) {
    }

    @Test
    void withoutServerYmlLight4jsDefaultsApplyHttpsOnlyWhenTheKeyStoreIsThere() throws Exception {
        // light-gateway's config/external-gateway: values.yml enableHttps: true, server.keystore, no passwords anywhere
        write(tmp, "values.yml", "server.enableHttps: true\n");
        ServerConfig https = loader(tmp).load("server", ServerConfig.class);
        assertEquals("password", https.keystorePass());
        assertEquals("password", https.keyPass());
        assertEquals("password", https.truststorePass());

        // config/local: no listener switch at all, a key store: light-4j's HTTPS-only
        write(tmp, "values.yml", "server.httpsPort: 9445\n");
        Files.write(tmp.resolve("server.keystore"), new byte[] {1});
        ServerConfig local = loader(tmp).load("server", ServerConfig.class);
        assertTrue(local.enableHttps() && !local.enableHttp(), local.toString());

        write(tmp, "values.yml", "server.enableHttps: false\n"); // values.yml still wins
        assertTrue(loader(tmp).load("server", ServerConfig.class).enableHttp());

        write(tmp, "server.yml", "httpPort: 8081\n"); // a server.yml of its own: Lumen's defaults for what it leaves out
        ServerConfig own = loader(tmp).load("server", ServerConfig.class);
        assertEquals("", own.keystorePass());
        assertTrue(own.enableHttp() && !own.enableHttps(), own.toString());
    }

    @Test
    void withoutAKeyStoreAFolderWithoutServerYmlKeepsLumensHttpListener() {
        write(tmp, "values.yml", "server.httpPort: 9080\n");
        ServerConfig server = loader(tmp).load("server", ServerConfig.class);
        assertTrue(server.enableHttp() && !server.enableHttps(), server.toString());
        assertEquals(9080, server.httpPort());
    }

    @Test
    void aDottedHandlerChainsDefaultMeansLightGatewaysShippedRoutes() {
        // light-gateway's folders before 2026: the jar's handler.yml ran handler.chains.default for /* on every method
        write(tmp, "values.yml", """
                server.serviceId: gw-1
                handler.handlers:
                  - com.networknt.exception.ExceptionHandler@exception
                  - com.networknt.health.HealthGetHandler@health
                  - com.networknt.info.ServerInfoGetHandler@info
                handler.chains.default:
                  - exception
                  - specification
                  - security
                  - router
                """);
        Routes routes = loader(tmp).load("handler", Routes.class);
        assertEquals(List.of("exception", "specification", "security", "router"), routes.chains().get("default"));
        assertEquals(List.of("exception", "correlation", "specification", "security", "body", "validator"),
                routes.chains().get("admin"));
        List<String> declared = routes.paths().stream().map(p -> p.get("method") + " " + p.get("path") + " " + p.get("exec")).toList();
        assertEquals(List.of("GET /* [default]", "POST /* [default]", "PUT /* [default]", "DELETE /* [default]",
                "PATCH /* [default]", "OPTIONS /* [default]", "GET /adm/server/info [admin, info]",
                "GET /health [exception, health]", "GET /adm/health/gw-1 [admin, health]"), declared,
                "routes whose handlers the folder does not declare are left out");

        // a chain without specification and security (light-gateway's client-gateway): no admin-chain routes
        write(tmp, "values.yml", "handler.handlers: [a.Health@health, a.Info@info, a.E@exception, a.Spec@spec]\n"
                + "handler.chains.default: [exception]\n");
        Routes plain = loader(tmp).load("handler", Routes.class);
        assertEquals(List.of("/*", "/*", "/*", "/*", "/*", "/*", "/health"), plain.paths().stream().map(p -> p.get("path")).toList());
        assertEquals(List.of("default"), List.copyOf(plain.chains().keySet()));

        write(tmp, "values.yml", "handler.chains.default: [exception]\nhandler.paths: []\n"); // its own routes: nothing added
        assertEquals(List.of(), loader(tmp).load("handler", Routes.class).paths());
    }

    @Test
    void withoutDirectRegistryYmlTheUrlsOfServiceSingletonsAreTheDirectUrls() {
        // light-gateway's config/local sets light-4j's older DirectRegistry in values.yml's service.singletons
        write(tmp, "values.yml", """
                service.singletons:
                  - com.networknt.registry.URL:
                      - com.networknt.registry.URLImpl:
                          protocol: https
                          parameters:
                            com.networknt.petstore-1.0.0: https://localhost:8443
                            registryRetryPeriod: '30000'
                  - com.networknt.registry.Registry:
                      - com.networknt.registry.support.DirectRegistry
                """);
        ConfigLoader config = loader(tmp);
        assertEquals(Map.of("com.networknt.petstore-1.0.0", "https://localhost:8443"),
                config.load("direct-registry", Registry.class).directUrls());
        assertEquals(List.of(), config.unreadValues(), "service.singletons was read, so it is not warned about");
    }

    @Test
    void light4j1xKeysStillInPublicFoldersAreWarnedNotRefused() {
        // light-oauth2's cors.yml and openapi-security.yml (light-4j 1.x): description, oauthHttp2Support
        write(tmp, "cors.yml", "description: Cors Http Handler\nenabled: true\n");
        assertTrue(loader(tmp).load("cors", Cors.class).enabled());
    }

    @Test
    void light4jKeysLumenDoesNotUseAreDroppedButUnknownKeysStillFail() {
        write(tmp, "server.yml", "httpPort: 8081\nenableRegistry: false\ndynamicPort: false\nbuildNumber: 1.0.0\n");
        assertEquals(8081, loader(tmp).load("server", ServerConfig.class).httpPort());

        write(tmp, "server.yml", "httpPort: 8081\nenableRegistry: false\nenableRegistree: false\n");
        ConfigException e = fails(() -> loader(tmp).load("server", ServerConfig.class));
        assertTrue(e.getMessage().startsWith(tmp.resolve("server.yml") + ":3: enableRegistree: unknown key"), e.getMessage());
    }

    @Test
    void problemsCombineIntoOneExceptionOneLineEach() {
        ConfigException a = new ConfigException("a.yml", 1, "x", "bad");
        ConfigException b = new ConfigException("b.yml", 2, "y", "worse");
        ConfigException both = ConfigException.of(List.of(a, ConfigException.of(List.of(b, a))));
        assertEquals(List.of(a, b), both.problems());
        assertEquals("2 configuration problems:\n  a.yml:1: x: bad\n  b.yml:2: y: worse", both.getMessage());
        assertEquals(a, ConfigException.of(List.of(a)));
    }
}
