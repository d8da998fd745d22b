package io.lumen.handler.body;

import io.lumen.status.ErrorResponder;
import io.undertow.connector.ByteBufferPool;
import io.undertow.server.DefaultByteBufferPool;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import io.undertow.util.MultipartParser;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a buffered {@code multipart/form-data} body into {@link FormPart}s with Undertow's own
 * multipart parser ({@link MultipartParser}, the one its form parsers use), so boundaries, headers and
 * transfer encodings are read the way Undertow reads them. The body's size is already bounded by
 * {@code maxBodySize}; the number of parts by {@code maxParts}. Problems are 400 ERR10015.
 */
final class MultipartParts {
    private static final String MEDIA = "multipart/form-data";
    /** Only used to decode base64 and quoted-printable parts. */
    private static final ByteBufferPool POOL = new DefaultByteBufferPool(false, 1024, 16, 0);

    private final ErrorResponder errors;
    private final int maxParts;

    MultipartParts(ErrorResponder errors, int maxParts) {
        this.errors = errors;
        this.maxParts = maxParts;
    }

    List<FormPart> parse(String contentType, byte[] raw) {
        String boundary = Headers.extractQuotedValueFromHeader(contentType, "boundary");
        if (boundary == null || boundary.isEmpty()) {
            throw errors.exception(BodyParser.UNPARSABLE, MEDIA, "the Content-Type has no boundary parameter");
        }
        Collector parts = new Collector();
        MultipartParser.ParseState state = MultipartParser.beginParse(POOL, parts, boundary.getBytes(StandardCharsets.US_ASCII),
                StandardCharsets.UTF_8.name());
        try {
            state.parse(ByteBuffer.wrap(raw));
        } catch (IOException | RuntimeException e) {
            throw errors.exception(BodyParser.UNPARSABLE, MEDIA, e.getMessage() == null ? "malformed parts" : e.getMessage());
        }
        if (parts.tooMany) {
            throw errors.exception(BodyParser.UNPARSABLE, MEDIA, "more than " + maxParts + " parts (body.yml maxParts)");
        }
        if (!state.isComplete()) {
            throw errors.exception(BodyParser.UNPARSABLE, MEDIA, "the body ends before the closing boundary --" + boundary + "--");
        }
        if (parts.unnamed) {
            throw errors.exception(BodyParser.UNPARSABLE, MEDIA, "a part has no Content-Disposition: form-data; name=\"...\"");
        }
        return List.copyOf(parts.parts);
    }

    /** Receives Undertow's parser events; keeps at most {@code maxParts} parts. */
    private final class Collector implements MultipartParser.PartHandler {
        private final List<FormPart> parts = new ArrayList<>();
        private final ByteArrayOutputStream data = new ByteArrayOutputStream();
        private HeaderMap headers;
        private boolean tooMany;
        private boolean unnamed;

        @Override
        public void beginPart(HeaderMap partHeaders) {
            headers = partHeaders;
            data.reset();
        }

        @Override
        public void data(ByteBuffer buffer) {
            if (!tooMany) {
                byte[] chunk = new byte[buffer.remaining()];
                buffer.get(chunk);
                data.write(chunk, 0, chunk.length);
            }
        }

        @Override
        public void endPart() {
            if (parts.size() == maxParts) {
                tooMany = true;
                return;
            }
            String disposition = headers.getFirst(Headers.CONTENT_DISPOSITION);
            String name = disposition == null ? null : Headers.extractQuotedValueFromHeader(disposition, "name");
            if (name == null) {
                unnamed = true;
                return;
            }
            String filename = Headers.extractQuotedValueFromHeaderWithEncoding(disposition, "filename");
            parts.add(new FormPart(name, filename, headers.getFirst(Headers.CONTENT_TYPE), data.toByteArray()));
        }
    }
}
