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

import java.math.BigDecimal;
import java.util.List;

/**
 * {@code minimum}, {@code maximum}, {@code exclusiveMinimum}, {@code exclusiveMaximum} and
 * {@code multipleOf}, compared exactly with {@link BigDecimal}, in place of the schema library's.
 * Its versions compare an integer-typed value through {@code long} (a value beyond it, such as
 * {@code 1e400}, wraps around and passes) and a {@code multipleOf} dividend through {@code double}
 * ({@code 0.0100000000000000000001} becomes {@code 0.01} and passes, {@code 1e400} becomes infinity
 * and throws). Request bodies are parsed with exact numbers ({@code BigDecimal} for decimals, at most
 * 1000 digits), so every comparison here is exact and bounded. Stateless validators, thread-safe.
 */
final class ExactNumbers implements Keyword {
    private enum Kind { MINIMUM, MAXIMUM, EXCLUSIVE_MINIMUM, EXCLUSIVE_MAXIMUM, MULTIPLE_OF }

    private final String name;
    private final Kind kind;

    private ExactNumbers(String name, Kind kind) {
        this.name = name;
        this.kind = kind;
    }

    /** The five keywords, to register in place of the library's. */
    static List<Keyword> keywords() {
        return List.of(new ExactNumbers("minimum", Kind.MINIMUM), new ExactNumbers("maximum", Kind.MAXIMUM),
                new ExactNumbers("exclusiveMinimum", Kind.EXCLUSIVE_MINIMUM),
                new ExactNumbers("exclusiveMaximum", Kind.EXCLUSIVE_MAXIMUM),
                new ExactNumbers("multipleOf", Kind.MULTIPLE_OF));
    }

    @Override
    public String getValue() {
        return name;
    }

    @Override
    public KeywordValidator newValidator(SchemaLocation location, JsonNode schemaNode, Schema parent, SchemaContext context) {
        return new Validator(this, schemaNode, location, parent, context);
    }

    /** The exact value of a JSON number node; null for anything else or a non-finite double. */
    static BigDecimal exact(JsonNode node) {
        if (node == null || !node.isNumber()) {
            return null;
        }
        if (node.isBigDecimal()) {
            return node.decimalValue();
        }
        if (node.isBigInteger()) {
            return new BigDecimal(node.bigIntegerValue());
        }
        if (node.isIntegralNumber()) {
            return BigDecimal.valueOf(node.longValue());
        }
        double d = node.doubleValue();
        return Double.isFinite(d) ? new BigDecimal(Double.toString(d)) : null; // the literal's shortest decimal
    }

    private static final class Validator extends BaseKeywordValidator {
        private final Kind kind;
        private final BigDecimal bound;
        private final String shown;

        Validator(ExactNumbers keyword, JsonNode schemaNode, SchemaLocation location, Schema parent, SchemaContext context) {
            super(keyword, schemaNode, location, parent, context);
            this.kind = keyword.kind;
            BigDecimal b = exact(schemaNode);
            // a boolean exclusiveMinimum/Maximum (draft 4) is folded into minimum/maximum by SchemaNormalizer
            this.bound = b != null && kind == Kind.MULTIPLE_OF && b.signum() <= 0 ? null : b;
            this.shown = b == null ? "" : b.stripTrailingZeros().toPlainString();
        }

        @Override
        public void validate(ExecutionContext executionContext, JsonNode node, JsonNode rootNode, NodePath instanceLocation) {
            if (bound == null) {
                return;
            }
            BigDecimal value = exact(node);
            if (value == null) {
                return; // not a number: the type keyword reports it
            }
            boolean ok = switch (kind) {
                case MINIMUM -> value.compareTo(bound) >= 0;
                case MAXIMUM -> value.compareTo(bound) <= 0;
                case EXCLUSIVE_MINIMUM -> value.compareTo(bound) > 0;
                case EXCLUSIVE_MAXIMUM -> value.compareTo(bound) < 0;
                case MULTIPLE_OF -> value.remainder(bound).signum() == 0;
            };
            if (!ok) {
                executionContext.addError(error().instanceNode(node).instanceLocation(instanceLocation)
                        .evaluationPath(executionContext.getEvaluationPath())
                        .locale(executionContext.getExecutionConfig().getLocale())
                        .arguments(shown).build());
            }
        }
    }
}
