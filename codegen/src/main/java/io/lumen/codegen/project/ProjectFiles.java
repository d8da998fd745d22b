package io.lumen.codegen.project;

import io.lumen.codegen.datasource.Datasource;
import io.lumen.codegen.datasource.DatasourceRequest;
import io.lumen.codegen.diagnostics.Diagnostics;
import io.lumen.codegen.java.HandlerWriter;
import io.lumen.codegen.java.UserCodeWriter;
import io.lumen.codegen.operation.OperationModel;
import io.lumen.codegen.operation.SpecSchemes;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.SecurityScheme;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The non-Java files of a project and the user-owned Java files: the route table (generated),
 * the pom, README, Dockerfile, ignore files, config folder, implementations and tests (user's).
 * With a {@link Datasource} the project also gets {@code lumen-datasource} and the JDBC driver in
 * its pom, {@code config/datasource.yml}, a first migration, a readiness test and the
 * {@code /health/liveness} and {@code /health/readiness} routes (the pool is a readiness dependency).
 */
public final class ProjectFiles {
    /** Names handler.yml already uses: a handler alias must not shadow them. */
    private static final Set<String> TAKEN_ALIASES = Set.of("audit", "body", "correlation", "cors", "exception", "header",
            "health", "info", "limit", "liveness", "logger", "metrics", "prometheus", "readiness", "proxy", "security",
            "specification", "specui", "specyaml", "validator", "default", "open", "admin", "adminChange", "reload");
    private static final String CHAIN_HEAD = "exception, metrics, correlation, specification";
    private static final String CHAIN_TAIL = "body, audit, validator";
    /** The chain of admin routes that change state: audited, and behind a token with the admin scope when secured. */
    private static final String ADMIN_CHANGE_SECURED = "exception, correlation, security, audit";
    private static final String ADMIN_CHANGE_OPEN = "exception, correlation, audit";

    private final OpenApiSpec spec;
    private final GeneratorOptions options;
    private final Diagnostics diagnostics;
    private final List<OperationModel> operations;
    private final boolean secured;
    private final String specFile;
    private final Datasource datasource;
    /** Whether the route table has /health/readiness (a database and no spec operation of that path). */
    private final boolean readinessRouted;
    private final SpecSchemes schemes;

    /** @param datasource the project's database, or null */
    public ProjectFiles(OpenApiSpec spec, GeneratorOptions options, Diagnostics diagnostics, List<OperationModel> operations,
                        String specFile, Datasource datasource, SpecSchemes schemes) {
        this.spec = spec;
        this.schemes = schemes;
        this.options = options;
        this.diagnostics = diagnostics;
        this.operations = operations;
        this.secured = operations.stream().anyMatch(OperationModel::secured);
        this.specFile = specFile;
        this.datasource = datasource;
        this.readinessRouted = datasource != null && operations.stream().noneMatch(op ->
                op.operation().method().equals("GET") && op.operation().template().equals("/health/readiness"));
    }

    public boolean secured() {
        return secured;
    }

    /** The route table: every operation on the default (or open) chain, then the admin routes. */
    public GeneratedFile handlerYml(HandlerWriter handlers) {
        Map<String, Object> m = model();
        List<Map<String, String>> ops = new ArrayList<>();
        Set<String> routes = new TreeSet<>();
        for (OperationModel op : operations) {
            String alias = TAKEN_ALIASES.contains(op.method()) ? op.method() + "Op" : op.method();
            Map<String, String> o = new LinkedHashMap<>();
            o.put("handlerClass", handlers.handler(op).canonicalName());
            o.put("alias", alias);
            o.put("path", op.operation().template().replace("'", "''"));
            o.put("method", op.operation().method());
            o.put("chain", secured && !op.secured() ? "open" : "default");
            ops.add(o);
            routes.add(op.operation().method() + " " + op.operation().template());
        }
        List<Map<String, String>> admin = new ArrayList<>();
        // POST /adm/reload changes state: the adminChange chain (a token with the admin scope when secured,
        // security.yml routeScopes), and only from loopback unless reload.yml allowedFrom says otherwise
        List<String[]> adminRoutes = new ArrayList<>(List.of(new String[][] {{"GET", "/health", "health"},
                {"GET", "/spec.yaml", "admin, specyaml"}, {"GET", "/specui.html", "admin, specui"},
                {"GET", "/specui/*", "admin, specui"}, {"GET", "/adm/server/info", "admin, info"},
                {"POST", "/adm/reload", "adminChange, reload"}}));
        if (datasource != null) {
            // the pool is a readiness dependency (lumen-datasource registers it): give probes its route
            adminRoutes.add(1, new String[] {"GET", "/health/liveness", "liveness"});
            adminRoutes.add(2, new String[] {"GET", "/health/readiness", "readiness"});
        }
        for (String[] r : adminRoutes) {
            if (routes.contains(r[0] + " " + r[1])) {
                diagnostics.warn("admin route left out", "/paths", "the spec has its own " + r[0] + " " + r[1] + ", so the admin route is left out");
                continue;
            }
            admin.add(Map.of("method", r[0], "path", r[1], "exec", r[2]));
        }
        m.put("operations", ops);
        m.put("admin", admin);
        m.put("basePath", spec.basePath().isEmpty() ? "/" : spec.basePath());
        m.put("defaultChain", CHAIN_HEAD + (secured ? ", security, " : ", ") + CHAIN_TAIL);
        m.put("openChain", CHAIN_HEAD + ", " + CHAIN_TAIL);
        m.put("adminChangeChain", secured ? ADMIN_CHANGE_SECURED : ADMIN_CHANGE_OPEN);
        return GeneratedFile.text(Layout.GENERATED_RESOURCES + "/config/handler.yml", Templates.render("handler.yml.mustache", m),
                GeneratedFile.Owner.GENERATED);
    }

    /** Everything the user owns: written when missing, never again. */
    public List<GeneratedFile> userFiles(UserCodeWriter code) {
        Map<String, Object> m = model();
        List<GeneratedFile> out = new ArrayList<>();
        out.add(user("pom.xml", "pom.xml.mustache", m));
        out.add(user("README.md", "README.md.mustache", m));
        out.add(user("Dockerfile", "Dockerfile.mustache", m));
        out.add(user(".gitignore", "gitignore.mustache", m));
        out.add(user(".dockerignore", "dockerignore.mustache", m));
        out.add(user("config/server.yml", "server.yml.mustache", m));
        out.add(user("config/values.yml", "values.yml.mustache", m));
        out.add(user("config/openapi-validator.yml", "openapi-validator.yml.mustache", m));
        if (secured) {
            out.add(user("config/security.yml", "security.yml.mustache", m));
            out.add(user("config/jwks.json", "jwks.json.mustache", m));
        }
        out.add(user(Layout.TEST_JAVA + "/" + options.packageName().replace('.', '/') + "/TestSupport.java",
                "TestSupport.java.mustache", m));
        out.add(user(Layout.MAIN_JAVA + "/" + options.packageName().replace('.', '/') + "/errors/SpecErrorMapper.java",
                "SpecErrorMapper.java.mustache", m));
        if (datasource != null) {
            out.add(user("config/datasource.yml", "datasource.yml.mustache", m));
            if (datasource.migrations()) {
                out.add(user(Layout.MIGRATIONS + "/V1__baseline.sql", "V1__baseline.sql.mustache", m));
            }
            if (readinessRouted) {
                out.add(user(Layout.TEST_JAVA + "/" + options.packageName().replace('.', '/') + "/DatabaseTest.java",
                        "DatabaseTest.java.mustache", m));
            }
        }
        // rendered on every core, collected in the operations' order (the writer shares nothing mutable)
        out.addAll(operations.parallelStream().flatMap(op -> {
            Map.Entry<String, String> impl = code.impl(op);
            Map.Entry<String, String> test = code.test(op);
            return Stream.of(GeneratedFile.text(Layout.MAIN_JAVA + "/" + impl.getKey(), impl.getValue(), GeneratedFile.Owner.USER),
                    GeneratedFile.text(Layout.TEST_JAVA + "/" + test.getKey(), test.getValue(), GeneratedFile.Owner.USER));
        }).toList());
        return out;
    }

    private static GeneratedFile user(String path, String template, Map<String, Object> model) {
        return GeneratedFile.text(path, Templates.render(template, model), GeneratedFile.Owner.USER);
    }

    /** What the templates say about the database. */
    private Map<String, Object> datasourceModel() {
        String database = options.artifactId().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("pool", datasource.pool());
        d.put("poolEnv", datasource.pool().toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_"));
        d.put("driver", datasource.driver().label());
        d.put("driverGroupId", datasource.driver().groupId());
        d.put("driverArtifactId", datasource.driver().artifactId());
        d.put("h2", datasource.driver() == Datasource.Driver.H2);
        d.put("postgresql", datasource.driver() == Datasource.Driver.POSTGRESQL);
        d.put("migrations", datasource.migrations());
        d.put("jdbcUrl", datasource.defaultJdbcUrl(database));
        d.put("username", datasource.defaultUsername(database));
        d.put("testJdbcUrl", datasource.testJdbcUrl());
        d.put("readiness", readinessRouted);
        return d;
    }

    /**
     * The plugin's parameters for what the command line asked, so the build regenerates the same
     * route table (the spec's x-lumen-datasource the plugin reads itself).
     */
    private static List<Map<String, String>> pluginDatasource(DatasourceRequest request) {
        List<Map<String, String>> out = new ArrayList<>();
        if (request.enabled() != null) {
            out.add(Map.of("key", "datasource", "value", request.enabled().toString()));
        }
        if (request.pool() != null) {
            out.add(Map.of("key", "datasourceName", "value", request.pool()));
        }
        if (request.driver() != null) {
            out.add(Map.of("key", "datasourceDriver", "value", request.driver()));
        }
        if (request.migrations() != null) {
            out.add(Map.of("key", "datasourceMigrations", "value", request.migrations().toString()));
        }
        return out;
    }

    /**
     * The request of the first operation a README's curl line can show succeeding: a GET whose
     * generated test sends no header and expects a 2xx (so its path and query are valid values),
     * secured or not as asked; else {@code fallback}.
     */
    private String tryTarget(boolean secured, String fallback) {
        for (OperationModel op : operations) {
            if (op.operation().method().equals("GET") && op.secured() == secured && op.call().headers().isEmpty()
                    && op.stub().status() >= 200 && op.stub().status() < 300) {
                return op.call().target();
            }
        }
        return fallback;
    }

    /**
     * The apiKey and http basic schemes the operations use, for the generated security.yml (placeholders,
     * no secrets), values.yml and TestSupport (credentials made at test time).
     */
    private List<Map<String, Object>> credentialed() {
        List<Map<String, Object>> out = new ArrayList<>();
        if (!secured) {
            // every requirement has an empty alternative (Qdrant's [{api-key}, {bearerAuth}, {}]): no operation
            // runs the security chain, the project has no lumen-security, and credentials would check nothing
            return out;
        }
        for (SecurityScheme s : schemes.credentialed()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", s.name());
            m.put("yamlName", "'" + s.name().replace("'", "''") + "'");
            m.put("javaName", s.name().replace("\\", "\\\\").replace("\"", "\\\""));
            m.put("key", "security.schemes." + s.name().replaceAll("[^A-Za-z0-9_-]", "_"));
            m.put("describe", s.describe());
            boolean apiKey = s.kind() == SecurityScheme.Kind.API_KEY;
            m.put("apiKey", apiKey);
            m.put("placeholder", "${" + m.get("key") + (apiKey ? ".apiKeys" : ".users") + ":[]}");
            m.put("basic", !apiKey);
            m.put("header", apiKey && "header".equals(s.in()));
            m.put("query", apiKey && "query".equals(s.in()));
            m.put("cookie", apiKey && "cookie".equals(s.in()));
            m.put("parameter", apiKey ? s.parameterName().replace("\\", "\\\\").replace("\"", "\\\"") : "");
            out.add(m);
        }
        return out;
    }

    private Map<String, Object> model() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("groupId", options.groupId());
        m.put("artifactId", options.artifactId());
        m.put("packageName", options.packageName());
        m.put("packagePath", options.packageName().replace('.', '/'));
        m.put("lumenVersion", options.lumenVersion());
        String title = spec.bundle().path("info").path("title").asText(options.artifactId());
        title = title.isBlank() ? options.artifactId() : title.replace('\n', ' ');
        m.put("title", title);
        m.put("titleXml", title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("--", "- -"));
        m.put("secured", secured);
        List<Map<String, Object>> credentialed = credentialed();
        m.put("credentialed", credentialed);
        m.put("hasCredentials", !credentialed.isEmpty());
        m.put("hasApiKeys", credentialed.stream().anyMatch(c -> (Boolean) c.get("apiKey")));
        m.put("hasUsers", credentialed.stream().anyMatch(c -> (Boolean) c.get("basic")));
        m.put("hasQueryKeys", credentialed.stream().anyMatch(c -> (Boolean) c.get("query")));
        m.put("needsCharsets", (Boolean) m.get("hasUsers") || (Boolean) m.get("hasQueryKeys"));
        m.put("jwt", secured && operations.stream().anyMatch(op -> op.testSchemes().stream()
                .anyMatch(n -> schemes.scheme(n).kind().jwt())));
        m.put("specFile", specFile);
        m.put("specName", specFile.substring(specFile.lastIndexOf('/') + 1));
        m.put("v", Versions.plugins());
        Set<String> scopes = new TreeSet<>();
        for (OperationModel op : operations) {
            scopes.addAll(op.operation().scopes());
        }
        String firstPath = tryTarget(false, "/health");
        m.put("securedPath", tryTarget(true, firstPath));
        m.put("scopes", String.join(" ", scopes));
        m.put("datasource", datasource == null ? false : datasourceModel());
        m.put("pluginDatasource", pluginDatasource(options.datasource()));
        m.put("firstPath", firstPath);
        return m;
    }
}
