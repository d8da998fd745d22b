package io.lumen.validator.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.networknt.schema.ExecutionContext;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaContext;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.Keyword;
import com.networknt.schema.keyword.KeywordValidator;
import com.networknt.schema.path.NodePath;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** An exception from inside the schema library is a validation error of the value, never a 500. */
class SchemaFailureTest {

    @Test
    void anExceptionFromTheSchemaLibraryBecomesAnErrorOfTheValue() {
        Keyword exploding = new Keyword() {
            @Override
            public String getValue() {
                return "explode";
            }

            @Override
            public KeywordValidator newValidator(SchemaLocation location, JsonNode schemaNode,
                                                 Schema parent, SchemaContext context) {
                return new KeywordValidator() {
                    @Override
                    public void validate(ExecutionContext executionContext,
                                         JsonNode node,
                                         JsonNode rootNode,
                                         NodePath instanceLocation) {
                        throw new ArithmeticException("inside the library");
                    }

                    @Override
                    public SchemaLocation getSchemaLocation() {
                        return location;
                    }

                    @Override
                    public String getKeyword() {
                        return "explode";
                    }
                };
            }
        };
        Dialect dialect = Dialect.builder(Dialects.getDraft202012()).keyword(exploding).build();
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(dialect,
                b -> b.schemas(Map.of("https://lumen.invalid/t.json", "{\"explode\": true}")));
        Schema schema = registry.getSchema(SchemaLocation.of("https://lumen.invalid/t.json"));
        List<ValidationError> errors = new ArrayList<>();
        CompiledOperation.schema(schema, JsonNodeFactory.instance.numberNode(1), "body", errors);
        assertEquals(List.of(new ValidationError("ERR11004", "body", "", "cannot be checked against its schema")), errors);
    }
}
