package io.lumen.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;

/** The Jackson mapper {@link ConfigLoader#mapper()} shares with code that reads and writes JSON. */
final class JsonMappers {
    private JsonMappers() {}

    /** Strict about unknown keys, nulls for primitives and decimals for integers ("8080" stays an allowed integer). */
    static ObjectMapper strict() {
        JsonMapper m = JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .build();
        m.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        return m;
    }
}
