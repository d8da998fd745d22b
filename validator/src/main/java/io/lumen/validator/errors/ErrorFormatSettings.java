package io.lumen.validator.errors;

import java.util.Map;

/**
 * {@code openapi-validator.yml errorFormat}: how Lumen's rejections follow the spec's declared error
 * responses. Every key is optional.
 *
 * @param enabled    answer in the declared format where Lumen can (true); false: always Lumen's error JSON
 * @param properties a property of the declared error schema (dotted for nested objects, e.g.
 *                   {@code error.type}) -> what fills it: {@code statusCode}, {@code code},
 *                   {@code message}, {@code description}, {@code severity}, {@code errors},
 *                   {@code path}, {@code title} (the HTTP reason phrase), {@code timestamp}, or
 *                   {@code =text} for a fixed text; wins over Lumen's automatic choice ({})
 * @param mapper     the class name of an {@link ErrorMapper} (public, no-argument constructor)
 *                   asked first for every declared format (none)
 */
public record ErrorFormatSettings(Boolean enabled, Map<String, String> properties, String mapper) {
    public ErrorFormatSettings {
        enabled = enabled == null || enabled;
        properties = properties == null ? Map.of() : Map.copyOf(properties);
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (!e.getValue().startsWith("=") && ErrorBodyPlan.Source.named(e.getValue()) == null) {
                throw new IllegalArgumentException("errorFormat.properties." + e.getKey() + ": '" + e.getValue()
                        + "' is not one of " + ErrorBodyPlan.Source.names() + " nor =text");
            }
        }
        mapper = mapper == null || mapper.isBlank() ? null : mapper.trim();
    }
}
