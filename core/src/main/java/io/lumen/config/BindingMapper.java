package io.lumen.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;

/**
 * The Jackson mapper of config binding ({@link ConfigLoader#mapper()}): strict about unknown keys, nulls for
 * primitives and decimals for integers; lenient about lists and maps written as text. What it binds without
 * surprises, {@link RecordBinder} binds without it.
 */
final class BindingMapper {
    private BindingMapper() {}

    static ObjectMapper create() {
        JsonMapper m = JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .addModule(new LenientContainersModule())
                .addModule(new AbsentPrimitivesModule())
                .build();
        // 2.5 must not silently become 2; "8080" -> 8080 stays allowed (strings from env and values.yml).
        m.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        return m;
    }
}
