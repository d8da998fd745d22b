package io.lumen.handler.body;

import com.fasterxml.jackson.databind.JsonNode;
import io.undertow.util.AttachmentKey;

import java.util.List;
import java.util.Map;

/**
 * A request body read by the {@code body} middleware, attached under {@link #ATTACHMENT_KEY}.
 * Exactly one of {@code json}, {@code form}, {@code parts} and {@code text} is set for JSON, form,
 * {@code multipart/form-data} and text media types; all four are {@code null} for other configured types. Requests with an empty body get no
 * attachment. The same bytes stay readable from the request channel for later handlers (a proxy).
 *
 * @param raw         the body bytes as received; do not modify
 * @param contentType the media type in lower case, without parameters, e.g. {@code application/json}
 * @param json        the parsed JSON tree
 * @param form        URL-decoded (UTF-8) form fields, each with its values in order
 * @param text        the body decoded with the request's charset (UTF-8 when none is given)
 * @param parts       the parts of a {@code multipart/form-data} body, in order
 */
public record ParsedBody(byte[] raw, String contentType, JsonNode json, Map<String, List<String>> form, String text,
                         List<FormPart> parts) {
    /**
     * Where the {@code body} middleware attaches the parsed body (absent for empty bodies and media
     * types it does not read). It was {@code HandlerAttachments.BODY} before the handler module was split.
     */
    public static final AttachmentKey<ParsedBody> ATTACHMENT_KEY = AttachmentKey.create(ParsedBody.class);

    /** A body that is not multipart. */
    public ParsedBody(byte[] raw, String contentType, JsonNode json, Map<String, List<String>> form, String text) {
        this(raw, contentType, json, form, text, null);
    }
}
