package io.lumen.validator.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.ExecutionContext;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaContext;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.keyword.BaseKeywordValidator;
import com.networknt.schema.keyword.Keyword;
import com.networknt.schema.keyword.KeywordValidator;
import com.networknt.schema.path.NodePath;

/**
 * Lumen's keyword {@code x-lumen-hidden: <message>}: the schema {@link SchemaNormalizer} puts in
 * place of a property that must not appear (a readOnly one in a request when
 * {@code openapi-validator.yml} says {@code readOnlyProperties: refuse}, a writeOnly one in a
 * response). Any value fails with the message, which names the rule
 * ({@code readOnly property 'id' must not be sent}) instead of the library's
 * {@code schema for 'id' is false}. Stateless, thread-safe.
 */
final class HiddenProperty implements Keyword {
    static final String NAME = "x-lumen-hidden";

    @Override
    public String getValue() {
        return NAME;
    }

    @Override
    public KeywordValidator newValidator(SchemaLocation location, JsonNode schemaNode, Schema parent, SchemaContext context) {
        return new Validator(this, schemaNode, location, parent, context);
    }

    private static final class Validator extends BaseKeywordValidator {
        private final String message;

        Validator(HiddenProperty keyword, JsonNode schemaNode, SchemaLocation location, Schema parent, SchemaContext context) {
            super(keyword, schemaNode, location, parent, context);
            this.message = schemaNode.asText();
        }

        @Override
        public void validate(ExecutionContext executionContext, JsonNode node, JsonNode rootNode, NodePath instanceLocation) {
            executionContext.addError(error().instanceNode(node).instanceLocation(instanceLocation)
                    .evaluationPath(executionContext.getEvaluationPath()).message(message).build());
        }
    }
}
