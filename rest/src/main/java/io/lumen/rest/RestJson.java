package io.lumen.rest;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.lumen.server.ServiceContext;

/**
 * The JSON mapper of generated services: records, {@code java.time} values as ISO-8601 strings with
 * their offsets kept, unknown properties ignored when binding (the validator already decided what
 * the spec allows). One per service; thread-safe once built.
 */
public final class RestJson {
    private final ObjectMapper mapper = newMapper();

    /** The service's mapper, shared by every generated handler. */
    public static ObjectMapper mapper(ServiceContext context) {
        return context.shared(RestJson.class, RestJson::new).mapper;
    }

    /** A new mapper configured as the service's; for tests and tools. */
    public static ObjectMapper newMapper() {
        return JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
    }
}
