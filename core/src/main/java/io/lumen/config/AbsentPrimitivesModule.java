package io.lumen.config;

import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.deser.std.NumberDeserializers;
import com.fasterxml.jackson.databind.module.SimpleModule;

/**
 * FAIL_ON_NULL_FOR_PRIMITIVES must reject {@code httpPort: ~}, but an ABSENT key has to reach a record's compact
 * constructor as 0/false so it can apply its default (a missing file binds an empty map). Jackson treats both the
 * same, so primitive deserializers get an absent value of their own here; explicit nulls still fail.
 */
final class AbsentPrimitivesModule extends SimpleModule {
    private static final long serialVersionUID = 1L;

    AbsentPrimitivesModule() {
        super("LumenAbsentPrimitives");
        add(int.class, 0);
        add(long.class, 0L);
        add(short.class, (short) 0);
        add(byte.class, (byte) 0);
        add(double.class, 0d);
        add(float.class, 0f);
        add(boolean.class, false);
        add(char.class, '\0');
    }

    @SuppressWarnings("unchecked")
    private <T> void add(Class<T> type, T absent) {
        JsonDeserializer<?> std = NumberDeserializers.find(type, type.getName());
        addDeserializer(type, (JsonDeserializer<T>) (JsonDeserializer<?>) new AbsentAsDefault(std, absent));
    }

    private static final class AbsentAsDefault extends DelegatingDeserializer {
        private static final long serialVersionUID = 1L;
        private final Object absent;

        AbsentAsDefault(JsonDeserializer<?> delegatee, Object absent) {
            super(delegatee);
            this.absent = absent;
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> newDelegatee) {
            return new AbsentAsDefault(newDelegatee, absent);
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            return absent;
        }
    }
}
