package io.lumen.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TreeTraversingParser;
import com.fasterxml.jackson.databind.type.CollectionLikeType;
import com.fasterxml.jackson.databind.type.CollectionType;
import com.fasterxml.jackson.databind.type.MapType;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * light-4j lets values.yml and environment variables give lists and maps as strings ({@code "a, b"},
 * {@code "[a, b]"}, {@code "{k: [v]}"}). This module teaches every collection and map deserializer to accept them.
 */
final class LenientContainersModule extends SimpleModule {
    private static final long serialVersionUID = 1L;

    LenientContainersModule() {
        super("LumenLenientContainers");
        setDeserializerModifier(new BeanDeserializerModifier() {
            private static final long serialVersionUID = 1L;

            @Override
            public JsonDeserializer<?> modifyCollectionDeserializer(DeserializationConfig config, CollectionType type,
                    BeanDescription beanDesc, JsonDeserializer<?> deserializer) {
                return new FromString(deserializer, true);
            }

            @Override
            public JsonDeserializer<?> modifyCollectionLikeDeserializer(DeserializationConfig config,
                    CollectionLikeType type, BeanDescription beanDesc, JsonDeserializer<?> deserializer) {
                return new FromString(deserializer, true);
            }

            @Override
            public JsonDeserializer<?> modifyMapDeserializer(DeserializationConfig config, MapType type,
                    BeanDescription beanDesc, JsonDeserializer<?> deserializer) {
                return new FromString(deserializer, false);
            }
        });
    }

    /** Wraps the real deserializer; only a string token takes the detour through a parsed tree. */
    private static final class FromString extends DelegatingDeserializer {
        private static final long serialVersionUID = 1L;
        private final boolean collection;

        FromString(JsonDeserializer<?> delegatee, boolean collection) {
            super(delegatee);
            this.collection = collection;
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> newDelegatee) {
            return new FromString(newDelegatee, collection);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                return _delegatee.deserialize(p, ctxt);
            }
            String text = p.getText();
            Object parsed;
            try {
                parsed = collection ? TextContainers.list(text) : TextContainers.map(text);
            } catch (YAMLException e) {
                throw ctxt.weirdStringException(text.trim(), handledType(), "not valid JSON/YAML flow syntax");
            }
            if (parsed == null) {
                return _delegatee.deserialize(p, ctxt); // a plain string is not a map: let Jackson report it
            }
            try (JsonParser sub = new TreeTraversingParser(toNode(parsed), p.getCodec())) {
                sub.nextToken();
                return _delegatee.deserialize(sub, ctxt);
            }
        }

        /** TextContainers' plain values as a tree. */
        private static JsonNode toNode(Object value) {
            JsonNodeFactory f = JsonNodeFactory.instance;
            if (value instanceof Map<?, ?> map) {
                ObjectNode obj = f.objectNode();
                map.forEach((k, v) -> obj.set(String.valueOf(k), toNode(v)));
                return obj;
            }
            if (value instanceof List<?> list) {
                ArrayNode arr = f.arrayNode();
                list.forEach(v -> arr.add(toNode(v)));
                return arr;
            }
            if (value == null) {
                return f.nullNode();
            }
            if (value instanceof Boolean b) {
                return f.booleanNode(b);
            }
            if (value instanceof Integer i) {
                return f.numberNode(i);
            }
            if (value instanceof Long l) {
                return f.numberNode(l);
            }
            if (value instanceof Double d) {
                return f.numberNode(d);
            }
            return f.textNode(String.valueOf(value));
        }
    }
}
