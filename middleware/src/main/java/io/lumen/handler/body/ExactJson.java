package io.lumen.handler.body;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ValueNode;

import java.math.BigDecimal;

/**
 * The JSON reader for request (and validated response) bodies: a decimal number is kept exact as a
 * {@link BigDecimal} instead of being rounded to a {@code double} ({@code 0.0100000000000000000001}
 * stays itself, {@code 1e400} is a number rather than infinity), so the validator compares exact
 * values. A number may have at most {@link #MAX_DIGITS} digits before or after the point, also when
 * an exponent writes it short ({@code 1e999999999}): arithmetic on it stays cheap. Text after the
 * value is an error, and so is a key given twice in one object (RFC 7493 2.3): which of the two
 * values counts differs between parsers, so the value the validator checked could be another than
 * the one a service behind the proxy reads. Thread-safe.
 */
public final class ExactJson {
    /** The most digits of a number's integer part, and of its fraction; Jackson's limit for a number's text. */
    public static final int MAX_DIGITS = 1000;

    /** The shared reader. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(new BoundedNumbers())
            .build();

    private ExactJson() {
    }

    /** A number the reader refuses: more digits than {@link #MAX_DIGITS}. */
    public static final class NumberTooLargeException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        NumberTooLargeException() {
            super("a number has more than " + MAX_DIGITS + " digits before or after the decimal point");
        }
    }

    private static final class BoundedNumbers extends JsonNodeFactory {
        private static final long serialVersionUID = 1L;

        BoundedNumbers() {
            super(true); // keep BigDecimals as they were written (1.10 stays 1.10)
        }

        @Override
        public ValueNode numberNode(BigDecimal v) {
            if (v != null && (v.precision() - v.scale() > MAX_DIGITS || v.scale() > MAX_DIGITS)) {
                throw new NumberTooLargeException();
            }
            return super.numberNode(v);
        }
    }
}
