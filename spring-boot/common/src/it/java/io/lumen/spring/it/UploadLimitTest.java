package io.lumen.spring.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An upload over Spring's multipart limits ({@code spring.servlet.multipart.max-request-size},
 * {@code max-file-size}) is the application's to answer, as on Tomcat: its own
 * {@code @ExceptionHandler(MaxUploadSizeExceededException.class)} where it has one, Spring's Problem
 * Details 413 where it enables them, never Lumen's 413; with and without a Content-Length, on a path
 * Lumen does not route and behind a chain ending in {@code spring}. An upload within them reaches the
 * controller.
 */
class UploadLimitTest {
    private static final String BOUNDARY = "lumen-upload-boundary";
    static final String CONTENT_TYPE = "multipart/form-data; boundary=" + BOUNDARY;
    static final String[] LIMITS = {
            "spring.servlet.multipart.max-file-size=64KB", "spring.servlet.multipart.max-request-size=96KB"};

    @Test
    void uploadsOverSpringsMultipartLimitsGetTheApplicationsOwnAnswer() throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-it"),
                LIMITS[0], LIMITS[1], "test.upload-advice=true")) {
            for (String path : new String[] {"/spring/upload", "/mw/upload"}) {
                for (boolean chunked : new boolean[] {false, true}) {
                    String what = path + (chunked ? " chunked" : " with Content-Length");
                    HttpResponse<String> small = upload(app, path, 1_000, chunked);
                    assertEquals(200, small.statusCode(), what + ": " + small.body());
                    assertEquals("stored upload.bin 1000", small.body(), what);

                    HttpResponse<String> overRequest = upload(app, path, 200_000, chunked);
                    assertEquals(413, overRequest.statusCode(), what + ": " + overRequest.body());
                    assertEquals(UploadTooLargeAdvice.ANSWER, overRequest.body(), what);

                    HttpResponse<String> overFile = upload(app, path, 80_000, chunked); // over the file limit only
                    assertEquals(413, overFile.statusCode(), what + ": " + overFile.body());
                    assertEquals(UploadTooLargeAdvice.ANSWER, overFile.body(), what);
                }
            }
        }
    }

    @Test
    void withProblemDetailsSpringAnswersItsOwn413() throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-it"), LIMITS[0], LIMITS[1],
                "spring.mvc.problemdetails.enabled=true")) {
            for (boolean chunked : new boolean[] {false, true}) {
                HttpResponse<String> over = upload(app, "/mw/upload", 200_000, chunked);
                assertEquals(413, over.statusCode(), over.body());
                String type = over.headers().firstValue("Content-Type").orElse("");
                assertTrue(type.startsWith("application/problem+json"), type);
                JsonNode problem = AppTestBase.JSON.readTree(over.body()); // Spring's Problem Details, not Lumen's
                assertEquals(413, problem.path("status").asInt(), over.body());
                assertEquals("/mw/upload", problem.path("instance").asText(), over.body());
            }
        }
    }

    @Test
    void withoutAHandlerSpringsOwn413IsAnsweredNotAReset() throws Exception {
        // Spring answers sendError(413); its error dispatch must render Boot's error page, not parse the upload again
        try (ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-it"), LIMITS[0], LIMITS[1])) {
            for (String path : new String[] {"/spring/upload", "/mw/upload"}) {
                for (boolean chunked : new boolean[] {false, true}) {
                    HttpResponse<String> over = upload(app, path, 200_000, chunked);
                    assertEquals(413, over.statusCode(), path + ": " + over.body());
                    JsonNode error = AppTestBase.JSON.readTree(over.body()); // Boot's error JSON, not Lumen's
                    assertEquals(413, error.path("status").asInt(), over.body());
                    assertEquals(path, error.path("path").asText(), over.body());
                    assertTrue(error.path("code").isMissingNode(), over.body());
                }
            }
        }
    }

    private static HttpResponse<String> upload(ConfigurableApplicationContext app, String path, int size,
                                               boolean chunked) throws Exception {
        return Http.post(Apps.uri(app, path), multipart(size, chunked), "Content-Type", CONTENT_TYPE);
    }

    /** A multipart body with one file {@code upload.bin} of {@code size} bytes {@code x}; chunked: without a length. */
    static HttpRequest.BodyPublisher multipart(int size, boolean chunked) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"upload.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        byte[] content = new byte[size];
        Arrays.fill(content, (byte) 'x');
        body.writeBytes(content);
        body.writeBytes(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        byte[] bytes = body.toByteArray();
        return chunked
                ? HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes)) // no length: chunked
                : HttpRequest.BodyPublishers.ofByteArray(bytes);
    }
}
