package io.lumen.validator.validation;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.NonValidationKeyword;
import com.networknt.schema.path.PathType;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.status.Causes;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.PatternSyntaxException;

/**
 * Compiles the schemas of a spec once, at startup, with networknt json-schema-validator: the
 * bundle is normalized twice ({@link SchemaNormalizer}, request and response views), both are
 * registered as documents, and a schema is compiled from its JSON pointer, so {@code $ref}s
 * (including across files, already bundled) resolve inside the document. Compiled schemas are
 * immutable and thread-safe; compiling the same pointer twice returns the same instance.
 */
final class SchemaCompiler {
    private static final String REQUEST = "https://lumen.invalid/openapi/request.json";
    private static final String RESPONSE = "https://lumen.invalid/openapi/response.json";

    private final OpenApiSpec spec;
    private final boolean handleNullable;
    private final boolean refuseReadOnly;
    private final SchemaRegistry registry;
    private final Map<String, Schema> compiled = new HashMap<>();
    private final Map<String, Schema> roots = new HashMap<>(2);

    SchemaCompiler(OpenApiSpec spec, boolean handleNullable, boolean refuseReadOnly) {
        this.spec = spec;
        this.handleNullable = handleNullable;
        this.refuseReadOnly = refuseReadOnly;
        SchemaRegistryConfig config = SchemaRegistryConfig.builder()
                .formatAssertionsEnabled(true)
                .pathType(PathType.JSON_POINTER)
                .build();
        // The registered documents are whole OpenAPI files: their top-level keys (openapi, info,
        // paths...) are not JSON Schema keywords. Ignore unknown keywords quietly instead of
        // logging a warning for each at every startup; they never validate anything either way.
        // Numbers are compared exactly, date-time is checked by RFC 3339 and email by RFC 5321's syntax (no list
        // of top-level domains): Lumen's keywords and formats replace the library's.
        Dialect dialect = Dialect.builder(Dialects.getDraft202012())
                .unknownKeywordFactory((name, context) -> new NonValidationKeyword(name))
                .keywords(ExactNumbers.keywords())
                .keyword(new HiddenProperty())
                .format(new Rfc3339DateTime())
                .format(new Rfc5321Email())
                .build();
        // Each direction's document is normalized when a schema of it is first compiled: a check of
        // response schemas alone (the declared error formats) never pays for the request view.
        this.registry = SchemaRegistry.withDefaultDialect(dialect,
                b -> b.schemas(this::document).schemaRegistryConfig(config));
    }

    private String document(String iri) {
        SchemaNormalizer.Direction direction = iri.equals(REQUEST) ? SchemaNormalizer.Direction.REQUEST
                : iri.equals(RESPONSE) ? SchemaNormalizer.Direction.RESPONSE : null;
        return direction == null ? null
                : SchemaNormalizer.normalize(spec.bundle(), !spec.isV31(), handleNullable, direction, refuseReadOnly).toString();
    }

    Schema request(String pointer) {
        return compile(REQUEST, pointer);
    }

    Schema response(String pointer) {
        return compile(RESPONSE, pointer);
    }

    private Schema root(String document) {
        return roots.computeIfAbsent(document, d -> registry.getSchema(SchemaLocation.of(d)));
    }

    private Schema compile(String document, String pointer) {
        return compiled.computeIfAbsent(document + "#" + pointer, location -> {
            try {
                // From the document's root, read once: asking the registry for "document#pointer" would
                // parse the whole document again for every pointer, and each schema would keep its own copy
                // (a spec of hundreds of operations ran out of a 6 GB heap that way).
                Schema schema = root(document).getRefSchema(SchemaLocation.of(location).getFragment());
                schema.initializeValidators();
                return schema;
            } catch (RuntimeException e) {
                throw spec.error(pointer, "schema cannot be compiled: " + why(e));
            }
        });
    }

    /**
     * What went wrong, in the spec's terms: the schema library reports a pattern Java's regular
     * expressions cannot compile (a JavaScript-only {@code [^]}) as the regex engine's exception, with
     * its class name and a caret drawing on a second line.
     */
    private static String why(RuntimeException e) {
        if (Causes.root(e) instanceof PatternSyntaxException p) {
            return "a pattern is not a regular expression Java can compile (" + p.getDescription()
                    + "); write it in the syntax Java's and JavaScript's regular expressions share";
        }
        return Causes.rootMessage(e);
    }
}
