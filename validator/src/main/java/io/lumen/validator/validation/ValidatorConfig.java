package io.lumen.validator.validation;

import io.lumen.config.ConfigLoader;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.validator.errors.ErrorFormatSettings;

import java.util.List;
import java.util.Locale;

/**
 * {@code openapi-validator.yml} (or a Swagger 2.0 light-rest-4j folder's {@code swagger-validator.yml}). Every key is optional.
 *
 * @param enabled             link the middleware into chains (true)
 * @param logError            log each rejected request's errors at INFO (true)
 * @param skipBodyValidation  do not validate request bodies against their schema (false); required
 *                            bodies and media types are still checked
 * @param validateResponse    {@code false} (default), {@code log} (log responses that break the spec)
 *                            or {@code enforce} (replace them with 500 ERR19009); for tests and staging
 * @param handleNullableField honour OpenAPI 3.0 {@code nullable: true} (true); when false a null is
 *                            only valid where the type allows it
 * @param skipPathPrefixes    requests under these prefixes are not validated ([])
 * @param readOnlyProperties  {@code ignore} (default): a readOnly property in a request is accepted,
 *                            whatever its value (OpenAPI: it SHOULD NOT be sent); {@code refuse}: 400
 *                            {@code readOnly property 'id' must not be sent}
 * @param coerceJsonBody      convert JSON strings to the number or boolean their schema asks for
 *                            ({@code "id": "1"} as {@code 1}) before validating a body (false)
 * @param errorFormat         Lumen's rejections in the error format the spec declares
 */
public record ValidatorConfig(Boolean enabled, Boolean logError, Boolean skipBodyValidation, String validateResponse,
                              Boolean handleNullableField, List<String> skipPathPrefixes, String readOnlyProperties,
                              Boolean coerceJsonBody, ErrorFormatSettings errorFormat) {

    /** light-rest-4j's file for this middleware, and its Swagger 2.0 line's (same keys). */
    private static final List<String> FILES = List.of("openapi-validator", "swagger-validator");

    /**
     * The middleware's settings: openapi-validator.yml, else swagger-validator.yml (a light-rest-4j
     * Swagger 2.0 folder's), else the defaults.
     */
    public static ValidatorConfig load(ConfigLoader loader) {
        String file = FILES.stream().filter(f -> loader.find(f).isPresent()).findFirst().orElse(FILES.get(0));
        return loader.load(file, ValidatorConfig.class);
    }

    /** What {@code validateResponse} asks for. */
    public enum ResponseMode { OFF, LOG, ENFORCE }

    public ValidatorConfig {
        enabled = enabled == null || enabled;
        logError = logError == null || logError;
        skipBodyValidation = skipBodyValidation != null && skipBodyValidation;
        validateResponse = validateResponse == null ? "false" : validateResponse.trim().toLowerCase(Locale.ROOT);
        if (!List.of("false", "log", "enforce", "true").contains(validateResponse)) {
            throw new IllegalArgumentException("validateResponse must be false, log or enforce, got '" + validateResponse + "'");
        }
        handleNullableField = handleNullableField == null || handleNullableField;
        skipPathPrefixes = skipPathPrefixes == null ? List.of() : List.copyOf(skipPathPrefixes);
        skipPathPrefixes.forEach(p -> PathPrefixes.check("skipPathPrefixes", p));
        readOnlyProperties = readOnlyProperties == null ? "ignore" : readOnlyProperties.trim().toLowerCase(Locale.ROOT);
        if (!List.of("ignore", "refuse").contains(readOnlyProperties)) {
            throw new IllegalArgumentException("readOnlyProperties must be ignore or refuse, got '" + readOnlyProperties + "'");
        }
        coerceJsonBody = coerceJsonBody != null && coerceJsonBody;
        errorFormat = errorFormat == null ? new ErrorFormatSettings(null, null, null) : errorFormat;
    }

    public boolean refusesReadOnly() {
        return readOnlyProperties.equals("refuse");
    }

    public ResponseMode responseMode() {
        return switch (validateResponse) {
            case "log", "true" -> ResponseMode.LOG;
            case "enforce" -> ResponseMode.ENFORCE;
            default -> ResponseMode.OFF;
        };
    }
}
