package io.lumen.validator.errors;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.status.ErrorContent;
import io.lumen.status.ErrorFormat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One declared error response (media type and schema) as an {@link ErrorFormat}: the user's
 * {@link ErrorMapper} first when there is one, else Lumen's {@link ErrorBodyPlan}. Thread-safe.
 */
final class DeclaredFormat implements ErrorFormat {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final DeclaredError declared;
    private final ErrorBodyPlan plan; // null: only the mapper can fill this schema
    private final ErrorMapper mapper; // null: none configured

    DeclaredFormat(DeclaredError declared, ErrorBodyPlan plan, ErrorMapper mapper) {
        this.declared = declared;
        this.plan = plan;
        this.mapper = mapper;
    }

    /** The same format as seen for another operation (what an {@link ErrorMapper} is told). */
    DeclaredFormat forOperation(DeclaredError other) {
        return new DeclaredFormat(other, plan, mapper);
    }

    DeclaredError declared() {
        return declared;
    }

    @Override
    public String mediaType() {
        return declared.mediaType();
    }

    @Override
    public byte[] body(ErrorContent error) {
        try {
            if (mapper != null) {
                Object mapped = mapper.map(declared, error);
                if (mapped != null) {
                    return JSON.writeValueAsBytes(mapped);
                }
            }
            if (plan == null) {
                return null;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(256);
            try (JsonGenerator g = JSON.getFactory().createGenerator(out)) {
                plan.write(g, error);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
