package io.lumen.codegen.lint;

import io.lumen.codegen.diagnostics.Diagnostics;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusCatalogue;
import io.lumen.validator.errors.ErrorFormatSettings;
import io.lumen.validator.errors.SpecErrorFormats;
import io.lumen.validator.validation.SchemaCheck;

/**
 * Warns about every declared error response (400, 4XX, default, ...) that Lumen's own rejections
 * cannot answer in: the service will answer Lumen's error JSON there, and a client or fuzzer holding
 * the spec sees a response that breaks it. The decision is the running service's own
 * ({@link SpecErrorFormats}, with no mapper: the generated {@code SpecErrorMapper} starts empty), so
 * generation and startup never disagree.
 */
public final class ErrorFormatFallbacks {
    static final String KIND = "declared error response Lumen's rejections cannot fill (they answer Lumen's error JSON)";

    private ErrorFormatFallbacks() {
    }

    public static void check(OpenApiSpec spec, Diagnostics diagnostics) {
        SpecErrorFormats formats = SpecErrorFormats.of(spec, new ErrorFormatSettings(null, null, null), new SchemaCheck(spec),
                new ErrorResponder(StatusCatalogue.defaults()));
        for (SpecErrorFormats.Fallback f : formats.fallbacks()) {
            diagnostics.warn(KIND, f.operation().responses().get(f.status()).pointer(), f.status()
                    + ": Lumen's own rejections answer Lumen's error JSON here: " + f.reason()
                    + "; or have errors/SpecErrorMapper.java build this body");
        }
    }
}
